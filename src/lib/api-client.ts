// HTTP client for the portal API: base URL, authToken header, errors returned as values, never thrown (main thread).
import { API_BASE, STORAGE_KEYS } from "../config/env";
import { bus } from "./bus";
import { serverMessage } from "../domain/server-message";
import { isDeactivation } from "../domain/deactivation";

export type ApiOk<T> = { ok: true; status: number; data: T };
export type ApiError = { ok: false; status: number | undefined; message: string | undefined; body: unknown };
export type ApiResult<T> = ApiOk<T> | ApiError;

export interface RequestOptions {
  body?: unknown;
  /** Token passed explicitly (login flow); otherwise the stored one is used. `null` sends none. */
  token?: string | null;
  signal?: AbortSignal;
}

export const apiUrl = (path: string) => `${API_BASE}${path}`;
export const storedToken = () => {
  try {
    return localStorage.getItem(STORAGE_KEYS.token);
  } catch {
    return null;
  }
};

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export async function request<T>(method: "GET" | "POST" | "DELETE", path: string, opts: RequestOptions = {}): Promise<ApiResult<T>> {
  const token = opts.token === undefined ? storedToken() : opts.token;
  const headers: Record<string, string> = { accept: "application/json" };
  if (opts.body !== undefined) headers["content-type"] = "application/json";
  if (token) headers.authToken = token;
  let res: Response;
  try {
    res = await fetch(apiUrl(path), {
      method,
      headers,
      signal: opts.signal,
      credentials: "same-origin",
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    });
  } catch (err) {
    return { ok: false, status: undefined, message: undefined, body: err };
  }
  let body: unknown;
  try {
    body = await readBody(res);
  } catch (err) {
    return { ok: false, status: undefined, message: undefined, body: err };
  }
  if (res.ok) return { ok: true, status: res.status, data: body as T };
  if (res.status === 401 && token && opts.token === undefined) bus.emit("session:expired", { deactivated: isDeactivation(body) });
  if (res.status === 403 && token && opts.token === undefined) bus.emit("session:forbidden");
  return { ok: false, status: res.status, message: serverMessage(body), body };
}

export const get = <T>(path: string, opts?: RequestOptions) => request<T>("GET", path, opts);
export const post = <T>(path: string, body: unknown, opts?: RequestOptions) => request<T>("POST", path, { ...opts, body });
/** DELETE without a body (the follow link's revocation). */
export const del = <T>(path: string, opts?: RequestOptions) => request<T>("DELETE", path, opts);

/** Path segment encoding for ids and plates placed in URLs. */
export const seg = (value: string | number) => encodeURIComponent(String(value));

/** URL of a stored file; <img>/<video> send the HttpOnly session cookie, since they cannot send the authToken header. */
export const fileUrl = (name: string) => apiUrl(`/uploads/files/${seg(name)}`);

/** A failed call as a thrown error, so a query shows its error state; message is the server's text when it sent one. */
export class ApiFailure extends Error {}
export function unwrap<T>(res: ApiResult<T>, fallback: string): T {
  if (!res.ok) throw new ApiFailure(res.message ?? fallback);
  return res.data;
}

/**
 * The contract's envelope check, the only one in the app: some calls answer 200 with `success: false` (spec §8), which is a
 * failure too; message is the body's when it has one.
 */
export function unwrapSuccess<T extends { success?: boolean; message?: string }>(res: ApiResult<T>, fallback: string): T {
  const body = unwrap(res, fallback);
  if (!body || body.success === false) throw new ApiFailure(body?.message || fallback);
  return body;
}
