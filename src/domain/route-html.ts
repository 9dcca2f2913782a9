// Which copy of the app's HTML a page URL gets: the build writes one per route with that route's code preloaded, the server
// sends it by this same rule (pure; build, server).

/** Folder of the per-route copies of index.html in the build. */
export const ROUTE_HTML_DIR = "route-html";

/**
 * The file name of a route's HTML: the first segment of its path ('/espelho' and '/execucao-os/:id' give 'espelho.html' and
 * 'execucao-os.html'; the agenda at '/' gives 'index.html'). A query or fragment is ignored.
 */
export const routeHtmlName = (url: string) => `${url.split(/[?#]/)[0]!.split("/")[1] || "index"}.html`;
