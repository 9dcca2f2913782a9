// Five stars filled up to a score (partial star for averages), as one image named "4,3 de 5 estrelas" (main thread).
import { useId } from "react";
import { RATINGS_MSG } from "../../../config/messages/ratings.pt-BR";
import { formatAverage } from "../ratings";

const STAR = "M12 2l3 7h7l-5.5 4.5L18.5 21 12 16.8 5.5 21l2-7.5L2 9h7z";

/** SVG, not text glyphs: the fill is exact for any fraction and does not depend on the device's fonts. */
export function Stars({ value, size = 18, label }: { value: number; size?: number; label?: string }) {
  // useId has characters (":" or "«»") that a url(#…) reference may not survive.
  const clip = `stars${useId().replace(/[^A-Za-z0-9_-]/g, "")}`;
  const clamped = Math.min(5, Math.max(0, Number.isFinite(value) ? value : 0));
  const name = label ?? RATINGS_MSG.ratings.starsOf(Number.isInteger(clamped) ? String(clamped) : formatAverage(clamped));
  const width = 24 * 5;
  return (
    <svg className="rating-stars" role="img" aria-label={name} width={size * 5} height={size} viewBox={`0 0 ${width} 24`} focusable="false">
      <defs>
        <clipPath id={clip}>
          <rect x="0" y="0" width={(clamped / 5) * width} height="24" />
        </clipPath>
      </defs>
      {[0, 1, 2, 3, 4].map((i) => (
        <path key={`e${i}`} d={STAR} transform={`translate(${i * 24} 0)`} className="rating-star-empty" />
      ))}
      <g clipPath={`url(#${clip})`}>
        {[0, 1, 2, 3, 4].map((i) => (
          <path key={`f${i}`} d={STAR} transform={`translate(${i * 24} 0)`} className="rating-star-full" />
        ))}
      </g>
    </svg>
  );
}
