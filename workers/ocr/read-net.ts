// One frame's plate reading with the plate net (worker logic): the guide crop in gray at its own resolution, read as a whole
// and as a shifted inset, the two readings' plates merged with their probabilities.
import { cachedBytes } from "./assets.ts";
import { areaResize, type CropVariant, type GrayImage } from "./net-input.ts";
import { mergeReadings, netCandidates, type NetReading } from "./net-candidates.ts";
import { parsePlateNet, runPlateNet, type PlateNet } from "./plate-net.ts";
import plateNetUrl from "./plate-net.bin?url";

/**
 * Readings per frame: the whole guide crop and one inset (the attendant's aim is never exact; two views of the same frame
 * disagree where a character is doubtful, which lowers its probability instead of locking on one view's guess).
 */
export const NET_VARIANTS: CropVariant[] = [
  { x: 0, y: 0, w: 1, h: 1 },
  { x: 0.03, y: 0.06, w: 0.94, h: 0.88 },
];

let loaded: Promise<PlateNet> | undefined;

/** Loads the net's weights once per worker (from our origin, cached for offline use). */
export function loadPlateNet(url: string = plateNetUrl): Promise<PlateNet> {
  loaded ??= cachedBytes(url).then((bytes) => parsePlateNet(bytes.slice().buffer as ArrayBuffer));
  loaded.catch(() => (loaded = undefined));
  return loaded;
}

export function readWithNet(net: PlateNet, gray: GrayImage, variants = NET_VARIANTS): NetReading {
  const [, h, w] = net.input;
  return mergeReadings(variants.map((v) => netCandidates(runPlateNet(net, areaResize(gray, w, h, v)), net.alphabet, net.blank)));
}
