// Team accounts' rules shared by the Equipe and password screens and the server (pure TS): links, phones and the new
// password's rules, whose strength part runs zxcvbn-ts, handed in by each side (src/domain imports no package).
export const MIN_PASSWORD_LENGTH = 8;
/** How long an invitation or a reset link works (the server's expiry; the screens say it). */
export const ACCESS_LINK_HOURS = 72;

/** The pages an access link opens; the token travels in the fragment, which no server log or Referer ever sees. */
export const ACCESS_LINK_PATHS = { convite: "/primeiro-acesso", redefinicao: "/redefinir-senha" } as const;
export type AccessLinkKind = keyof typeof ACCESS_LINK_PATHS;

/**
 * The zxcvbn score (0-4) a new password needs: 3, "boa", at least 10^8 guesses by zxcvbn's estimate. The portal's own login
 * is rate-limited and its hashes are argon2, so 3 is zxcvbn's "safely unguessable" level that resists an online attack with
 * a wide margin and a stolen-hash attack for a while; 4 (10^10) refuses many passphrases people can remember.
 */
export const MIN_PASSWORD_SCORE = 3;
/**
 * Only the first 64 characters are estimated: zxcvbn's matching grows quickly with the length (a 256-character input took 2-3 s
 * of the server's CPU), and what follows a strong 64-character start only makes it stronger.
 */
export const STRENGTH_MAX_LENGTH = 64;
/** zxcvbn tries at most this many l33t readings ('@' as 'a', '0' as 'o'…): its default (100) cost up to 0.5 s per check. */
export const STRENGTH_L33T_MAX_SUBSTITUTIONS = 10;

export const PASSWORD_PROBLEMS = {
  short: `A senha deve ter pelo menos ${MIN_PASSWORD_LENGTH} caracteres.`,
  spaces: "A senha não pode começar nem terminar com espaço.",
  email: "A senha não pode ser o seu e-mail.",
  weak: "Senha fácil de adivinhar: escolha uma com força boa ou forte.",
  mismatch: "A confirmação não confere com a senha.",
} as const;

/** What zxcvbn says of a password (its `score` and `feedback`, already in pt-BR). */
export interface StrengthEstimate {
  score: 0 | 1 | 2 | 3 | 4;
  feedback: { warning: string | null; suggestions: string[] };
}
/** zxcvbn's check with the user's own words (passwordUserInputs) as extra dictionary entries. */
export type StrengthEstimator = (password: string, userInputs: string[]) => StrengthEstimate;

export type StrengthLevel = "weak" | "fair" | "good" | "strong";
const LEVELS: readonly StrengthLevel[] = ["weak", "weak", "fair", "good", "strong"];

/** The strength a screen shows: a level, whether the rule accepts it, and why not. */
export interface PasswordStrength {
  level: StrengthLevel;
  acceptable: boolean;
  /** The rule broken (length, spaces, the e-mail) or zxcvbn's warning and suggestions; null when acceptable. */
  reason: string | null;
}

