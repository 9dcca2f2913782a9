// Video recording with MediaRecorder as WebM (VP9 when available) at 1 Mbps (main thread).
import { RECORDING_BITS_PER_SECOND, RECORDING_MIME_TYPES } from "../../domain/capture";
import { MEDIA_MSG } from "../../config/messages/media.pt-BR";
import { CaptureError, stamp } from "./camera";

export interface Recording {
  readonly mimeType: string;
  /** Stops and returns the recorded file. */
  stop(): Promise<File>;
  /** Stops and throws the recording away. */
  cancel(): void;
}

export const recordingMimeType = () =>
  typeof MediaRecorder === "undefined" ? null : (RECORDING_MIME_TYPES.find((t) => MediaRecorder.isTypeSupported(t)) ?? null);

export function startRecording(stream: MediaStream, now = () => new Date()): Recording {
  const mimeType = recordingMimeType();
  if (!mimeType) throw new CaptureError(MEDIA_MSG.camera.noRecorder);
  const recorder = new MediaRecorder(stream, { mimeType, videoBitsPerSecond: RECORDING_BITS_PER_SECOND });
  const chunks: Blob[] = [];
  recorder.ondataavailable = (e) => {
    if (e.data.size > 0) chunks.push(e.data);
  };
  // Chunks every second: the recording builds up as Blobs (which Chromium can keep on disk) instead of one buffer at stop().
  recorder.start(1000);
  return {
    mimeType,
    stop: () =>
      new Promise<File>((resolve, reject) => {
        recorder.onstop = () => {
          const type = mimeType.split(";")[0]!;
          if (chunks.length === 0) reject(new CaptureError(MEDIA_MSG.camera.videoError));
          else resolve(new File(chunks, `video_${stamp(now())}.webm`, { type }));
        };
        recorder.onerror = () => reject(new CaptureError(MEDIA_MSG.camera.videoError));
        if (recorder.state === "inactive") recorder.onstop(new Event("stop"));
        else recorder.stop();
      }),
    cancel: () => {
      recorder.ondataavailable = null;
      if (recorder.state !== "inactive") recorder.stop();
    },
  };
}
