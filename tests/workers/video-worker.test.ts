// Video compression in real Chromium: a generated 720p clip comes out as MP4/AVC at the tier's size and bitrate; small files untouched; corrupt input falls back.
import { afterAll, describe, expect, it } from "vitest";
import { ALL_FORMATS, BlobSource, Input } from "mediabunny";
import { makeClip } from "../support/media-fixtures";
import { openCamera, stopStream } from "../../src/lib/capture/camera";
import { startRecording } from "../../src/lib/capture/recorder";
import { compressVideoByTier, compressVideoFile, stopVideoWorker } from "../../src/lib/workers/video-bridge";
import { compressWithTier } from "../../workers/video/compress-video";
import { fetchFile } from "@ffmpeg/util";
import { loadFfmpeg, transcodeWithFfmpeg } from "../../workers/video/ffmpeg-engine";
import { MB, videoTier } from "../../src/domain/compression";

afterAll(() => stopVideoWorker());

async function probe(blob: Blob) {
  const input = new Input({ source: new BlobSource(blob), formats: ALL_FORMATS });
  const track = (await input.getPrimaryVideoTrack())!;
  const out = { width: track.displayWidth, height: track.displayHeight, codec: track.codec, duration: await input.computeDuration() };
  return out;
}

describe("video compression (mediabunny engine)", () => {
  it.each([
    ["200 MB+", videoTier(201 * MB)!],
    ["100 MB+", videoTier(101 * MB)!],
    ["50 MB+", videoTier(51 * MB)!],
    ["25 MB+", videoTier(26 * MB)!],
  ])(
    "re-encodes a 720p clip by the %s tier: its box, AVC in MP4, within its bitrate",
    async (_label, tier) => {
      const clip = await makeClip(1280, 720, 5);
      const progress: number[] = [];
      const out = await compressWithTier(clip, "clip.webm", tier, (p) => progress.push(p));
      expect(out).toMatchObject({ compressed: true, name: "compressed_clip.mp4", engine: "mediabunny" });
      const info = await probe(out.blob);
      expect([info.width, info.height, info.codec]).toEqual([tier.width, tier.height, "avc"]);
      const bitrate = (out.blob.size * 8) / info.duration;
      expect(bitrate).toBeLessThan(tier.bitrate * 1.3);
      expect(bitrate).toBeGreaterThan(tier.bitrate * 0.3);
      expect(out.blob.size).toBeLessThan(clip.size);
      expect(progress.at(-1)).toBe(100);
    },
    120_000,
  );

  it("letterboxes a portrait clip into the tier's box (fit contain)", async () => {
    const clip = await makeClip(360, 640, 1);
    const out = await compressWithTier(clip, "vertical.mp4", videoTier(201 * MB)!);
    const info = await probe(out.blob);
    expect([info.width, info.height]).toEqual([480, 270]);
  }, 120_000);

  it("leaves files of 25 MB or less untouched", async () => {
    const clip = new File([await makeClip(320, 240, 1)], "curto.mp4", { type: "video/mp4" });
    expect(await compressVideoFile(clip)).toEqual({ file: clip, compressed: false });
  }, 60_000);

  it("falls back to the original with the spec's warning when the video is corrupt", async () => {
    const junk = new File([new Uint8Array(26 * 1024 * 1024).map((_, i) => (i * 13) & 0xff)], "quebrado.mp4", { type: "video/mp4" });
    const out = await compressVideoFile(junk);
    expect(out).toEqual({ file: junk, compressed: false, warning: "Erro na compressão, usando arquivo original" });
  }, 60_000);
});

/** Re-encodes a clip to MPEG-4 Part 2 with ffmpeg.wasm (in memory): the codec of older phones' 3GP/MP4 videos, which WebCodecs cannot decode. */
async function toMpeg4(clip: Blob): Promise<Blob> {
  const ff = await loadFfmpeg();
  try {
    await ff.writeFile("/legacy-in.mp4", await fetchFile(clip));
    expect(await ff.exec(["-i", "/legacy-in.mp4", "-c:v", "mpeg4", "-q:v", "5", "-an", "/legacy-out.mp4"])).toBe(0);
    const out = (await ff.readFile("/legacy-out.mp4")) as Uint8Array<ArrayBuffer>;
    return new Blob([out], { type: "video/mp4" });
  } finally {
    ff.terminate();
  }
}

/** Frames per second of the primary video track, from its packets' timestamps. */
async function frameRate(blob: Blob) {
  const input = new Input({ source: new BlobSource(blob), formats: ALL_FORMATS });
  return (await (await input.getPrimaryVideoTrack())!.computePacketStats()).averagePacketRate;
}

