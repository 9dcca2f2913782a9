// Files the API sends only to a signed-in caller (a payment's proof): fetched with the session's token in its header, which a
// plain link cannot carry, and handed to the browser as a download under the server's file name (main thread).
import { apiUrl, storedToken } from "./api-client";

/** A download's outcome: saved, or why not (the server's own message when it refused; null when unreachable). */
export type Download = { saved: true } | { saved: false; reason: string | null };

/** The server's pt-BR message of a refusal (its JSON envelope), or null. */
async function refusalOf(res: Response): Promise<string | null> {
  try {
    const body = (await res.json()) as { message?: unknown };
    return typeof body.message === "string" && body.message ? body.message : null;
  } catch {
    return null;
  }
}

/** The file's bytes and name (Content-Disposition's filename* or filename), or why it could not be fetched. */
export async function fetchApiFile(path: string): Promise<{ blob: Blob; name: string } | { reason: string | null }> {
  const token = storedToken();
  try {
    const res = await fetch(apiUrl(path), { headers: token ? { authToken: token } : {}, credentials: "same-origin" });
    if (!res.ok) return { reason: await refusalOf(res) };
    const disposition = res.headers.get("content-disposition") ?? "";
    const utf8 = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
    const ascii = /filename="([^"]+)"/i.exec(disposition)?.[1];
    return { blob: await res.blob(), name: utf8 ? decodeURIComponent(utf8) : (ascii ?? "arquivo") };
  } catch {
    return { reason: null };
  }
}

/** Downloads an API file under its own name; when it could not be, the server's reason (null when unreachable). */
export async function downloadApiFile(path: string): Promise<Download> {
  const file = await fetchApiFile(path);
  if ("reason" in file) return { saved: false, reason: file.reason };
  const url = URL.createObjectURL(file.blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = file.name;
  a.rel = "noopener";
  a.style.display = "none";
  document.body.append(a);
  a.click();
  a.remove();
  // Revoked after the click was handled: revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return { saved: true };
}
