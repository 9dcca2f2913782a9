// A stored video shows a frame, its length and a working seek bar (issue 50), in real Chromium with a real camera recording
// (the fake camera through the app's recorder): the tile steps a moment in for its poster, and the first play starts from 0.
import { describe, expect, it, vi } from "vitest";
import { renderWithQuery } from "./render";
import { axeViolations } from "./axe";
import { EvidenceVideo } from "../../src/components/media/evidence-video";
import { openCamera, stopStream } from "../../src/lib/capture/camera";
import { startRecording } from "../../src/lib/capture/recorder";

async function recording(ms: number): Promise<File> {
  const stream = await openCamera(false);
  try {
    const r = startRecording(stream);
    await new Promise((resolve) => setTimeout(resolve, ms));
    return await r.stop();
  } finally {
    stopStream(stream);
  }
}

describe("evidence video", () => {
  it("shows a frame a moment in, knows its length, and plays from the beginning", async () => {
    const url = URL.createObjectURL(await recording(2500));
    await renderWithQuery(
      <main>
        <EvidenceVideo src={url} label="Vídeo inicial" className="m-video" />
      </main>,
    );
    const video = document.querySelector<HTMLVideoElement>("video[aria-label='Vídeo inicial']")!;
    await vi.waitFor(() => expect(video.readyState).toBeGreaterThanOrEqual(HTMLMediaElement.HAVE_CURRENT_DATA), { timeout: 10_000 });
    expect(Number.isFinite(video.duration)).toBe(true);
    // The poster: a frame a tenth in (at most half a second), not the black 0:00.
    await vi.waitFor(() => expect(video.currentTime).toBeCloseTo(video.duration / 10, 1));
    expect(video.controls).toBe(true);
    expect(await axeViolations(document.body)).toEqual([]);
    video.muted = true;
    await video.play();
    await vi.waitFor(() => expect(video.paused).toBe(false));
    // Played from the start (not from the poster's moment).
    expect(video.currentTime).toBeLessThan(video.duration / 10);
    video.pause();
    URL.revokeObjectURL(url);
  }, 30_000);
});
