// A stored video as the member (and the point) see it (issue 50): the player's own controls, the length and a seek bar (the
// recorder writes the duration into its WebM), and a frame for a poster instead of a black tile: once the metadata is read the
// player steps a moment in (a camera's first frame is often dark), and the first play starts from the beginning again unless
// the viewer moved the seek bar meanwhile. Only the first bytes are asked for until it plays ('metadata') (main thread).
import { useRef, type SyntheticEvent } from "react";

/** Where the poster frame is taken: a moment in, within the first tenth of a short clip. */
export const POSTER_AT_SECONDS = 0.5;

interface Props {
  src: string;
  label: string;
  className?: string;
}

export function EvidenceVideo({ src, label, className }: Props) {
  // "poster": the player sits on the poster frame; "seeking": moving there; "done": played or moved by the viewer.
  const stage = useRef<"start" | "seeking" | "poster" | "done">("start");
  const onMetadata = (e: SyntheticEvent<HTMLVideoElement>) => {
    const video = e.currentTarget;
    // A file without a known length (stored before the recorder wrote it) cannot be stepped into without reading it all.
    if (stage.current !== "start" || !Number.isFinite(video.duration) || !video.paused || video.currentTime > 0) return;
    stage.current = "seeking";
    video.currentTime = Math.min(POSTER_AT_SECONDS, video.duration / 10);
  };
  const onSeeked = () => {
    if (stage.current === "seeking") stage.current = "poster";
  };
  const onSeeking = () => {
    // The viewer moved the seek bar: their choice stands.
    if (stage.current === "poster") stage.current = "done";
  };
  const onPlay = (e: SyntheticEvent<HTMLVideoElement>) => {
    const onPosterFrame = stage.current === "poster" || stage.current === "seeking";
    stage.current = "done";
    if (onPosterFrame) e.currentTarget.currentTime = 0;
  };
  return (
    <video
      className={className}
      controls
      playsInline
      preload="metadata"
      src={src}
      aria-label={label}
      onLoadedMetadata={onMetadata}
      onSeeked={onSeeked}
      onSeeking={onSeeking}
      onPlay={onPlay}
    />
  );
}
