// Generic input checks shared by UI and server (pure TS).

const SPACE = /\s/;

/**
 * The spec's generic e-mail check: something@something.something without spaces (the meaning of /^\S+@\S+\.\S+$/).
 * Written as index scans because that regex backtracks: 60 000 '@' characters took seconds of CPU. Now linear in the length.
 */
export function isEmail(value: string): boolean {
  if (SPACE.test(value)) return false;
  // The earliest '@' after the first character leaves the most room for "something.something" after it.
  const at = value.indexOf("@", 1);
  // The last '.' that still has a character after it.
  const dot = value.lastIndexOf(".", value.length - 2);
  return at > 0 && dot > at + 1;
}

export const isBlank = (value: string | null | undefined) => value == null || value.trim() === "";
