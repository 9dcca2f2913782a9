// The approvals' answers in pt-BR beyond the console's shared ones (central-messages.ts): who decided a service first, the
// undo's refusals and the bulk approval's summary; shared by the route and its tests (server only).
import { isoToBr, wallClock } from "../../src/domain/dates.ts";
import { UNDO_SECONDS } from "../../contract/central-approvals.ts";

const DECIDED = { A: "aprovado", R: "recusado" } as const;
/** "28/11/2026 às 10:32" in Brasília time. */
const when = (at: Date) => {
  const { date, time } = wallClock(at);
  return `${isoToBr(date)} às ${time}`;
};
const plural = (n: number, one: string, many: string) => (n === 1 ? `1 ${one}` : `${n} ${many}`);

export const APPROVALS_MESSAGES = {
  /** A decision that lost the race, or came late: who decided it and when (a decision older than the record names no one). */
  alreadyDecided: (status: "A" | "R", by: string | null, at: Date | null) =>
    by && at
      ? `Este serviço já foi ${DECIDED[status]} por ${by} em ${when(at)}. A lista foi atualizada.`
      : `Este serviço já foi ${DECIDED[status]}. A lista foi atualizada.`,
  undone: "Decisão desfeita: o serviço voltou a aguardar aprovação.",
  nothingToUndo: "Este serviço não tem decisão a desfazer: ele já está aguardando aprovação.",
  notYours: "Somente quem tomou a decisão pode desfazê-la.",
  undoExpired: `O prazo para desfazer (${UNDO_SECONDS} segundos) terminou. A decisão foi mantida.`,
  orderClosed: "A OS já foi finalizada ou cancelada: a decisão não pode mais ser desfeita.",
  alreadyPaid: "O repasse deste serviço já foi pago: a decisão não pode mais ser desfeita.",
  /** The bulk approval's answer: how many were approved, and the ones someone else decided first (OS and who). */
  bulk: (approved: number, others: { os: number; status: "A" | "R"; by: string | null }[], missing: number) =>
    [
      approved === 0 ? "Nenhum serviço aprovado." : `${plural(approved, "serviço aprovado", "serviços aprovados")}.`,
      others.length
        ? `Já decididos por outra pessoa: ${others
            .map((o) => `OS ${o.os} (${DECIDED[o.status]}${o.by ? ` por ${o.by}` : ""})`)
            .join(", ")}.`
        : "",
      missing ? `${plural(missing, "serviço não foi encontrado", "serviços não foram encontrados")}.` : "",
    ]
      .filter(Boolean)
      .join(" "),
  /** The point's notice that a decision was taken back. */
  undoneTitle: (service: string) => `Decisão desfeita: ${service}`,
  undoneBody: (os: number, status: "A" | "R") =>
    `OS ${os}: a central desfez ${status === "A" ? "a aprovação" : "a recusa"} do serviço. Ele voltou a aguardar aprovação.`,
} as const;
