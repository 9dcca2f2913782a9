// Video recording with MediaRecorder as WebM (VP9 when available) at 1 Mbps, its duration written into the file (main thread).
import fixWebmDuration from "fix-webm-duration";
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

/**
 * Issue 50: MediaRecorder's WebM has no duration, so players showed 'Infinity', a dead seek bar and no frame to show.
 * fix-webm-duration writes it (ms) into the file's Segment Info; the file is otherwise unchanged, and one it cannot parse comes
 * back as it was. Done at the stop, before the file is saved and hashed, so the evidence is the file as played. It reads the
 * whole recording into memory once (bench/device.bench.ts "webm" measures it on the phone).
 */
export const withDuration = (webm: Blob, durationMs: number): Promise<Blob> =>
  fixWebmDuration(webm, durationMs, { logger: false }).catch(() => webm);

export function startRecording(stream: MediaStream, now = () => new Date()): Recording {
  const mimeType = recordingMimeType();
  if (!mimeType) throw new CaptureError(MEDIA_MSG.camera.noRecorder);
  const recorder = new MediaRecorder(stream, { mimeType, videoBitsPerSecond: RECORDING_BITS_PER_SECOND });
  const chunks: Blob[] = [];
  recorder.ondataavailable = (e) => {
    if (e.data.size > 0) chunks.push(e.data);
  };
  // The recording's length, measured from its first frame to its stop (MediaRecorder's WebM does not carry it).
  let startedAt = performance.now();
  recorder.onstart = () => (startedAt = performance.now());
  // Chunks every second: the recording builds up as Blobs (which Chromium can keep on disk) instead of one buffer at stop().
  recorder.start(1000);
  return {
    mimeType,
    stop: () =>
      new Promise<File>((resolve, reject) => {
        recorder.onstop = () => {
          const type = mimeType.split(";")[0]!;
          if (chunks.length === 0) return reject(new CaptureError(MEDIA_MSG.camera.videoError));
          const name = `video_${stamp(now())}.webm`;
          void withDuration(new Blob(chunks, { type }), performance.now() - startedAt).then((blob) =>
            resolve(new File([blob], name, { type })),
          );
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
