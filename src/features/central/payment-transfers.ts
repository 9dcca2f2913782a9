// One transfer per beneficiary: a selection's (or a paid batch's) payouts grouped by point and summed, with the payee they go
// (or went) to; what the exports write and the export dialog counts. No writer here, so the section loads no CSV code (main thread).
import type { Payee, Payout } from "./api/payments";

/** Where a transfer goes: the point's company and its bank or PIX data (now, or as recorded when it was paid). */
export type TransferPayee = Pick<
  Payee,
  | "RazaoSocial"
  | "Cnpj"
  | "TipoChavePix"
  | "ChavePix"
  | "Banco"
  | "NumeroAgencia"
  | "NumeroConta"
  | "TipoConta"
  | "NomeTitular"
  | "DocumentoTitular"
>;

export interface Transfer {
  pointId: string;
  pointName: string;
  payee: TransferPayee;
  rows: Payout[];
  /** BRL, to the cent. */
  total: number;
}

const cents = (n: number) => Math.round(n * 100) / 100;

/** A pending payout's payee: the point's selected data now (the list carries it on every row). */
const currentPayee = (p: Payout): TransferPayee => ({
  RazaoSocial: p.RazaoSocial,
  Cnpj: p.Cnpj,
  TipoChavePix: p.TipoChavePix,
  ChavePix: p.ChavePix,
  Banco: p.Banco,
  NumeroAgencia: p.Agencia,
  NumeroConta: p.Conta,
  TipoConta: p.TipoConta,
  NomeTitular: p.NomeTitular,
  DocumentoTitular: p.DocumentoTitular,
});

/**
 * The transfers of `rows`, one per point in the order they first appear. `paid`: a paid batch again, each point's payee as
 * recorded at payment; otherwise the payable rows only (a held, waiting, paid or already-in-a-run one is left out even if a
 * caller passes it).
 */
export function transfersOf(rows: readonly Payout[], paid = false): Transfer[] {
  const byPoint = new Map<string, Transfer>();
  for (const r of rows) {
    if (paid ? r.PagamentoFeito !== "S" : r.Situacao !== "pagavel" || r.Retido || r.PagamentoFeito === "S") continue;
    const payee = paid ? (r.PagoPara ?? currentPayee(r)) : currentPayee(r);
    const t = byPoint.get(r.IdPontoAtendimento) ?? { pointId: r.IdPontoAtendimento, pointName: r.NomeFantasia, payee, rows: [], total: 0 };
    t.rows.push(r);
    t.total = cents(t.total + (r.ValorRepasse ?? 0));
    byPoint.set(r.IdPontoAtendimento, t);
  }
  return [...byPoint.values()];
}
