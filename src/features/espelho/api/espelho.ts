// Call of /espelho/lista: payout statement rows of the point, filtered by period and payment status (main thread).
import { post } from "../../../lib/api-client";

/** DataAgendamento and DataExecucaoOS are SQL Server legacy text ("Nov 18 2025 12:00AM"): display them with legacyToBr (domain/dates). */
export interface EspelhoRow {
  IdFinanceiroEspelho: string;
  Matricula: string | null;
  RazaoSocial: string;
  Cnpj: string;
  Placa: string;
  VeiculoPlaca: string;
  DataAgendamento: string;
  DataExecucaoOS: string | null;
  NomeServico: string;
  NumeroOS: number;
  ValorRepasse: number | null;
  PagamentoFeito: "S" | "N";
  CodigoEspelho: string;
  TipoComissao: string;
  Descricao: string;
  SocioNome: string;
  ComprovantePagamento: string | null;
}
export interface MirrorFilter {
  idPontoAtendimento: string;
  dataInicio?: string;
  dataFim?: string;
  pagamentoFeito?: "S" | "N";
}
export const listMirror = (f: MirrorFilter, signal?: AbortSignal) => post<EspelhoRow[]>("/espelho/lista", f, { signal });
