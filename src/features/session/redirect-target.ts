// Where the login may send the user after signing in (?redirect=): only a path of this app on this origin, else nothing
// (the caller's home screen). Read by the login page and by the guard that bounces signed-in users off /login (main thread).
import { PATHS } from "../../config/paths";

/** C0 controls, DEL and C1 controls: the URL parser drops tabs and newlines silently ("/\t/evil" reads as "//evil"). */
// eslint-disable-next-line no-control-regex -- these characters are exactly what the check looks for
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * `value` as a same-origin path ("/espelho?de=01%2F03#x"), or null for anything else: another origin (`//evil.example`,
 * `https://evil.example`), another scheme (`javascript:`), backslashes (which browsers read as slashes: `/\evil.example`),
 * encoded backslashes or slashes that would start the path with two (`/%5Cevil.example`, `/%2F/evil`), control characters,
 * and the login itself. The value is parsed as a URL against `origin` and the origin compared, not matched by a pattern.
 */
export function redirectTarget(value: string | null | undefined, origin: string): string | null {
  if (!value || !value.startsWith("/") || value.includes("\\") || CONTROL.test(value)) return null;
  let url: URL;
  let path: string;
  try {
    url = new URL(value, origin);
    path = decodeURIComponent(url.pathname);
    if (url.origin !== new URL(origin).origin) return null;
  } catch {
    return null;
  }
  if (path.includes("\\") || path.startsWith("//") || CONTROL.test(path)) return null;
  if (url.pathname === PATHS.login || url.pathname.startsWith(`${PATHS.login}/`)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
