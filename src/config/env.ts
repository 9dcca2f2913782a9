// Build-time configuration of the SPA (main thread).
export const API_BASE: string = (import.meta.env.VITE_API_BASE as string | undefined)?.replace(/\/$/, "") || "/api";

/** External page where workshops apply to become accredited (login footer link). */
export const SIGNUP_URL: string = (import.meta.env.VITE_SIGNUP_URL as string | undefined) || "https://www.vcar.com.br/seja-um-credenciado";

/** localStorage keys kept compatible with the original portal. */
export const STORAGE_KEYS = { token: "authToken", user: "userData" } as const;

/** How long a lazily loaded page may take to arrive before the user is offered a retry. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