/** Ends a sentence that zxcvbn's catalogue left without a full stop. */
const sentence = (text: string) => (/[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);

/** zxcvbn's warning and suggestions as one text ("" when it has none). */
export const strengthFeedback = ({ feedback }: StrengthEstimate) =>
  [feedback.warning, ...feedback.suggestions]
    .filter((t): t is string => !!t && t.trim() !== "")
    .map(sentence)
    .join(" ");

/** The first of the rules that need no estimate (length, spaces around, the e-mail itself), or null. */
function basicProblem(password: string, email: string): string | null {
  if ([...password].length < MIN_PASSWORD_LENGTH) return PASSWORD_PROBLEMS.short;
  // Invisible at the ends, easy to lose when typing it again; eight spaces fail here too.
  if (password.trim() !== password) return PASSWORD_PROBLEMS.spaces;
  const lower = password.toLowerCase();
  const address = email.trim().toLowerCase();
  if (lower === address || (address.includes("@") && lower === address.slice(0, address.indexOf("@")))) return PASSWORD_PROBLEMS.email;
  return null;
}

/** How strong a password is for the screens' meter; `estimate` runs zxcvbn and is called only when the basic rules pass. */
export function passwordStrength(password: string, email: string, estimate: () => StrengthEstimate): PasswordStrength {
  const basic = basicProblem(password, email);
  if (basic) return { level: "weak", acceptable: false, reason: basic };
  const result = estimate();
  const acceptable = result.score >= MIN_PASSWORD_SCORE;
  return {
    level: LEVELS[result.score] ?? "weak",
    acceptable,
    reason: acceptable ? null : strengthFeedback(result) || PASSWORD_PROBLEMS.weak,
  };
}

/**
 * The first rule a new password breaks, or null when it is acceptable: at least 8 characters, no space at either end, not the
 * e-mail, strong enough by zxcvbn (the refusal says why: its warning and suggestions), confirmation equal. `estimate` is called
 * only when the cheaper rules pass; it returns null where no estimator is at hand (a screen whose dictionaries are still
 * loading: the server, which always estimates, decides).
 */
export function passwordProblem(
  password: string,
  email: string,
  confirmation: string,
  estimate: () => StrengthEstimate | null,
): string | null {
  const basic = basicProblem(password, email);
  if (basic) return basic;
  const result = estimate();
  if (result && result.score < MIN_PASSWORD_SCORE) return [PASSWORD_PROBLEMS.weak, strengthFeedback(result)].filter(Boolean).join(" ");
  if (password !== confirmation) return PASSWORD_PROBLEMS.mismatch;
  return null;
}

/** Words of the portal itself, weak in any password of it (the central's screens too: "Equipe Central 2026"). */
const SITE_WORDS = ["portal", "credenciado", "credenciada", "equipe", "central", "programa"];
/** Words that join names in pt-BR ("Portal do Credenciado", "Prado e Filhos"): no strength of their own between the user's words. */
const JOINERS = ["de", "da", "do", "das", "dos", "e"];

/** Letters only, lower case, accents off: "Auto Center, Boa-Viagem 2026!" -> "autocenterboaviagem". */
const lettersOf = (text: string) =>
  text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}]/gu, "");

/**
 * Whether the password's letters are nothing but the user's own words (and the portal's), whatever the spacing, case,
 * punctuation, accents and added digits or years: "Auto Center Boa Viagem", "Joana Prado 2026", "joana.prado2026",
 * "Portal do Credenciado", "Recife2026!" for a point in Recife. zxcvbn-ts matches a user input only as a whole token, so
 * words kept apart by spaces, or glued to a year, read to it as a strong passphrase (issue 50). Hand-written: no package
 * splits a text into a given dictionary; a word break over the letters (each user word at least 3 letters, the joiners
 * between them) at most 64 letters long, at most 64 x 64 steps.
 */
export function onlyOwnWords(password: string, userInputs: readonly string[]): boolean {
  const letters = lettersOf(password.slice(0, STRENGTH_MAX_LENGTH));
  if (letters.length < 3) return false;
  const own = new Set(userInputs.map(lettersOf).filter((w) => w.length >= 3));
  for (const w of SITE_WORDS) own.add(w);
  const words = new Set([...own, ...JOINERS]);
  const longest = Math.max(...[...words].map((w) => w.length));
  // reach[i]: letters[0..i) is a run of words, "own" once one of them is the user's (joiners alone are not).
  const reach: (null | "joiners" | "own")[] = new Array<null>(letters.length + 1).fill(null);
  reach[0] = "joiners";
  for (let i = 1; i <= letters.length; i++)
    for (let j = Math.max(0, i - longest); j < i; j++) {
      const before = reach[j];
      if (!before) continue;
      const piece = letters.slice(j, i);
      const next = own.has(piece) ? "own" : JOINERS.includes(piece) ? before : null;
      if (next === "own" || (next && !reach[i])) reach[i] = next;
    }
  return reach[letters.length] === "own";
}

/**
 * The user's own data as zxcvbn user inputs, so "joana2024" is weak for Joana: the name and its words, the e-mail, its local
 * part and that part's pieces, the words of the point's names (and its city) and their pairs; each also without accents.
 */
