// Files the API sends only to a signed-in caller (a payment's proof): fetched with the session's token in its header, which a
// plain link cannot carry, and handed to the browser as a download under the server's file name (main thread).
import { apiUrl, storedToken } from "./api-client";

/** The file's bytes and name (Content-Disposition's filename* or filename); null when refused or unreachable. */
export async function fetchApiFile(path: string): Promise<{ blob: Blob; name: string } | null> {
  const token = storedToken();
  try {
    const res = await fetch(apiUrl(path), { headers: token ? { authToken: token } : {}, credentials: "same-origin" });
    if (!res.ok) return null;
    const disposition = res.headers.get("content-disposition") ?? "";
    const utf8 = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
    const ascii = /filename="([^"]+)"/i.exec(disposition)?.[1];
    return { blob: await res.blob(), name: utf8 ? decodeURIComponent(utf8) : (ascii ?? "arquivo") };
  } catch {
    return null;
  }
}

/** Downloads an API file under its own name; false when it could not be fetched. */
export async function saveApiFile(path: string): Promise<boolean> {
  const file = await fetchApiFile(path);
  if (!file) return false;
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
  return true;
}
