// The device bench's camera media (browser): a phone camera app's 720p video, the initial video as the app's own recorder films
// a plate, and a phone's photo. The video is tests/support/media-fixtures.ts makeClip's moving shapes with a sensor's grain,
// encoded as MP4/AVC at a phone camera's 720p bitrate (12 Mbps) through mediabunny: makeClip asks 8 Mbps but its flat shapes
// come out near 3 Mbps (a 30-s clip of 11 MB, under the app's first 25 MB tier: the app would send it untouched); the grain
// makes the encoder spend its budget, as a real camera's noise does, so a 30-s clip lands in the tier a phone's does.
import { makeClip } from "../../tests/support/media-fixtures";
import { startRecording } from "../../src/lib/capture/recorder";
import { PHOTO_JPEG_QUALITY } from "../../src/domain/capture";
import { renderPlateScene } from "./plate-render";
import { FILMED_PLATE } from "./device-types";

/** A phone camera app's 720p H.264 bitrate (Android's 720p camcorder profile: about 12 Mbps). */
export const CAMERA_BITRATE = 12_000_000;

/** A square of random grey grain, drawn over each frame at a random offset (also the "webm" operation's recordings). */
export function grainTile(size: number, seed: number): OffscreenCanvas {
  const tile = new OffscreenCanvas(size, size);
  const ctx = tile.getContext("2d")!;
  const img = ctx.createImageData(size, size);
  let x = seed >>> 0 || 1;
  for (let i = 0; i < img.data.length; i += 4) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    const v = (x >>> 0) & 0xff;
    img.data[i] = img.data[i + 1] = img.data[i + 2] = v;
    img.data[i + 3] = 255;
  }
  ctx.putImageData(img, 0, 0);
  return tile;
}

export function cameraClip(width: number, height: number, seconds: number, bitrate = CAMERA_BITRATE): Promise<Blob> {
  // Several tiles picked at random per block: no one motion vector predicts the grain of the next frame.
  const grain = Array.from({ length: 8 }, (_, k) => grainTile(256, 2463534242 + k * 7919));
  return makeClip(width, height, seconds, { bitrate, grain });
}

/** `seconds` of a plate scene recorded by the app's recorder (MediaRecorder, WebM, 1 Mbps), the camera held by hand. */
export async function filmPlate(seconds: number): Promise<File> {
  const width = 1280,
    height = 720;
  const { canvas: scene } = renderPlateScene({
    plate: FILMED_PLATE,
    sceneWidth: width,
    sceneHeight: height,
    plateWidth: Math.round(width * 0.3),
  });
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext("2d")!;
  ctx.drawImage(scene, 0, 0);
  const stream = canvas.captureStream(30);
  const recording = startRecording(stream);
  const until = performance.now() + seconds * 1000;
  for (let i = 0; performance.now() < until; i++) {
    ctx.drawImage(scene, (i % 3) - 1, ((i >> 1) % 3) - 1);
    await new Promise((r) => requestAnimationFrame(r));
  }
  const file = await recording.stop();
  stream.getTracks().forEach((t) => t.stop());
  return file;
}

/** A phone camera's 12 MP photo of a car's rear (JPEG at the app's camera quality). */
export async function photoOf(plate: string, seed: number): Promise<File> {
  const { canvas } = renderPlateScene({ plate, seed, sceneWidth: 4000, sceneHeight: 3000, plateWidth: 1100, noise: 6, rotateDeg: 2 });
  const blob = await canvas.convertToBlob({ type: "image/jpeg", quality: PHOTO_JPEG_QUALITY });
  return new File([blob], `IMG_${seed}.jpg`, { type: "image/jpeg", lastModified: Date.UTC(2026, 10, 28, 13, seed) });
}
