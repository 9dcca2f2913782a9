// Vite build plugin: one copy of index.html per route, with the route's page chunk and its imports preloaded
// (<link rel="modulepreload">), so a cold start fetches the page's code together with the entry instead of one round trip
// after it; the server sends the copy for the route's URL (server/plugins/errors.ts) (Node, build time).
import path from "node:path";
import type { OutputBundle, OutputChunk } from "rolldown";
import type { Plugin } from "vite";
import { PAGE_FILES } from "../src/app/page-files";
import { ROUTE_HTML_DIR, routeHtmlName } from "../src/domain/route-html";

function staticClosure(bundle: OutputBundle, chunk: OutputChunk, seen = new Set<string>()): Set<string> {
  if (seen.has(chunk.fileName)) return seen;
  seen.add(chunk.fileName);
  for (const name of chunk.imports) {
    const dep = bundle[name];
    if (dep?.type === "chunk") staticClosure(bundle, dep, seen);
  }
  return seen;
}

export function routeHtml(): Plugin {
  let root = process.cwd();
  let base = "/";
  return {
    name: "portal-route-html",
    apply: "build",
    enforce: "post",
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    generateBundle(_options, bundle) {
      const html = bundle["index.html"];
      if (html?.type !== "asset") return;
      const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === "chunk");
      // The app's entry: the member's follow page (acompanhar.html) is an entry too, with no routes of the app.
      const entry = chunks.find((c) => c.isEntry && c.facadeModuleId === path.resolve(root, "index.html"));
      if (!entry) return;
      const loaded = staticClosure(bundle, entry);
      for (const [route, file] of Object.entries(PAGE_FILES)) {
        const page = chunks.find((c) => c.facadeModuleId === path.resolve(root, file));
        if (!page) this.error(`route-html: no chunk for ${file} (route ${route})`);
        const preload = [...staticClosure(bundle, page)].filter((f) => !loaded.has(f));
        // The page's style sheets too: loading a page, Vite's import helper adds the sheets of its chunks and waits for them
        // before the page's module resolves, a round trip after the entry has run, on the way to the page's first render
        // (issue 52: the agenda's sheet was asked for at 0.45 s of a 0.6 s load). Already in the document, the helper finds
        // them and does not wait; they load with the app's own sheet, before the loading screen paints.
        const sheets = [...new Set(preload.flatMap((f) => [...((bundle[f] as OutputChunk | undefined)?.viteMetadata?.importedCss ?? [])]))];
        const links =
          sheets.map((f) => `<link rel="stylesheet" crossorigin href="${base}${f}">`).join("") +
          preload.map((f) => `<link rel="modulepreload" crossorigin href="${base}${f}">`).join("");
        this.emitFile({
          type: "asset",
          fileName: `${ROUTE_HTML_DIR}/${routeHtmlName(route)}`,
          source: String(html.source).replace("</head>", `${links}</head>`),
        });
      }
    },
  };
}