describe("video compression (ffmpeg.wasm fallback engine through @ffmpeg/ffmpeg, nested in the video worker)", () => {
  it.each([
    ["50 MB+", videoTier(51 * MB)!],
    ["200 MB+", videoTier(201 * MB)!],
  ])(
    "re-encodes a 720p clip by the %s tier when forced: its box, AVC in MP4, its duration and frame-rate cap, within its bitrate, with progress",
    async (_label, tier) => {
      const clip = await makeClip(1280, 720, 3);
      const progress: number[] = [];
      const out = await compressVideoByTier(clip, "clip.webm", tier, "ffmpeg", (p) => progress.push(p));
      expect(out).toMatchObject({ compressed: true, name: "compressed_clip.mp4", engine: "ffmpeg" });
      const info = await probe(out.blob);
      expect([info.width, info.height, info.codec]).toEqual([tier.width, tier.height, "avc"]);
      expect(info.duration).toBeGreaterThan(2.8);
      expect(info.duration).toBeLessThan(3.2);
      const fps = await frameRate(out.blob);
      expect(fps).toBeLessThanOrEqual(tier.maxFrameRate + 0.5);
      expect(fps).toBeGreaterThan(tier.maxFrameRate - 1);
      const bitrate = (out.blob.size * 8) / info.duration;
      expect(bitrate).toBeLessThan(tier.bitrate * 1.3);
      expect(progress.some((p) => p > 0 && p < 100)).toBe(true);
      expect(progress.at(-1)).toBe(100);
    },
    180_000,
  );

  it("letterboxes a portrait clip into the tier's box (fit contain)", async () => {
    const out = await compressVideoByTier(await makeClip(360, 640, 1), "vertical.mp4", videoTier(201 * MB)!, "ffmpeg");
    const info = await probe(out.blob);
    expect([info.width, info.height, info.codec]).toEqual([480, 270, "avc"]);
  }, 120_000);

  it("takes over automatically for a source WebCodecs cannot decode (MPEG-4 Part 2)", async () => {
    const legacy = await toMpeg4(await makeClip(640, 360, 2));
    const input = new Input({ source: new BlobSource(legacy), formats: ALL_FORMATS });
    const track = (await input.getPrimaryVideoTrack())!;
    expect(await track.canDecode()).toBe(false);
    const out = await compressVideoByTier(legacy, "antigo.3gp", videoTier(101 * MB)!, "auto");
    expect(out.engine).toBe("ffmpeg");
    const info = await probe(out.blob);
    expect([info.width, info.height, info.codec]).toEqual([640, 360, "avc"]);
    expect(info.duration).toBeGreaterThan(1.8);
    expect(info.duration).toBeLessThan(2.2);
  }, 180_000);

  it("rejects with ffmpeg's own error for an input it cannot read, so the caller sends the original", async () => {
    const junk = new Blob([new Uint8Array(512 * 1024).map((_, i) => (i * 13) & 0xff)], { type: "video/mp4" });
    await expect(compressVideoByTier(junk, "quebrado.mp4", videoTier(26 * MB)!, "ffmpeg")).rejects.toThrow(/ffmpeg exited with/);
  }, 120_000);

  it("stops a running transcode when it is cancelled (the wrapper's worker is terminated), and a later one runs in a fresh worker", async () => {
    const clip = await makeClip(1280, 720, 4);
    const cancel = new AbortController();
    const progress: number[] = [];
    const run = transcodeWithFfmpeg(
      clip,
      videoTier(26 * MB)!,
      (p) => {
        progress.push(p);
        if (p > 5) cancel.abort();
      },
      cancel.signal,
    );
    await expect(run).rejects.toMatchObject({ name: "AbortError" });
    const reported = progress.length;
    expect(progress.at(-1)).toBeLessThan(100);
    // A live exec reports progress many times a second; a terminated worker reports nothing more.
    await new Promise((r) => setTimeout(r, 1500));
    expect(progress.length).toBe(reported);
    const out = await transcodeWithFfmpeg(await makeClip(320, 180, 1), videoTier(201 * MB)!, () => {});
    expect(await probe(out)).toMatchObject({ width: 480, height: 270, codec: "avc" });
  }, 180_000);

  it("gives up with an error, instead of waiting forever, when the wrapper's worker does not start in time", async () => {
    await expect(loadFfmpeg(0)).rejects.toThrow("ffmpeg.wasm worker did not start within 0 s");
  }, 30_000);
});

/** A real camera recording with sound: Chromium's fake camera and microphone through MediaRecorder (WebM, VP9 + Opus). */
async function recordWithSound(ms: number): Promise<File> {
  const stream = await openCamera(true);
  try {
    const recording = startRecording(stream);
    await new Promise((r) => setTimeout(r, ms));
    return await recording.stop();
  } finally {
    stopStream(stream);
  }
}

describe("audio of camera recordings", () => {
  it.each(["mediabunny", "ffmpeg"] as const)(
    "is kept in the MP4 made by %s",
    async (engine) => {
      const webm = await recordWithSound(2000);
      const source = new Input({ source: new BlobSource(webm), formats: ALL_FORMATS });
      expect((await source.getPrimaryAudioTrack())?.codec).toBe("opus");
      const out = await compressVideoByTier(webm, webm.name, videoTier(26 * MB)!, engine);
      expect(out.engine).toBe(engine);
      const input = new Input({ source: new BlobSource(out.blob), formats: ALL_FORMATS });
      const audio = await input.getPrimaryAudioTrack();
      expect(audio).not.toBeNull();
      expect(engine === "ffmpeg" ? "aac" : "opus").toBe(audio!.codec);
    },
    120_000,
  );
});
