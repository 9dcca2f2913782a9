// The spec's compression tiers, contain-fitting and output names.
import { describe, expect, it } from "vitest";
import { compressedName, fitContain, imageTier, MB, videoTier } from "../../src/domain/compression";

describe("video tiers", () => {
  it.each([
    [300 * MB, { width: 480, height: 270, bitrate: 200_000, maxFrameRate: 15 }],
    [200 * MB + 1, { width: 480, height: 270, bitrate: 200_000, maxFrameRate: 15 }],
    [200 * MB, { width: 640, height: 360, bitrate: 250_000, maxFrameRate: 15 }],
    [100 * MB + 1, { width: 640, height: 360, bitrate: 250_000, maxFrameRate: 15 }],
    [60 * MB, { width: 854, height: 480, bitrate: 400_000, maxFrameRate: 20 }],
    [26 * MB, { width: 1280, height: 720, bitrate: 600_000, maxFrameRate: 24 }],
    [25 * MB, null],
    [1, null],
  ])("%d bytes -> %j", (bytes, tier) => expect(videoTier(bytes)).toEqual(tier));
});

describe("image tiers", () => {
  it("uses jpeg 0.6 within 1920x1080 above 5 MB, 0.8 within 2560x1440 above 2 MB, nothing below", () => {
    expect(imageTier(6 * MB)).toEqual({ quality: 0.6, maxWidth: 1920, maxHeight: 1080 });
    expect(imageTier(3 * MB)).toEqual({ quality: 0.8, maxWidth: 2560, maxHeight: 1440 });
    expect(imageTier(2 * MB)).toBeNull();
  });
});

describe("fitContain and names", () => {
  it("keeps the aspect ratio inside the box and never upscales", () => {
    expect(fitContain(4000, 3000, 1920, 1080)).toEqual({ width: 1440, height: 1080 });
    expect(fitContain(3000, 4000, 1920, 1080)).toEqual({ width: 810, height: 1080 });
    expect(fitContain(800, 600, 1920, 1080)).toEqual({ width: 800, height: 600 });
    expect(fitContain(1920, 1080, 854, 480, true)).toEqual({ width: 852, height: 480 });
  });
  it("prefixes compressed files and sets the container's extension", () => {
    expect(compressedName("VID_2026.mov", "mp4")).toBe("compressed_VID_2026.mp4");
    expect(compressedName("foto.final.png", "jpeg")).toBe("compressed_foto.final.jpeg");
    expect(compressedName("C:\\fotos\\x", "jpeg")).toBe("compressed_x.jpeg");
  });
});
