// JSON-schema building blocks for request validation (server only).
export const uuid = { type: "string", format: "uuid" } as const;
export const text = (maxLength = 500) => ({ type: "string", maxLength }) as const;
export const nonBlank = (maxLength = 500) => ({ type: "string", minLength: 1, maxLength, pattern: "\\S" }) as const;
export const hhmm = { type: "string", pattern: "^([01]\\d|2[0-3]):[0-5]\\d$" } as const;
/** yyyy-MM-dd or dd/MM/yyyy (both formats are sent by the original client). */
export const dateText = { type: "string", pattern: "^(\\d{4}-\\d{2}-\\d{2}|\\d{2}/\\d{2}/\\d{4})" } as const;
export const optionalFile = { type: ["string", "null"], maxLength: 300 } as const;

export const body = (required: string[], properties: Record<string, unknown>) => ({
  body: { type: "object", required, properties },
});
export const params = (...names: string[]) => ({
  params: { type: "object", properties: Object.fromEntries(names.map((n) => [n, { type: "string", maxLength: 100 }])) },
});
