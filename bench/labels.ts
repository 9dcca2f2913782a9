// A labelled photo folder's labels.tsv (`file<TAB>PLATE<TAB>x y w h`), read by the plates and scan benches (Node).
import fs from "node:fs";
import path from "node:path";

export interface LabelRow {
  file: string;
  plate: string;
  /** The plate's box in the photo's pixels, when the line gives one. */
  box?: { x: number; y: number; w: number; h: number };
}

export function readLabels(dir: string): LabelRow[] {
  return fs
    .readFileSync(path.join(dir, "labels.tsv"), "utf8")
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith("#"))
    .map((l) => {
      const [file, plate, box] = l.split("\t");
      const nums = box?.trim().split(/\s+/).map(Number);
      return {
        file,
        plate: plate.toUpperCase().replace(/[^A-Z0-9]/g, ""),
        box: nums?.length === 4 ? { x: nums[0], y: nums[1], w: nums[2], h: nums[3] } : undefined,
      };
    });
}
