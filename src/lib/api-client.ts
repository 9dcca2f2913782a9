// HTTP client for the portal API: base URL, authToken header, errors returned as values, never thrown (main thread).
import { API_BASE, STORAGE_KEYS } from "../config/env";
import { bus } from "./bus";
import { serverMessage } from "../domain/server-message";
import { isDeactivation } from "../domain/deactivation";
import type { Answer, BodyOf, Method, ParamsOf, QueryOf, RouteRef, RouteSpec } from "../../contract/route";

export type ApiOk<T> = { ok: true; status: number; data: T };
export type ApiError = { ok: false; status: number | undefined; message: string | undefined; body: unknown };
export type ApiResult<T> = ApiOk<T> | ApiError;

export interface RequestOptions {
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

/** One call: the authToken header (stored, or `opts.token`), errors as values, 401/403 on the stored token told on the bus. */
async function request<T>(
  method: Method,
  path: string,
  body: BodyInit | undefined,
  headers: Record<string, string>,
  opts: RequestOptions = {},
): Promise<ApiResult<T>> {
  const token = opts.token === undefined ? storedToken() : opts.token;
  if (token) headers.authToken = token;
  let res: Response;
  try {
    res = await fetch(apiUrl(path), { method, headers, signal: opts.signal, credentials: "same-origin", body });
  } catch (err) {
    return { ok: false, status: undefined, message: undefined, body: err };
  }
  let answer: unknown;
  try {
    answer = await readBody(res);
  } catch (err) {
    return { ok: false, status: undefined, message: undefined, body: err };
  }
  if (res.ok) return { ok: true, status: res.status, data: answer as T };
  if (res.status === 401 && token && opts.token === undefined) bus.emit("session:expired", { deactivated: isDeactivation(answer) });
  if (res.status === 403 && token && opts.token === undefined) bus.emit("session:forbidden");
  return { ok: false, status: res.status, message: serverMessage(answer), body: answer };
}

/** Path segment encoding for ids and plates placed in URLs. */
export const seg = (value: string | number) => encodeURIComponent(String(value));

/** A request part typed by the route: required when the route has it (`query` when any of its fields is), refused otherwise. */
type Part<K extends string, T, OptionalWhenEmpty extends boolean> = [T] extends [never]
  ? { [P in K]?: never }
  : OptionalWhenEmpty extends true
    ? object extends T
      ? { [P in K]?: T }
      : { [P in K]: T }
    : { [P in K]: T };
export type CallInput<R extends RouteSpec> = Part<"params", ParamsOf<R>, false> &
  Part<"query", QueryOf<R>, true> &
  Part<"body", BodyOf<R>, false>;
/** The input may be left out when the route needs none. */
type CallArgs<I, O> = object extends I ? [input?: I, opts?: O] : [input: I, opts?: O];

/** A route's method and url ("GET /x/:id"). */
const split = (route: string) => route.split(" ", 2) as [Method, string];

/** The route's url with each `:name` replaced by its encoded param, then the query's set values (in their order) if any. */
function routePath(url: string, params: object | undefined, query: object | undefined): string {
  const values = (params ?? {}) as Record<string, string | number>;
  const path = url.replace(/:(\w+)/g, (_, name: string) => seg(values[name]!));
  const set = Object.entries(query ?? {}).filter(([, v]) => v !== undefined && v !== "");
  const q = new URLSearchParams(set.map(([k, v]) => [k, String(v)]));
  return q.size ? `${path}?${q}` : path;
}

/**
 * The one JSON call of the app: a route of contract/gen (its method and url, typed with its contract spec), its params, query
 * and body typed from the route's schemas, and its answer typed as the route's 200 (query values undefined or "" are left out).
 */
export function call<R extends RouteSpec>(route: RouteRef<R>, ...[input, opts]: CallArgs<CallInput<R>, RequestOptions>) {
  const { params, query, body } = (input ?? {}) as { params?: object; query?: object; body?: unknown };
  const headers: Record<string, string> = { accept: "application/json" };
  if (body !== undefined) headers["content-type"] = "application/json";
  const json = body === undefined ? undefined : JSON.stringify(body);
  const [method, url] = split(route);
  return request<Answer<R>>(method, routePath(url, params, query), json, headers, opts);
}

export type FormInput<R extends RouteSpec> = Part<"params", ParamsOf<R>, false> & {
  /** Text parts, sent first and in this order. */
  fields?: Record<string, string>;
  /** File parts after the text ones, each with its file name; undefined ones are left out. */
  files?: Record<string, readonly [Blob, string] | undefined>;
};

/** A multipart call (a proof, the member's return photo): like `call`, with the form's text and file parts as the body. */
export function postForm<R extends RouteSpec>(route: RouteRef<R>, input: FormInput<R>, opts?: RequestOptions) {
  const form = new FormData();
  for (const [name, value] of Object.entries(input.fields ?? {})) form.append(name, value);
  for (const [name, file] of Object.entries(input.files ?? {})) if (file) form.append(name, file[0], file[1]);
  const [method, url] = split(route);
  return request<Answer<R>>(method, routePath(url, input.params, undefined), form, { accept: "application/json" }, opts);
}

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
