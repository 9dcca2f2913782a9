// File upload (multipart, real progress through XHR) and download URLs of stored files (main thread).
import { apiUrl, seg, storedToken } from "../../../lib/api-client";

export interface UploadResponse { success: boolean; file?: string; error?: string; message?: string }
export type UploadResult = { ok: true; data: UploadResponse } | { ok: false; status: number | undefined; message: string | undefined };

export const fileUrl = (name: string) => apiUrl(`/uploads/files/${seg(name)}`);

/** Sends one file as the multipart field "file"; onProgress gets 0-1 from the browser's real byte counts. */
export function uploadFile(file: Blob, name: string, onProgress?: (fraction: number) => void, signal?: AbortSignal): Promise<UploadResult> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", apiUrl("/uploads/upload"));
    const token = storedToken();
    if (token) xhr.setRequestHeader("authToken", token);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress?.(e.loaded / e.total);
    xhr.onload = () => {
      let body: UploadResponse | undefined;
      try {
        body = JSON.parse(xhr.responseText) as UploadResponse;
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300 && body?.success) resolve({ ok: true, data: body });
      else resolve({ ok: false, status: xhr.status, message: body?.message ?? body?.error });
    };
    xhr.onerror = () => resolve({ ok: false, status: undefined, message: undefined });
    xhr.onabort = () => resolve({ ok: false, status: undefined, message: undefined });
    signal?.addEventListener("abort", () => xhr.abort());
    const form = new FormData();
    form.append("file", file, name);
    xhr.send(form);
  });
}
