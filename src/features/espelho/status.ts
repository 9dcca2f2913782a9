// The mirror's payment statuses and filter values (pure TS; kept apart so the router's prefetch does not load the mirror rules).
/** RETIDO: unpaid and held back by the central (no bank data, or payment data changed and not confirmed yet). */
export type PaymentStatus = "PAGO" | "PENDENTE" | "RETIDO";
/** The contract filters paid (S) or not (N): a held row is among the PENDENTE ones. */
export type MirrorStatusFilter = "TODOS" | "PAGO" | "PENDENTE";
export const STATUS_FILTERS: MirrorStatusFilter[] = ["TODOS", "PAGO", "PENDENTE"];

/** The contract's pagamentoFeito for a status filter: omitted for TODOS. */
export const paidFlagOf = (status: MirrorStatusFilter): "S" | "N" | undefined =>
  status === "PAGO" ? "S" : status === "PENDENTE" ? "N" : undefined;