export function passwordUserInputs(who: { name: string; email: string; pointNames: (string | null | undefined)[] }): string[] {
  const words = (text: string) => text.split(/[^\p{L}\p{N}]+/u).filter((w) => w.length >= 3);
  const email = who.email.trim();
  const local = email.includes("@") ? email.slice(0, email.indexOf("@")) : email;
  const names = [who.name, ...who.pointNames].filter((n): n is string => !!n && n.trim() !== "");
  // Each name whole and word by word, and each two neighbouring words joined either way ("autocenter", "pradojoana").
  const ofName = (n: string) => {
    const w = words(n);
    return [n.replace(/\s+/g, ""), ...w, ...w.slice(1).flatMap((x, i) => [`${w[i]}${x}`, `${x}${w[i]}`])];
  };
  const all = [email, local, ...words(local), ...names.flatMap(ofName), ...SITE_WORDS];
  const plain = (w: string) => w.normalize("NFD").replace(/\p{M}/gu, "");
  return [...new Set(all.flatMap((w) => [w.toLowerCase(), plain(w).toLowerCase()]))].filter((w) => w.length >= 3);
}

/** What a password made only of the user's own words lacks. */
export const OWN_WORDS_SUGGESTION =
  "Espaços, pontuação, números ou anos não bastam: acrescente palavras que não sejam o seu nome, o seu e-mail, o nome ou a cidade do ponto.";

/** Corrections to zxcvbn-ts's pt-BR catalogue (grammar, punctuation), the rest used as it is. */
const FEEDBACK_FIXES = {
  warnings: {
    simpleRepeat: 'Caracteres repetidos, como "aaa", são fáceis de adivinhar.',
    extendedRepeat: 'Padrões de caracteres repetidos, como "abcabcabc", são fáceis de adivinhar.',
    sequences: 'Sequências comuns de caracteres, como "abc", são fáceis de adivinhar.',
    similarToCommon: "Esta senha é parecida com uma senha muito usada.",
    userInputs: "A senha não deve conter os seus dados, como o seu nome, o seu e-mail ou o nome do ponto.",
  },
  suggestions: {
    reverseWords: "Evite palavras comuns escritas de trás para frente.",
    capitalization: "Use outras letras maiúsculas além da primeira.",
    dates: "Evite datas e anos associados a você.",
    recentYears: "Evite anos recentes.",
    sequences: "Evite sequências comuns de caracteres.",
  },
} as const;

/**
 * The options of zxcvbn-ts's ZxcvbnFactory, the same on both sides so the screen's meter and the server agree: the common and
 * pt-BR dictionaries, the keyboard graphs, the pt-BR feedback (corrected) and the bounds above.
 */
export function strengthOptions<
  C extends { dictionary: object; adjacencyGraphs: object },
  L extends { dictionary: object; translations: { warnings: object; suggestions: object } },
>(common: C, ptBr: L) {
  const t = ptBr.translations;
  return {
    dictionary: { ...common.dictionary, ...ptBr.dictionary } as C["dictionary"] & L["dictionary"],
    graphs: common.adjacencyGraphs as C["adjacencyGraphs"],
    translations: {
      ...t,
      warnings: { ...t.warnings, ...FEEDBACK_FIXES.warnings },
      suggestions: { ...t.suggestions, ...FEEDBACK_FIXES.suggestions },
    } as L["translations"],
    maxLength: STRENGTH_MAX_LENGTH,
    l33tMaxSubstitutions: STRENGTH_L33T_MAX_SUBSTITUTIONS,
  };
}

/** The estimator over a ZxcvbnFactory built from strengthOptions (the class and packages come from the caller). */
export function strengthEstimator(checker: {
  check(password: string, userInputs?: (string | number)[]): { score: number; feedback: StrengthEstimate["feedback"] };
}): StrengthEstimator {
  return (password, userInputs) => {
    // The user's own words, however spaced, cased or dated, are weak whatever zxcvbn scores them; the refusal says why.
    if (onlyOwnWords(password, userInputs))
      return { score: 1, feedback: { warning: FEEDBACK_FIXES.warnings.userInputs, suggestions: [OWN_WORDS_SUGGESTION] } };
    const { score, feedback } = checker.check(password, userInputs);
    return { score: Math.max(0, Math.min(4, score)) as StrengthEstimate["score"], feedback };
  };
}

/** A phone as its digits without the country code: "(81) 98888-1111" -> "81988881111" (validated with @brazilian-utils). */
export function phoneDigits(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  return digits.length > 11 && digits.startsWith("55") ? digits.slice(2) : digits;
}
