// The one form hook of the SPA (main thread): values, the per-field errors a src/domain-style validator returns, touched and
// submitted, `field(name)` props for native inputs, `handleSubmit` (validate all, focus the first invalid field) and `dirty`
// for the modal's discard question. Hand-written rather than react-hook-form (~9 kB gzip, a register/ref model the masked
// react-imask inputs and the searchable select would need adapters for): this is about 0.7 kB gzip, a real cost saved on a
// low-tier phone's first open of a form, and the forms here are a handful of controlled fields each.
import { useId, useState, type ChangeEvent, type FormEvent } from "react";

/** One message per field with a problem (absent or empty: no problem); "form" is the server's refusal of the whole form. */
export type FormErrors<V> = Partial<Record<(keyof V & string) | "form", string>>;

interface FormOptions<V> {
  initial: V | (() => V);
  /** All fields' problems at once, from the domain rules (pure: values in, messages out). */
  validate?: (values: V) => FormErrors<V>;
  /** Whether the user has something to lose (the discard question); default: any value differs from the initial one. */
  isDirty?: (values: V, initial: V) => boolean;
  /** Prefix of the fields' ids (`${prefix}-${name}`, errors `${prefix}-${name}-err`); default a useId(). */
  idPrefix?: string;
}

type TextControl = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
type Key<V> = keyof V & string;

export function useForm<V extends object>({ initial, validate, isDirty, idPrefix }: FormOptions<V>) {
  const ownId = useId();
  const prefix = idPrefix ?? ownId;
  const [start] = useState(initial);
  const [values, setValues] = useState(start);
  const [errors, setErrors] = useState<FormErrors<V>>({});
  const [touched, setTouched] = useState<Partial<Record<Key<V>, true>>>({});
  const [submitted, setSubmitted] = useState(false);

  const fieldId = (name: Key<V>) => `${prefix}-${name}`;
  const errorId = (name: Key<V>) => `${prefix}-${name}-err`;

  /** New values; their errors, those of `alsoCleared` and the form's error go away (an edit answers them). */
  const set = (patch: Partial<V>, ...alsoCleared: Key<V>[]) => {
    setValues((v) => ({ ...v, ...patch }));
    const keys: string[] = [...Object.keys(patch), ...alsoCleared, "form"];
    setErrors((e) =>
      keys.some((k) => e[k as Key<V>]) ? (Object.fromEntries(Object.entries(e).filter(([k]) => !keys.includes(k))) as FormErrors<V>) : e,
    );
  };

  /** A control's link to its error line (any control: masked inputs, selects of their own). */
  const aria = (name: Key<V>) => ({ "aria-invalid": errors[name] ? true : undefined, "aria-describedby": errorId(name) });
  /** Props of a native input, select or textarea bound to `name`. */
  const field = (name: Key<V>) => ({
    id: fieldId(name),
    value: values[name] as string,
    onChange: (e: ChangeEvent<TextControl>) => set({ [name]: e.target.value } as Partial<V>),
    onBlur: () => setTouched((t) => (t[name] ? t : { ...t, [name]: true })),
    ...aria(name),
  });

  /**
   * The form's onSubmit: the page load prevented, every field validated, the errors shown; then `onValid` when there is none,
   * else focus on the first field marked invalid (in the form's order, after the render that marks it) so its message is
   * read out. `focus: false` leaves focus where it is.
   */
  const handleSubmit =
    (onValid: (values: V) => void, { focus = true } = {}) =>
    (e?: FormEvent<HTMLFormElement>) => {
      e?.preventDefault();
      const form = e?.currentTarget;
      setSubmitted(true);
      const found = validate?.(values) ?? {};
      setErrors(found);
      if (!Object.values(found).some(Boolean)) return onValid(values);
      if (focus && form) requestAnimationFrame(() => form.querySelector<HTMLElement>("[aria-invalid='true']")?.focus());
    };

  /** Back to the initial values (or `next`), nothing touched, no error. */
  const reset = (next: V = start) => {
    setValues(next);
    setErrors({});
    setTouched({});
    setSubmitted(false);
  };

  return {
    values,
    errors,
    touched,
    submitted,
    dirty: isDirty ? isDirty(values, start) : (Object.keys(start) as Key<V>[]).some((k) => !Object.is(values[k], start[k])),
    set,
    aria,
    field,
    fieldId,
    errorId,
    handleSubmit,
    /** The server refused the form: its message alone replaces every error. */
    fail: (message: string) => setErrors({ form: message } as FormErrors<V>),
    reset,
  };
}
