// Camera access with the spec's preference order, photo capture as JPEG and error messages for the user (main thread).
import { CAMERA_PREFERENCE, PHOTO_JPEG_QUALITY } from "../../domain/capture";
import { MEDIA_MSG } from "../../config/messages/media.pt-BR";

export class CaptureError extends Error {}

type Media = Pick<MediaDevices, "getUserMedia"> | undefined;

/** The user-facing reason a camera could not be opened. */
export function cameraErrorMessage(err: unknown): string {
  if (err instanceof CaptureError) return err.message;
  const name = err instanceof DOMException || err instanceof Error ? err.name : "";
  if (name === "NotAllowedError" || name === "SecurityError") return MEDIA_MSG.camera.denied;
  return MEDIA_MSG.camera.unavailable;
}

/**
 * Opens the camera: rear 1280x720, then rear at any size, then any camera. Permission refusals stop at once (asking
 * again with other constraints would not help); with audio wanted, a microphone problem retries the chain without it.
 */
export async function openCamera(withAudio: boolean, media: Media = navigator.mediaDevices): Promise<MediaStream> {
  if (!media?.getUserMedia) throw new CaptureError(MEDIA_MSG.camera.unsupported);
  let last: unknown;
  for (const audio of withAudio ? [true, false] : [false]) {
    for (const video of CAMERA_PREFERENCE) {
      try {
        return await media.getUserMedia({ video: Object.keys(video).length ? video : true, audio });
      } catch (err) {
        last = err;
        if ((err as DOMException)?.name === "NotAllowedError") {
          // With the microphone asked for, the refusal may be the microphone's: try again without it; otherwise it is final.
          if (audio) break;
          throw err;
        }
      }
    }
  }
  throw last;
}

export const stopStream = (stream: MediaStream | null | undefined) => stream?.getTracks().forEach((t) => t.stop());

/** Waits until the preview shows frames; 'Timeout ao carregar vídeo' after `timeoutMs`, 'Erro no vídeo' on a media error. */
export function whenPlaying(video: HTMLVideoElement, timeoutMs: number): Promise<void> {
  if (video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA && video.videoWidth > 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const done = (err?: Error) => {
      clearTimeout(timer);
      video.removeEventListener("loadeddata", ok);
      video.removeEventListener("error", bad);
      if (err) reject(err);
      else resolve();
    };
    const ok = () => done();
    const bad = () => done(new CaptureError(MEDIA_MSG.camera.videoError));
    const timer = setTimeout(() => done(new CaptureError(MEDIA_MSG.camera.timeout)), timeoutMs);
    video.addEventListener("loadeddata", ok);
    video.addEventListener("error", bad);
  });
}

/** Takes the current preview frame at the camera's full resolution as a JPEG file (quality 0.9). */
export async function takePhoto(video: HTMLVideoElement, now = new Date()): Promise<File> {
  const canvas = document.createElement("canvas");
  canvas.width = video.videoWidth;
  canvas.height = video.videoHeight;
  canvas.getContext("2d")!.drawImage(video, 0, 0);
  const blob = await new Promise<Blob | null>((r) => canvas.toBlob(r, "image/jpeg", PHOTO_JPEG_QUALITY));
  if (!blob) throw new CaptureError(MEDIA_MSG.camera.unavailable);
  return new File([blob], `foto_${stamp(now)}.jpg`, { type: "image/jpeg", lastModified: now.getTime() });
}

export const stamp = (d: Date) => d.toISOString().replace(/\D/g, "").slice(0, 14);
