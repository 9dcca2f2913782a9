// Which copy of the app's HTML a page URL gets: the build writes one per route with that route's code preloaded, the server
// sends it by this same rule (pure; build, server).

/** Folder of the per-route copies of index.html in the build. */
export const ROUTE_HTML_DIR = "route-html";

/** Routes whose second segment names the page: the Central console's sections ('/central/aprovacoes'). */
const TWO_SEGMENTS = new Set(["central"]);

/**
 * The file name of a route's HTML: the first segment of its path ('/espelho' and '/execucao-os/:id' give 'espelho.html' and
 * 'execucao-os.html'; the agenda at '/' gives 'index.html'), the first two under /central ('/central/pontos/:id' gives
 * 'central-pontos.html'). A query or fragment is ignored.
 */
export const routeHtmlName = (url: string) => {
  const [, first, second] = url.split(/[?#]/)[0]!.split("/");
  return `${first && second && TWO_SEGMENTS.has(first) ? `${first}-${second}` : first || "index"}.html`;
};
