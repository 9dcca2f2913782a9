// Generic input checks shared by UI and server (pure TS).

/** The spec's generic e-mail check: something@something.something without spaces. */
export const isEmail = (value: string) => /^\S+@\S+\.\S+$/.test(value);

export const isBlank = (value: string | null | undefined) => value == null || value.trim() === "";
