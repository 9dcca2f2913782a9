// Vite plugin (build and dev server, Node): makes the second reader's plate model (plate-model.ts) before any module is
// transformed, so workers/ocr/second-reader.ts's `?url` import of it resolves; the build then emits it as a hashed asset.
import type { Plugin } from "vite";
import { ensurePlateModel } from "./plate-model.ts";

export function paddlePlateModel(): Plugin {
  return {
    name: "paddle-plate-model",
    buildStart() {
      ensurePlateModel();
    },
  };
}
