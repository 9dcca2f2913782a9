// Local media items: files captured or chosen on this device, with an object URL for the preview (main thread).
export interface LocalMedia {
  id: string;
  file: File;
  url: string;
  name: string;
  type: string;
  size: number;
}

export const toLocalMedia = (file: File): LocalMedia => ({
  id: crypto.randomUUID(),
  file,
  url: URL.createObjectURL(file),
  name: file.name,
  type: file.type,
  size: file.size,
});

/** Frees the preview's memory; call when an item is removed or its list goes away. */
export const releaseLocalMedia = (item: LocalMedia) => URL.revokeObjectURL(item.url);

export type MediaKind = "photo" | "video";
export const kindOfType = (type: string): MediaKind | null =>
  type.startsWith("image/") ? "photo" : type.startsWith("video/") ? "video" : null;
