// State for a list of local media items that frees every preview URL when items leave the list or the screen closes (main thread).
import { useCallback, useEffect, useRef, useState } from "react";
import { releaseLocalMedia, type LocalMedia } from "../../lib/capture/local-media";

export function useLocalMedia() {
  const [items, setItemsState] = useState<LocalMedia[]>([]);
  const current = useRef(items);
  const setItems = useCallback((next: LocalMedia[]) => {
    const kept = new Set(next.map((i) => i.id));
    for (const old of current.current) if (!kept.has(old.id)) releaseLocalMedia(old);
    current.current = next;
    setItemsState(next);
  }, []);
  const clear = useCallback(() => setItems([]), [setItems]);
  useEffect(() => () => current.current.forEach(releaseLocalMedia), []);
  return { items, setItems, clear };
}
