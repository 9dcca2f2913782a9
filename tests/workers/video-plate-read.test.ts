// The plate in a recorded video, the attendant's path (issue 39), in real Chromium: a plate scene filmed into a WebM by
// MediaRecorder (as the app's camera records), its first seconds decoded by openVideoFrames and read by the OCR worker with
// the plate check's own rules (useVideoPlateCheck's reader): the plate is read from the video, the order's or another's.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openVideoFrames } from "../../src/lib/capture/video-frames";
import { readPlateFrame, stopOcr, warmOcr } from "../../src/lib/workers/ocr-bridge";
import { createVideoPlateReader, plateInstants, VIDEO_PLATE_FRAMES } from "../../src/domain/video-plate";
import { renderPlateScene } from "../../bench/browser/plate-render";

beforeAll(async () => {
  await warmOcr();
}, 60_000);
afterAll(() => stopOcr());

/** `seconds` of a still plate scene recorded as the camera dialog records (MediaRecorder, WebM). */
async function filmPlate(plate: string, seconds: number, width = 1280, height = 720): Promise<Blob> {
  const { canvas: scene } = renderPlateScene({ plate, sceneWidth: width, sceneHeight: height, plateWidth: Math.round(width * 0.3) });
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext("2d")!;
  const stream = canvas.captureStream(30);
  const recorder = new MediaRecorder(stream, { mimeType: "video/webm" });
  const parts: Blob[] = [];
  recorder.ondataavailable = (e) => parts.push(e.data);
  const stopped = new Promise((r) => (recorder.onstop = r));
  recorder.start(250);
  const until = performance.now() + seconds * 1000;
  let i = 0;
  while (performance.now() < until) {
    // A hand-held camera: the scene moves by a pixel or two between frames.
    ctx.drawImage(scene, (i % 3) - 1, ((i >> 1) % 3) - 1);
    i++;
    await new Promise((r) => requestAnimationFrame(r));
  }
  recorder.stop();
  await stopped;
  return new Blob(parts, { type: "video/webm" });
}

async function readVideo(file: Blob, orderPlate: string) {
  const frames = await openVideoFrames(file, new AbortController().signal);
  const reader = createVideoPlateReader(orderPlate);
  const seen: string[] = [];
  try {
    for (const at of plateInstants(frames.duration, VIDEO_PLATE_FRAMES)) {
      const read = await readPlateFrame(await frames.frameAt(at), { guide: null, find: true });
      seen.push(read.candidates.map((c) => `${c.plate}:${(c.probability ?? 0).toFixed(2)}`).join(" ") || "-");
      if (reader.push(read.candidates)) break;
    }
  } finally {
    frames.close();
  }
  return { read: reader.result()?.plate ?? null, seen };
}

describe("the plate read from a recorded initial video", () => {
  it("reads another car's plate from a 3-s WebM", async () => {
    const { read, seen } = await readVideo(await filmPlate("RIO2A18", 3), "QWE5R67");
    expect(read, seen.join(" | ")).toBe("RIO2A18");
  }, 60_000);

  it("reads the order's own plate and stops early", async () => {
    const { read, seen } = await readVideo(await filmPlate("RFT4G56", 3), "RFT4G56");
    expect(read, seen.join(" | ")).toBe("RFT4G56");
  }, 60_000);
});
