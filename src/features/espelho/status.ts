// The mirror's payment statuses and filter values (pure TS; kept apart so the router's prefetch does not load the mirror rules).
export type PaymentStatus = "PAGO" | "PENDENTE";
export type MirrorStatusFilter = "TODOS" | PaymentStatus;
export const STATUS_FILTERS: MirrorStatusFilter[] = ["TODOS", "PAGO", "PENDENTE"];

/** The contract's pagamentoFeito for a status filter: omitted for TODOS. */
export const paidFlagOf = (status: MirrorStatusFilter): "S" | "N" | undefined =>
  status === "PAGO" ? "S" : status === "PENDENTE" ? "N" : undefined;
