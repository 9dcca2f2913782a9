// Media picker: photo from the camera, video recorded on the camera, or files from the device; refuses when storage is low (main thread).
import { Icon, cameraIcon, folderOpenIcon, videoIcon } from "../ui/icon";
import { lazy, Suspense, useRef, useState } from "react";
import { MEDIA_MSG } from "../../config/messages/media.pt-BR";
import { kindOfType, toLocalMedia, type LocalMedia, type MediaKind } from "../../lib/capture/local-media";
import { storageProblem } from "../../lib/capture/storage-check";
import { MediaPreview } from "./media-preview";

// Loaded when the camera is asked for: screens that offer it draw their buttons without its code.
const CameraDialog = lazy(() => import("./camera-dialog").then((m) => ({ default: m.CameraDialog })));

interface MediaPickerProps {
  kinds: readonly MediaKind[];
  items: readonly LocalMedia[];
  onChange: (items: LocalMedia[]) => void;
  /** One item only: a new capture replaces the previous one. */
  single?: boolean;
  disabled?: boolean;
}

const ACCEPT: Record<MediaKind, string> = { photo: "image/*", video: "video/*" };

export function MediaPicker({ kinds, items, onChange, single = false, disabled = false }: MediaPickerProps) {
  const [camera, setCamera] = useState<MediaKind | null>(null);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const add = (files: File[]) => {
    const fresh = files.map(toLocalMedia);
    onChange(single ? fresh.slice(-1) : [...items, ...fresh]);
  };
  const openCamera = async (kind: MediaKind) => {
    setError(null);
    const problem = await storageProblem(kind);
    if (problem) setError(problem);
    else setCamera(kind);
  };
  const choose = async (list: FileList | null) => {
    setError(null);
    const files = [...(list ?? [])];
    if (input.current) input.current.value = "";
    if (files.length === 0) return;
    const wrong = files.find((f) => !kinds.includes(kindOfType(f.type) as MediaKind));
    // A video-only picker (initial and final videos) answers with the spec's own message.
    if (wrong)
      return setError(kinds.length === 1 && kinds[0] === "video" ? MEDIA_MSG.media.invalidVideo : MEDIA_MSG.media.invalidType(wrong.name));
    const problem = await storageProblem({ fileSize: files.reduce((n, f) => n + f.size, 0) });
    if (problem) return setError(problem);
    add(single ? files.slice(0, 1) : files);
  };

  return (
    <div className="media-picker">
      <div className="media-actions">
        {kinds.includes("photo") && (
          <button type="button" className="btn" disabled={disabled} onClick={() => void openCamera("photo")}>
            <Icon icon={cameraIcon} size={18} /> {MEDIA_MSG.media.takePhoto}
          </button>
        )}
        {kinds.includes("video") && (
          <button type="button" className="btn" disabled={disabled} onClick={() => void openCamera("video")}>
            <Icon icon={videoIcon} size={18} /> {MEDIA_MSG.media.recordVideo}
          </button>
        )}
        <label className={`btn${disabled ? " is-disabled" : ""}`}>
          <Icon icon={folderOpenIcon} size={18} /> {MEDIA_MSG.media.chooseFiles}
          <input
            ref={input}
            type="file"
            className="visually-hidden"
            disabled={disabled}
            multiple={!single}
            accept={kinds.map((k) => ACCEPT[k]).join(",")}
            onChange={(e) => void choose(e.currentTarget.files)}
          />
        </label>
      </div>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <MediaPreview items={items} disabled={disabled} onRemove={(id) => onChange(items.filter((i) => i.id !== id))} />
      {/* keyed by mode: another mode is another camera session, starting again from "opening" */}
      {camera && (
        <Suspense fallback={null}>
          <CameraDialog key={camera} mode={camera} onClose={() => setCamera(null)} onCapture={(file) => add([file])} />
        </Suspense>
      )}
    </div>
  );
}
