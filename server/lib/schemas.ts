// TypeBox building blocks for route schemas; every string is bounded so no pattern or handler sees an over-long one (server only).
import { Type, type TSchema, type TString } from "typebox";

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

/** The three request parts of a route; params and querystring default to "none" so every route declares all it accepts. */
export function route<
  B extends TSchema | undefined = undefined,
  P extends TSchema = typeof noParams,
  Q extends TSchema = typeof noQuery,
>(parts: { body?: B; params?: P; querystring?: Q }) {
  return { params: parts.params ?? noParams, querystring: parts.querystring ?? noQuery, ...(parts.body ? { body: parts.body } : {}) } as {
    params: P;
    querystring: Q;
  } & (B extends TSchema ? { body: B } : object);
}
