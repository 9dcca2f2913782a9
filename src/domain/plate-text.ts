// A Brazilian plate in one free text line read by a general OCR engine (the second reader's text), by position (pure TS).
import { plateFormat } from "./plate.ts";

/** Look-alikes read where the plate has a letter (positions 1-3; the 5th is always read as written, below). */
const AS_LETTER: Record<string, string> = { "0": "O", "1": "I", "8": "B", "5": "S", "2": "Z", "6": "G" };
/** Look-alikes read where the plate has a digit. */
const AS_DIGIT: Record<string, string> = { O: "0", Q: "0", D: "0", I: "1", L: "1", Z: "2", S: "5", B: "8", G: "6" };

/**
 * What separates the characters of one plate in an OCR line: space, hyphen, middle dot, full stop, and the dash look-alikes a
 * Chinese-trained recogniser writes for a plate's hyphen (一 yi, full-width and long dashes). Any other symbol splits the text.
 */
const SEPARATOR = /[\s\-·.一－—–_]/;

const isLetter = (c: string) => c >= "A" && c <= "Z";
const isDigit = (c: string) => c >= "0" && c <= "9";

/** One 7-character window read as a plate: the plate and how many characters were mapped; null if it fits no format. */
export function fitWindow(w: string): { plate: string; mapped: number } | null {
  if (w.length !== 7) return null;
  let plate = "",
    mapped = 0;
  for (let i = 0; i < 7; i++) {
    const c = w[i];
    if (i === 4) {
      // Always read as written: a digit is an old plate's 5th, a letter a Mercosul plate's (any letter A-Z: the converted
      // plates have A-J there, new plates any letter). A look-alike of a digit (O, Q, D, I, L, Z, S, B, G) is therefore a
      // Mercosul plate as written, never mapped to an old plate's digit: a window read as written ranks before one that
      // needs a mapping (plateFromText), and here both are the same window. An old plate's 0 written O by the second reader
      // then disagrees with the net (which tells the formats by the plate's look), and the lock's veto (plate-lock.ts) holds
      // that plate back rather than open another.
      plate += c;
      continue;
    }
    const letter = i < 3;
    if (letter ? isLetter(c) : isDigit(c)) plate += c;
    else {
      const m = (letter ? AS_LETTER : AS_DIGIT)[c];
      if (!m) return null;
      plate += m;
      mapped++;
    }
  }
  return plateFormat(plate) ? { plate, mapped } : null;
}

/** The text's runs of letters and digits (separators dropped), each character marked when a separator or the run's start precedes it. */
function runs(text: string): { chars: string; startsWord: boolean[] }[] {
  const out: { chars: string; startsWord: boolean[] }[] = [];
  let chars = "",
    startsWord: boolean[] = [],
    afterSeparator = true;
  const close = () => {
    if (chars) out.push({ chars, startsWord });
    chars = "";
    startsWord = [];
    afterSeparator = true;
  };
  for (const c of text.normalize("NFKC").toUpperCase()) {
    if (isLetter(c) || isDigit(c)) {
      chars += c;
      startsWord.push(afterSeparator);
      afterSeparator = false;
    } else if (SEPARATOR.test(c)) afterSeparator = true;
    else close();
  }
  close();
  return out;
}

/**
 * The plate in one OCR text line, or null. Every 7-character window of the line's letters and digits (separators dropped) is
 * read with look-alikes mapped by position (0/O, 1/I, 8/B, 5/S, 2/Z, 6/G; Q, D, L as digits), the 5th as written (a letter:
 * Mercosul, a digit: old). Windows are ranked: one read as
 * written before one that needs a mapping, and, within that, one whose ends fall on word ends (the "SP" of an old plate's
 * city line "SAO PAULO SP" joined to "ABC-I234" fits too, but starts inside a word run). The best rank must hold one plate:
 * two different plates there are ambiguous (null).
 */
export function plateFromText(text: string): string | null {
  const ranked: Set<string>[] = [new Set(), new Set(), new Set(), new Set()];
  for (const { chars, startsWord } of runs(text))
    for (let s = 0; s + 7 <= chars.length; s++) {
      const fit = fitWindow(chars.slice(s, s + 7));
      if (!fit) continue;
      const onWords = startsWord[s] && (s + 7 === chars.length || startsWord[s + 7]);
      ranked[(fit.mapped ? 2 : 0) + (onWords ? 0 : 1)].add(fit.plate);
    }
  const best = ranked.find((r) => r.size > 0);
  return best?.size === 1 ? [...best][0] : null;
}
