// Frames of a video file at chosen instants, for the plate reader (main thread): the file decoded in a hidden, muted <video>
// (never added to the page), each instant sought and drawn on a canvas at the scanner's camera size, handed over as an
// ImageBitmap (transferable to the OCR worker).

/** The scanner reads 1280 x 720 camera frames: a larger video frame is scaled down to that width (the reader's tuning). */
export const FRAME_MAX_WIDTH = 1280;

export interface VideoFrames {
  /** Seconds; Infinity or NaN when the file does not say (some browser recordings). */
  duration: number;
  /** The frame at `seconds` (the last one past the end). */
  frameAt(seconds: number): Promise<ImageBitmap>;
  /** Frees the decoder and the file's object URL. */
  close(): void;
}

/** Resolves on `name`, rejects on the element's error or when `signal` aborts. */
function when(video: HTMLVideoElement, name: "loadeddata" | "seeked", signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = (fn: () => void) => () => {
      video.removeEventListener(name, ok);
      video.removeEventListener("error", failed);
      signal.removeEventListener("abort", aborted);
      fn();
    };
    const ok = done(resolve);
    const failed = done(() => reject(new Error("the video could not be decoded")));
    const aborted = done(() => reject(signal.reason));
    if (signal.aborted) return reject(signal.reason);
    video.addEventListener(name, ok);
    video.addEventListener("error", failed);
    signal.addEventListener("abort", aborted);
  });
}

export async function openVideoFrames(file: Blob, signal: AbortSignal): Promise<VideoFrames> {
  const video = document.createElement("video");
  video.muted = true;
  video.playsInline = true;
  video.preload = "auto";
  const url = URL.createObjectURL(file);
  const close = () => {
    video.removeAttribute("src");
    video.load();
    URL.revokeObjectURL(url);
  };
  video.src = url;
  try {
    await when(video, "loadeddata", signal);
  } catch (err) {
    close();
    throw err;
  }
  const canvas = document.createElement("canvas");
  const ctx = canvas.getContext("2d")!;
  return {
    duration: video.duration,
    async frameAt(seconds) {
      const sought = when(video, "seeked", signal);
      video.currentTime = seconds;
      await sought;
      const scale = Math.min(1, FRAME_MAX_WIDTH / Math.max(1, video.videoWidth));
      canvas.width = Math.max(1, Math.round(video.videoWidth * scale));
      canvas.height = Math.max(1, Math.round(video.videoHeight * scale));
      ctx.drawImage(video, 0, 0, canvas.width, canvas.height);
      return createImageBitmap(canvas);
    },
    close,
  };
}
