// Bank data masked for the central's point page (issue 38): enough to recognise an account, key or document (its last
// characters, the e-mail's domain) without showing it whole; the payments screen and its check keep the full values
// (server only).

const BULLETS = "••••";
const digits = (v: string) => v.replace(/\D/g, "");

/** "12345-6" -> "•••• 3456": the last four digits (or letters, an X check digit) of the account. */
export function maskAccount(account: string | null | undefined): string | null {
  const chars = (account ?? "").replace(/[^0-9a-z]/gi, "");
  if (!chars) return null;
  return `${BULLETS} ${chars.slice(-4)}`;
}

/** A CPF as "•••.456.789-••", a CNPJ as "11.•••.•••/0001-••" (the usual public masks); anything else its last four. */
export function maskDocument(document: string | null | undefined): string | null {
  const text = (document ?? "").trim();
  if (!text) return null;
  const d = digits(text);
  if (d.length === 11) return `•••.${d.slice(3, 6)}.${d.slice(6, 9)}-••`;
  if (d.length === 14) return `${d.slice(0, 2)}.•••.•••/${d.slice(8, 12)}-••`;
  return `${BULLETS} ${text.slice(-4)}`;
}

/** "ana.souza@example.com" -> "an•••@example.com". */
function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 1) return `${BULLETS}${email.slice(-4)}`;
  return `${email.slice(0, Math.min(2, at - 1))}•••${email.slice(at)}`;
}

/** A PIX key masked by its kind: e-mail, CPF/CNPJ, phone "(••) •••••-4321", random key "1a2b…9f0e". */
export function maskPixKey(type: string | null | undefined, key: string | null | undefined): string | null {
  const text = (key ?? "").trim();
  if (!text) return null;
  switch (type) {
    case "EMAIL":
      return maskEmail(text);
    case "CPF":
    case "CNPJ":
      return maskDocument(text);
    case "TELEFONE":
      return `(••) •••••-${digits(text).slice(-4)}`;
    case "CHAVE_ALEATORIA":
      return `${text.slice(0, 4)}…${text.slice(-4)}`;
    default:
      return `${BULLETS} ${text.slice(-4)}`;
  }
}
