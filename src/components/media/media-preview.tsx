// Preview of local media items (photo thumbnails, playable videos) with a remove button each (main thread).
import { Icon, fileTextIcon } from "../ui/icon";
import { MEDIA_MSG } from "../../config/messages/media.pt-BR";
import { kindOfType, type LocalMedia } from "../../lib/capture/local-media";

const size = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

export function MediaPreview({
  items,
  onRemove,
  disabled,
}: {
  items: readonly LocalMedia[];
  onRemove?: (id: string) => void;
  disabled?: boolean;
}) {
  if (items.length === 0) return null;
  return (
    <ul className="media-grid" aria-label="Arquivos selecionados">
      {items.map((item) => (
        <li key={item.id} className="media-item">
          {kindOfType(item.type) === "video" ? (
            <video src={item.url} controls preload="metadata" playsInline aria-label={item.name} />
          ) : kindOfType(item.type) === "photo" ? (
            <img src={item.url} alt={item.name} loading="lazy" />
          ) : (
            <span className="media-file" aria-hidden="true">
              <Icon icon={fileTextIcon} size={32} />
            </span>
          )}
          <span className="media-name" title={item.name}>
            {item.name}
          </span>
          <span className="muted media-size">{size(item.size)}</span>
          {onRemove && (
            <button
              type="button"
              className="btn media-remove"
              disabled={disabled}
              aria-label={MEDIA_MSG.media.remove(item.name)}
              onClick={() => onRemove(item.id)}
            >
              ×
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
