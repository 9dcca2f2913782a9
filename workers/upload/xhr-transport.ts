// HTTP for the outbox: XHR multipart upload with real byte progress, JSON posts with the authToken header (worker or page).
import type { HttpAnswer, Transport } from "./process.ts";

const parse = (text: string): unknown => {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return text;
  }
};

export function xhrTransport(apiBase: string): Transport {
  return {
    upload: (file, name, token, onProgress, signal) =>
      new Promise<HttpAnswer>((resolve) => {
        if (signal?.aborted) return resolve({ status: 0, body: undefined });
        const xhr = new XMLHttpRequest();
        signal?.addEventListener("abort", () => xhr.abort(), { once: true });
        xhr.open("POST", `${apiBase}/uploads/upload`);
        xhr.setRequestHeader("authToken", token);
        xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
        xhr.onload = () => resolve({ status: xhr.status, body: parse(xhr.responseText) });
        xhr.onerror = xhr.onabort = xhr.ontimeout = () => resolve({ status: 0, body: undefined });
        const form = new FormData();
        form.append("file", file, name);
        xhr.send(form);
      }),
    async post(path, body, token, signal) {
      try {
        const res = await fetch(`${apiBase}${path}`, {
          method: "POST",
          headers: { "content-type": "application/json", authToken: token },
          body: JSON.stringify(body),
          signal,
        });
        return { status: res.status, body: parse(await res.text()) };
      } catch {
        return { status: 0, body: undefined };
      }
    },
  };
}
