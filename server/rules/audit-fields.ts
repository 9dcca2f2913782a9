// The record of changes' field rules (server only): which fields a change records, how each value reads, and which are kept
// masked. The write itself is services/audit.ts.

/** One field's change as recorded and shown: its label, and the values before and after as text (masked when sensitive). */
export interface FieldChange {
  campo: string;
  antes: string | null;
  depois: string | null;
}

/**
 * A sensitive value as the record keeps it: its last four characters (enough to recognise an account, a key or a document)
 * behind dots; values of four characters or fewer are all dots. Empty stays empty.
 */
export function masked(value: string | null | undefined): string | null {
  const text = (value ?? "").trim();
  if (!text) return null;
  const visible = text.length > 4 ? text.slice(-4) : "";
  return `${"•".repeat(Math.min(8, Math.max(4, text.length - visible.length)))}${visible}`;
}

export interface FieldSpec<T> {
  key: keyof T;
  label: string;
  /** Kept masked in the record (accounts, keys, documents). */
  sensitive?: boolean;
  /** How the value reads (a code to its name, a time to HH:mm); default: its text. */
  text?: (value: unknown) => string | null;
}

/** A FieldSpec's `text` for a code shown by its name (PIX_KEY_TYPE_LABELS: "EMAIL" reads "E-mail"); an unknown code as it is. */
export const labelled =
  (labels: Readonly<Record<string, string>>) =>
  (value: unknown): string | null =>
    value ? (labels[String(value)] ?? String(value)) : null;

const plainText = (value: unknown): string | null => (value === null || value === undefined || value === "" ? null : String(value));

/** The fields that differ between two versions of a row, as recorded (null before: created; null after: deleted). */
export function fieldChanges<T extends object>(specs: FieldSpec<T>[], before: Partial<T> | null, after: Partial<T> | null): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const spec of specs) {
    const read = spec.text ?? plainText;
    const a = before ? read(before[spec.key]) : null;
    const b = after ? read(after[spec.key]) : null;
    if (a === b) continue;
    changes.push({ campo: spec.label, antes: spec.sensitive ? masked(a) : a, depois: spec.sensitive ? masked(b) : b });
  }
  return changes;
}
