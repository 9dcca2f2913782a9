// A camera recording plays like a video file (issue 50), in real Chromium with its fake camera: MediaRecorder's WebM carries no
// duration (players showed 'Infinity' and a dead seek bar); the recorder writes it in, so the player knows the length, seeks,
// and shows a frame.
import { describe, expect, it } from "vitest";
import { openCamera, stopStream } from "../../src/lib/capture/camera";
import { recordingMimeType, startRecording } from "../../src/lib/capture/recorder";

async function record(ms: number, raw = false): Promise<Blob> {
  const stream = await openCamera(false);
  try {
    if (raw) {
      // What MediaRecorder alone gives: the file the portal used to store.
      const recorder = new MediaRecorder(stream, { mimeType: recordingMimeType()! });
      const chunks: Blob[] = [];
      recorder.ondataavailable = (e) => chunks.push(e.data);
      const stopped = new Promise((r) => (recorder.onstop = r));
      recorder.start(1000);
      await new Promise((r) => setTimeout(r, ms));
      recorder.stop();
      await stopped;
      return new Blob(chunks, { type: "video/webm" });
    }
    const recording = startRecording(stream);
    await new Promise((r) => setTimeout(r, ms));
    return await recording.stop();
  } finally {
    stopStream(stream);
  }
}

/** The file in a <video> as the member's page shows it (preload="metadata"): its duration once the metadata is read. */
async function load(blob: Blob): Promise<HTMLVideoElement> {
  const video = document.createElement("video");
  video.preload = "metadata";
  video.muted = true;
  video.src = URL.createObjectURL(blob);
  document.body.append(video);
  await new Promise((resolve, reject) => {
    video.onloadedmetadata = resolve;
    video.onerror = reject;
  });
  return video;
}

describe("camera recordings", () => {
  it("MediaRecorder alone gives a WebM whose length the player does not know (the bug)", async () => {
    const video = await load(await record(1500, true));
    expect(video.duration).toBe(Infinity);
    video.remove();
  });

  it("carry their duration: the player knows the length, seeks to a point and shows its frame", async () => {
    const file = await record(2500);
    expect(file.type).toBe("video/webm");
    const video = await load(file);
    expect(video.duration).toBeGreaterThan(2);
    expect(video.duration).toBeLessThan(3.5);
    video.currentTime = 1.5;
    await new Promise((resolve) => (video.onseeked = resolve));
    expect(video.currentTime).toBeCloseTo(1.5, 1);
    // A frame is there to be drawn at that point (the tile is not black-empty).
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(video.readyState).toBeGreaterThanOrEqual(HTMLMediaElement.HAVE_CURRENT_DATA);
    expect(video.videoWidth).toBeGreaterThan(0);
    video.remove();
  }, 30_000);
});
