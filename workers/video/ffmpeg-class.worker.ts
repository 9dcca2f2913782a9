// The ffmpeg.wasm wrapper's own worker (@ffmpeg/ffmpeg/worker, nested in the video worker), plus one message saying its script has loaded (worker).
import "@ffmpeg/ffmpeg/worker";
import { FFMPEG_WORKER_READY } from "./ffmpeg-ready.ts";

// A worker whose script cannot be fetched (offline after a deploy) fires only a plain "error" event, which the wrapper does not
// listen to, so its load() would wait forever. The wrapper hands LOG messages to our log listener: this one proves the start.
self.postMessage({ type: "LOG", data: { type: FFMPEG_WORKER_READY, message: "" } });
