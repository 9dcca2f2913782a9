// Camera dialog: live preview, photo capture or video recording, the spec's camera errors with a retry (main thread).
import { useCallback, useEffect, useRef, useState } from "react";
import { Modal } from "../ui/modal";
import { MEDIA_MSG } from "../../config/messages/media.pt-BR";
import { VIDEO_LOAD_TIMEOUT_MS } from "../../domain/capture";
import { cameraErrorMessage, openCamera, stopStream, takePhoto, whenPlaying } from "../../lib/capture/camera";
import { startRecording, type Recording } from "../../lib/capture/recorder";

interface CameraDialogProps {
  mode: "photo" | "video";
  onCapture: (file: File) => void;
  onClose: () => void;
}

type Phase = { name: "opening" } | { name: "ready" } | { name: "recording"; since: number } | { name: "error"; message: string };

export function CameraDialog({ mode, onCapture, onClose }: CameraDialogProps) {
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const recording = useRef<Recording | null>(null);
  const [phase, setPhase] = useState<Phase>({ name: "opening" });
  const [attempt, setAttempt] = useState(0);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    let cancelled = false;
    (async () => {
      try {
        const s = await openCamera(mode === "video");
        if (cancelled) return stopStream(s);
        stream.current = s;
        const el = video.current!;
        el.srcObject = s;
        void el.play().catch(() => {});
        await whenPlaying(el, VIDEO_LOAD_TIMEOUT_MS);
        if (!cancelled) setPhase({ name: "ready" });
      } catch (err) {
        if (!cancelled) setPhase({ name: "error", message: cameraErrorMessage(err) });
      }
    })();
    return () => {
      cancelled = true;
      recording.current?.cancel();
      recording.current = null;
      stopStream(stream.current);
      stream.current = null;
    };
  }, [mode, attempt]);

  useEffect(() => {
    if (phase.name !== "recording") return;
    const t = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(t);
  }, [phase.name]);

  // The retry shows "opening" in the same render that restarts the camera effect (not from inside the effect).
  const retry = () => {
    setPhase({ name: "opening" });
    setAttempt((n) => n + 1);
  };
  const fail = (err: unknown) => setPhase({ name: "error", message: cameraErrorMessage(err) });
  const capture = useCallback(async () => {
    try {
      onCapture(await takePhoto(video.current!));
      onClose();
    } catch (err) {
      fail(err);
    }
  }, [onCapture, onClose]);
  const record = () => {
    try {
      recording.current = startRecording(stream.current!);
      setNow(Date.now());
      setPhase({ name: "recording", since: Date.now() });
    } catch (err) {
      fail(err);
    }
  };
  const stop = async () => {
    const r = recording.current;
    recording.current = null;
    try {
      if (r) onCapture(await r.stop());
      onClose();
    } catch (err) {
      fail(err);
    }
  };

  const title =
    phase.name === "error" ? MEDIA_MSG.camera.problem : mode === "photo" ? MEDIA_MSG.media.takePhoto : MEDIA_MSG.media.recordVideo;
  return (
    <Modal open title={title} onClose={onClose} preventClose={phase.name === "recording"}>
      <div className="camera-view">
        <video ref={video} muted playsInline autoPlay hidden={phase.name === "error"} aria-label="Imagem da câmera" />
        {phase.name === "opening" && (
          <p className="muted" role="status">
            {MEDIA_MSG.camera.opening}
          </p>
        )}
        {phase.name === "recording" && (
          <p className="recording-badge" role="status">
            {MEDIA_MSG.camera.recording(Math.max(0, Math.floor((now - phase.since) / 1000)))}
          </p>
        )}
        {phase.name === "error" && (
          <p className="form-error" role="alert">
            {phase.message}
          </p>
        )}
      </div>
      <div className="modal-actions">
        {phase.name === "error" && (
          <button type="button" className="btn btn-primary" onClick={retry}>
            {MEDIA_MSG.camera.retry}
          </button>
        )}
        {phase.name === "ready" && mode === "photo" && (
          <button type="button" className="btn btn-primary" onClick={() => void capture()}>
            {MEDIA_MSG.camera.capture}
          </button>
        )}
        {phase.name === "ready" && mode === "video" && (
          <button type="button" className="btn btn-primary" onClick={record}>
            {MEDIA_MSG.camera.record}
          </button>
        )}
        {phase.name === "recording" && (
          <button type="button" className="btn btn-primary" onClick={() => void stop()}>
            {MEDIA_MSG.camera.stop}
          </button>
        )}
        {phase.name !== "recording" && (
          <button type="button" className="btn" onClick={onClose}>
            {MEDIA_MSG.camera.cancel}
          </button>
        )}
      </div>
    </Modal>
  );
}
