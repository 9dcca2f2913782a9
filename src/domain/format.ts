// Display formatting in pt-BR: currency (BRL) and dates (pure TS).
const brl = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });

/** 1234.5 -> "R$ 1.234,50" (with the narrow no-break space Intl uses); null/NaN count as zero. */
export const formatBRL = (value: number | null | undefined) => brl.format(Number.isFinite(value) ? (value as number) : 0);
