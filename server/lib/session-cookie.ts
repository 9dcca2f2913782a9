// The HttpOnly session cookie: its name (plugins/auth.ts reads it for media reads) and how a sign-in sets it (server only).
export const SESSION_COOKIE = "portal_session";

/** The HttpOnly session cookie media tags send (files only; never accepted for a change). */
export const sessionCookie = (token: string, lifetimeMs: number, secure: boolean) =>
  `${SESSION_COOKIE}=${token}; Path=/api; HttpOnly; SameSite=Strict; Max-Age=${Math.floor(lifetimeMs / 1000)}${secure ? "; Secure" : ""}`;
