// TypeBox building blocks of the API contract: request fields (every string bounded, so no pattern or handler sees an
// over-long one) and response fields (shared by server and client; the client reads their static types only).
import { Type, type TProperties, type TSchema, type TString } from "typebox";

/**
 * Per-field limits. Ajv checks maxLength before pattern and format (its generated code tests the length first and stops at the
 * first error), so a bounded field never reaches a regular expression at full size. The README's security section should list these.
 */
export const MAX = {
  email: 254,
  password: 256,
  id: 36,
  param: 100,
  file: 300,
  name: 200,
  short: 20,
  date: 40,
  phone: 40,
  plate: 20,
  reason: 1000,
  note: 2000,
  description: 4000,
  list: 6000,
  text: 300,
} as const;

export const uuid = Type.String({ format: "uuid", maxLength: MAX.id });
export const text = (maxLength: number = MAX.text) => Type.String({ maxLength });
/** Required text that must not be only spaces. */
export const nonBlank = (maxLength: number = MAX.text) => Type.String({ minLength: 1, maxLength, pattern: "\\S" });
export const hhmm = Type.String({ maxLength: 5, pattern: "^([01]\\d|2[0-3]):[0-5]\\d$" });
/** yyyy-MM-dd or dd/MM/yyyy (both are sent by the original client); parseDay checks the calendar and the year range. */
export const dateText = Type.String({ maxLength: MAX.date, pattern: "^(\\d{4}-\\d{2}-\\d{2}|\\d{2}/\\d{2}/\\d{4})" });

// One JSON-schema `type` list instead of TypeBox's anyOf: ajv then coerces like the other fields and reports one clear error.
export const nullableText = (maxLength: number = MAX.text) => Type.Unsafe<string | null>({ type: ["string", "null"], maxLength });
export const optionalFile = nullableText(MAX.file);
export const nullableNumber = (minimum: number, maximum: number) =>
  Type.Unsafe<number | null>({ type: ["number", "null"], minimum, maximum });
/** A field the original client sends as a number or a string (motivo, numeroOS); the handler checks the value itself. */
export const numberOrText = (maxLength: number = MAX.short) => Type.Unsafe<number | string>({ type: ["integer", "string"], maxLength });
/** An id the tenant guards check (they answer 404 for anything that is not this point's, as the contract test expects). */
export const idText = Type.String({ maxLength: MAX.param });
/**
 * Any JSON value, but a string one is bounded; for fields whose handler answers a wrong type with the contract's own message.
 * Every JSON type is listed so ajv never coerces (12 stays a number) and its strict mode sees maxLength next to "string".
 */
export const anyBounded = (maxLength: number) =>
  Type.Unsafe<unknown>({ type: ["string", "number", "boolean", "null", "array", "object"], maxLength });

/** Path parameters: all strings (ids are checked by the tenant guards, which answer 404 for anything that is not theirs). */
export function params<const K extends string>(...names: K[]) {
  return Type.Object(Object.fromEntries(names.map((n) => [n, Type.String({ maxLength: MAX.param })])) as Record<K, TString>);
}

/** A body of required uuid fields whose names a table of routes supplies. */
export function uuidFields<const K extends string>(...names: K[]) {
  return Type.Object(Object.fromEntries(names.map((n) => [n, uuid])) as Record<K, typeof uuid>);
}

/** For routes that read no query: unknown keys are dropped (ajv removeAdditional), so repeated or odd keys cannot matter. */
export const noQuery = Type.Object({}, { additionalProperties: false });
export const noParams = Type.Object({}, { additionalProperties: false });

// ---- Responses ----------------------------------------------------------------------------------------------------------
// Response objects list every field they carry (additionalProperties false): the server's serializer drops anything else,
// and the contract test fails on a field the schema does not name, so the schema and the wire cannot drift apart.
// Nullable fields use one JSON-schema `type` list (not anyOf), which the serializer handles on its fast path.

/** A response object: exactly these fields. */
export const obj = <P extends TProperties>(properties: P, description?: string) =>
  Type.Object(properties, { additionalProperties: false, ...(description ? { description } : {}) });
/** A response object whose keys are data (e.g. a map by id): any key, values of one schema. */
export const dict = <V extends TSchema>(value: V) => Type.Record(Type.String(), value);
export const list = <T extends TSchema>(item: T) => Type.Array(item);
export const str = (description?: string) => Type.String(description ? { description } : {});
export const int = (description?: string) => Type.Integer(description ? { description } : {});
export const num = (description?: string) => Type.Number(description ? { description } : {});
export const bool = (description?: string) => Type.Boolean(description ? { description } : {});
export const strOrNull = (description?: string) =>
  Type.Unsafe<string | null>({ type: ["string", "null"], ...(description ? { description } : {}) });
export const numOrNull = (description?: string) =>
  Type.Unsafe<number | null>({ type: ["number", "null"], ...(description ? { description } : {}) });
export const intOrNull = (description?: string) =>
  Type.Unsafe<number | null>({ type: ["integer", "null"], ...(description ? { description } : {}) });
export const boolOrNull = (description?: string) =>
  Type.Unsafe<boolean | null>({ type: ["boolean", "null"], ...(description ? { description } : {}) });
/** One of fixed texts (a status letter, a kind). */
export const oneOf = <const V extends readonly string[]>(values: V, description?: string) =>
  Type.Unsafe<V[number]>({ type: "string", enum: [...values], ...(description ? { description } : {}) });
export const oneOfOrNull = <const V extends readonly string[]>(values: V, description?: string) =>
  Type.Unsafe<V[number] | null>({ type: ["string", "null"], enum: [...values, null], ...(description ? { description } : {}) });
/** A literal the envelope always carries (`success: true`). */
export const literal = <const V extends string | number | boolean>(value: V) => Type.Literal(value);

/** The contract's plain answer to an action: `{ success, message }` (spec §8: some calls answer 200 with success false). */
export const Message = obj({ success: Type.Optional(bool()), message: str() });

/** An action's answer that always succeeds when it answers 200: `{ success: true, message }`. */
export const Done = obj({ success: literal(true), message: str("pt-BR text for the user") });

/** An answer with no body (304, 204, tus' HEAD); `what` says what the status and headers tell instead. */
export const noBody = (what: string) => Type.Unsafe<undefined>({ description: `no body: ${what}` });

/**
 * Every error answer (4xx, 5xx): a pt-BR message the app shows as it is. `success: false` on most; the session calls of the
 * original contract answer `{ message }` alone, and the user lookup adds `data: null`. `codigo` names a refusal the app acts on.
 */
export const ErrorBody = obj({
  success: Type.Optional(Type.Literal(false)),
  message: str("pt-BR text for the user"),
  data: Type.Optional(Type.Null()),
  codigo: Type.Optional(
    Type.Literal("usuario-desativado", {
      description:
        "a 401 for an account the point's administrator deactivated: told only after the right password or for a session token that was valid",
    }),
  ),
});
