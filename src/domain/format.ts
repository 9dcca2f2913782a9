// Display formatting in pt-BR: currency (BRL) and dates (pure TS).
// Made on first use: a formatter made when the module loads starts ICU (tens of ms on a phone) for screens that never show money.
let brl: Intl.NumberFormat | undefined;

/** 1234.5 -> "R$ 1.234,50" (with the narrow no-break space Intl uses); null/NaN count as zero. */
/** The spec's error, followed by the server's reason when it gave one ('Erro ao cancelar OS: Uma OS concluída…'). */
export const withReason = (base: string, reason: string | undefined) =>
  reason && reason !== base ? `${base.replace(/\.$/, "")}: ${reason}` : base;

export const formatBRL = (value: number | null | undefined) =>
  (brl ??= new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" })).format(Number.isFinite(value) ? (value as number) : 0);
