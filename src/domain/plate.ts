// Brazilian plate rules: formats, display, and OCR candidate extraction with the spec's ranking (pure TS).
export type PlateFormat = "antiga" | "mercosul";
export interface PlateCandidate {
  plate: string;
  format: PlateFormat;
  score: number;
  rule: CandidateRule;
  /** OCR reads only: the reader's probability that this is the plate in the guide (0-1). */
  probability?: number;
}
export type CandidateRule = "continuous" | "pattern" | "joined" | "single";

/** The spec's confidence per rule: continuous match 0.9, pattern 0.8, joined words 0.7, single word 0.6. */
export const RULE_WEIGHT: Record<CandidateRule, number> = { continuous: 0.9, pattern: 0.8, joined: 0.7, single: 0.6 };

const OLD = /^[A-Z]{3}[0-9]{4}$/;
const MERCOSUL = /^[A-Z]{3}[0-9][A-Z][0-9]{2}$/;
const ANY_PLATE = /[A-Z]{3}[0-9][A-Z0-9][0-9]{2}/;

/** Words printed on plates and car bodies that are never a plate: country, states, capitals, vehicle words. */
export const IGNORED_WORDS = new Set([
  "BRASIL",
  "BRAZIL",
  "BR",
  "MERCOSUL",
  "MERCOSUR",
  "REPUBLICA",
  "FEDERATIVA",
  "DO",
  "DA",
  "DE",
  "AC",
  "AL",
  "AP",
  "AM",
  "BA",
  "CE",
  "DF",
  "ES",
  "GO",
  "MA",
  "MT",
  "MS",
  "MG",
  "PA",
  "PB",
  "PR",
  "PE",
  "PI",
  "RJ",
  "RN",
  "RS",
  "RO",
  "RR",
  "SC",
  "SP",
  "SE",
  "TO",
  "ACRE",
  "ALAGOAS",
  "AMAPA",
  "AMAZONAS",
  "BAHIA",
  "CEARA",
  "GOIAS",
  "MARANHAO",
  "PARA",
  "PARAIBA",
  "PARANA",
  "PERNAMBUCO",
  "PIAUI",
  "RONDONIA",
  "RORAIMA",
  "SERGIPE",
  "TOCANTINS",
  "RIO",
  "JANEIRO",
  "SAO",
  "PAULO",
  "MINAS",
  "GERAIS",
  "ESPIRITO",
  "SANTO",
  "GRANDE",
  "NORTE",
  "SUL",
  "MATO",
  "GROSSO",
  "SANTA",
  "CATARINA",
  "DISTRITO",
  "FEDERAL",
  "BRASILIA",
  "RECIFE",
  "SALVADOR",
  "FORTALEZA",
  "BELEM",
  "MANAUS",
  "CURITIBA",
  "PORTO",
  "ALEGRE",
  "GOIANIA",
  "BELO",
  "HORIZONTE",
  "VITORIA",
  "FLORIANOPOLIS",
  "NATAL",
  "JOAO",
  "PESSOA",
  "MACEIO",
  "ARACAJU",
  "TERESINA",
  "CUIABA",
  "CAMPO",
  "PALMAS",
  "MACAPA",
  "BOA",
  "VISTA",
  "VELHO",
  "BRANCO",
  "LUIS",
  "CARRO",
  "VEICULO",
  "AUTOMOVEL",
  "PLACA",
  "MOTO",
  "TAXI",
  "ALUGUEL",
  "OFICIAL",
]);

export const normalizePlate = (text: string) => text.toUpperCase().replace(/[^A-Z0-9]/g, "");

export function plateFormat(plate: string): PlateFormat | null {
  const p = normalizePlate(plate);
  if (OLD.test(p)) return "antiga";
  if (MERCOSUL.test(p)) return "mercosul";
  return null;
}

/** Old plates are shown as ABC-1234; Mercosul plates without a hyphen. */
export function displayPlate(plate: string): string {
  const p = normalizePlate(plate);
  return plateFormat(p) === "antiga" ? `${p.slice(0, 3)}-${p.slice(3)}` : p;
}

export const formatLabel = (format: PlateFormat) => (format === "antiga" ? "Antiga" : "Mercosul");

const TO_LETTER: Record<string, string> = { "0": "O", "1": "I", "8": "B", "5": "S", "2": "Z", "6": "G", "4": "A", "7": "T" };
const TO_DIGIT: Record<string, string> = { O: "0", Q: "0", D: "0", I: "1", L: "1", B: "8", S: "5", Z: "2", G: "6", T: "7", A: "4" };

/** Position-based O/0, I/1, B/8 (and similar) fixes for a 7-character word; null when no valid plate results. */
export function fixByPosition(word: string): string | null {
  if (word.length !== 7) return null;
  const letters = [...word.slice(0, 3)].map((c) => TO_LETTER[c] ?? c).join("");
  const d1 = TO_DIGIT[word[3]] ?? word[3];
  const d3 = [...word.slice(5)].map((c) => TO_DIGIT[c] ?? c).join("");
  const asOld = `${letters}${d1}${TO_DIGIT[word[4]] ?? word[4]}${d3}`;
  const asMercosul = `${letters}${d1}${TO_LETTER[word[4]] ?? word[4]}${d3}`;
  if (/[A-Z]/.test(word[4]) && MERCOSUL.test(asMercosul)) return asMercosul;
  if (OLD.test(asOld)) return asOld;
  return MERCOSUL.test(asMercosul) ? asMercosul : null;
}

/** Candidates found in one OCR reading, best first, one per plate. confidence: the OCR's 0-100 confidence, if known. */
export function extractCandidates(text: string, confidence = 100): PlateCandidate[] {
  const upper = text.toUpperCase();
  const factor = Math.max(0, Math.min(100, confidence)) / 100;
  const found = new Map<string, PlateCandidate>();
  const add = (plate: string, rule: CandidateRule) => {
    const format = plateFormat(plate);
    if (!format) return;
    const score = RULE_WEIGHT[rule] * factor;
    const prev = found.get(plate);
    if (!prev || prev.score < score) found.set(plate, { plate, format, score, rule });
  };
  for (const m of upper.matchAll(/(?<![A-Z0-9])([A-Z]{3})[-\s.]?([0-9][A-Z0-9][0-9]{2})(?![A-Z0-9])/g)) add(m[1] + m[2], "continuous");
  const words = upper
    .split(/\s+/)
    .map(normalizePlate)
    .filter((w) => w.length >= 2 && !IGNORED_WORDS.has(w));
  for (const w of words) {
    const inside = ANY_PLATE.exec(w);
    if (inside) add(inside[0], "pattern");
    else {
      const fixed = fixByPosition(w);
      if (fixed) add(fixed, "single");
    }
  }
  for (let i = 0; i + 1 < words.length; i++) {
    const joined = words[i] + words[i + 1];
    if (joined.length === 7) add(joined, "joined");
  }
  return [...found.values()].sort((a, b) => b.score - a.score);
}
