// Log type the wrapper's worker sends once when its script has loaded (shared by the engine and that worker).
export const FFMPEG_WORKER_READY = "worker-ready";
