// The shapes the device bench's page (bench/browser/device-page.ts, browser) and its runner (bench/device.bench.ts, Node) share:
// no imports, so each side type-checks it with its own libraries (the page's imports need Vite's client types).

/** The plate filmed in the initial video (tests/workers/video-plate-read.test.ts reads it from a 3-s WebM). */
export const FILMED_PLATE = "RIO2A18";
/** An order plate other than the filmed one: the check reads every frame and asks the attendant. */
export const OTHER_PLATE = "QWE5R67";

/** What the page makes before anything is measured. */
export interface PrepareOptions {
  /** Generated 1280x720 plate scenes (bench/browser/plates-page.ts's generator, the scan bench's seed). */
  scenes: number;
  seed: number;
  /** PLATES_DIR photos, fetched from /plates-data/<file>. */
  photos: { file: string; plate: string }[];
  /** Length of the 720p video to compress (a phone camera's MP4) and of the recorded initial video (at least 4 s). */
  videoSeconds: number;
  /** Which of the inputs to make (the operations selected). */
  video: boolean;
  plateVideo: boolean;
  photosForEvidence: boolean;
}

export interface Prepared {
  scenes: number;
  photos: number;
  /** The 720p MP4 (makeClip), bytes; 0 when not made. */
  videoBytes: number;
  /** The initial video recorded as the app's camera records it (WebM), bytes and type. */
  plateVideoBytes: number;
  plateVideoType: string;
  /** The evidence photos (JPEG as the camera app saves them): size and pixels. */
  photoBytes: number[];
  photoSize: string;
}

/** One pass over a set of frames through the OCR worker. */
export interface FramesRun {
  /** FrameRead.ms of every frame (finding and the net). */
  ms: number[];
  /** FrameRead.secondMs of the frames the second reader was asked about. */
  secondMs: number[];
  /** The page's wait for each frame (readPlateFrame called to answered): the net and the second reader, side by side. */
  total: number[];
  /** Frames whose best plate was the labelled one. */
  right: number;
}

export interface CompressRun {
  ms: number;
  bytesIn: number;
  bytesOut: number;
  engine: string;
  /** "1280x720@600k", the tier used. */
  tier: string;
  /** false: the file is under the app's first tier (the app sends it untouched), the first tier was forced. */
  appTier: boolean;
}

export interface PlateCheckRun {
  /** Worker started (or woken) and the net loaded, the video opened, frames read until the reader stopped. */
  ms: number;
  /** Of which the OCR worker's start and the net's load (warmOcr). */
  warmMs: number;
  frames: number;
  read: string | null;
}

export interface VerifyInfo {
  files: number;
  bytes: number;
  kinds: string[];
}

export interface VerifyRun {
  ms: number;
  files: number;
  failures: number;
  seal: string;
}

export type HashInput = "video" | "compressed" | "photo";

/** The recordings whose duration is written: a minute's at 1 Mbps (7.5 MB) and the largest the app sends uncompressed. */
export type WebmInput = "minute" | "largest";

/** A WebM recorded in the page by MediaRecorder as the app's recorder records (no duration in it). */
export interface WebmInfo {
  bytes: number;
  /** The recording's length as the app measures it (MediaRecorder's start to its stop), the duration written. */
  seconds: number;
  /** MediaRecorder's type, "video/webm;codecs=vp9" when the browser has VP9. */
  mimeType: string;
  /** Bits per second asked of MediaRecorder (the app's RECORDING_BITS_PER_SECOND). */
  bitsPerSecond: number;
}

export interface WebmRun {
  /** withDuration called to its Blob resolved. */
  ms: number;
  /** Longest main-thread task that began during the call (PerformanceObserver "longtask", 0: none over 50 ms; null: no API). */
  longestTaskMs: number | null;
  bytesOut: number;
  /** The output's duration as a <video> reads it (checked finite after the timed part), seconds. */
  durationS: number;
}

/** The page's steps: `*Before` is setup (run with the phone's limit lifted), the others are measured, one run per call. */
export interface DevicePage {
  prepare(options: PrepareOptions): Promise<Prepared>;
  /** The OCR worker's Cache API filled (the net and the second reader), as on a phone that used the scanner before. */
  fillOcrCache(): Promise<void>;
  /**
   * A fresh OCR worker, the net loaded (and the second reader when asked), one unmeasured frame read, the set's frames decoded;
   * returns the frame count.
   */
  ocrBefore(set: "generated" | "photos", withSecond: boolean): Promise<number>;
  ocrRun(): Promise<FramesRun>;
  /** A fresh OCR worker with the net loaded; cold: its Cache API emptied first (the runner empties the HTTP cache). */
  secondBefore(cold: boolean): Promise<void>;
  /** ms to load the second reader (runtime, model, dictionary) in that worker. */
  secondRun(): Promise<number>;
  videoBefore(): Promise<void>;
  videoRun(): Promise<CompressRun>;
  hashBefore(): Promise<Record<HashInput, number>>;
  /** ms of the streamed SHA-256 inside the worker. */
  hashRun(input: HashInput): Promise<number>;
  /** The WebMs recorded once (unthrottled, in real time until 7.5 MB, then 25 MB), each checked to have no duration. */
  webmBefore(): Promise<Record<WebmInput, WebmInfo>>;
  /** src/lib/capture/recorder.ts withDuration on that WebM; throws when the output's duration is not finite. */
  webmRun(input: WebmInput): Promise<WebmRun>;
  plateBefore(): Promise<void>;
  plateRun(orderPlate: string): Promise<PlateCheckRun>;
  verifyBefore(): Promise<VerifyInfo>;
  verifyRun(): Promise<VerifyRun>;
}
