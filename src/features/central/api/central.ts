// Calls of the Central console (/central/...): approvals, payouts, points and an item's history (main thread).
import { apiUrl, get, post, seg } from "../../../lib/api-client";

export interface PendingService {
  IdSocioVeiculoAgendaExecucaoServico: string;
  IdSocioVeiculoAgenda: string;
  IdPontoAtendimento: string;
  NomeFantasia: string;
  NumeroOS: number;
  DataAgendamento: string;
  Placa: string;
  Veiculo: string;
  Servico: string;
  Valor: string | number | null;
  ObservacoesCredenciado: string | null;
  Atendente: string | null;
  DataSolicitacao: string;
  VideoInicial: string | null;
  Fotos: string[];
  Anotacoes: string[];
}

export interface Payout {
  IdFinanceiroEspelho: string;
  IdPontoAtendimento: string;
  NomeFantasia: string;
  RazaoSocial: string;
  Cnpj: string;
  NumeroOS: number;
  Placa: string;
  NomeServico: string;
  DataAgendamento: string;
  ValorRepasse: number;
  PagamentoFeito: "S" | "N";
  DataPagamento: string | null;
  /** Paid by a central action today (Brasília): the only payments that may still be undone. */
  PodeDesfazer: boolean;
  Banco: string | null;
  Agencia: string | null;
  Conta: string | null;
  TipoConta: string | null;
  TipoChavePix: string | null;
  ChavePix: string | null;
  NomeTitular: string | null;
  DocumentoTitular: string | null;
}
export interface PayoutTotals {
  quantidade: number;
  total: number;
  pendente: number;
  pago: number;
}

export interface PointSummary {
  IdPontoAtendimento: string;
  NomeFantasia: string;
  RazaoSocial: string;
  Cnpj: string;
  Cidade: string | null;
  Uf: string | null;
  MediaAvaliacao: number | null;
  QuantidadeAvaliacoes: number;
  RetornosAbertos: number;
  OrdensNoMes: number;
  UltimaAtividade: string | null;
}
export interface PointRegistration {
  IdPontoAtendimento: string;
  NomeFantasia: string;
  RazaoSocial: string;
  Cnpj: string;
  InscricaoEstadual: string | null;
  Matricula: string | null;
  QuantidadeElevadores: number;
  Cep: string | null;
  Endereco: string | null;
  Complemento: string | null;
  Bairro: string | null;
  Cidade: string | null;
  Uf: string | null;
}

export interface HistoryEntry {
  Acao: string;
  Usuario: string;
  DataHora: string;
  ValorAnterior: string | null;
  ValorNovo: string | null;
  Observacao: string | null;
}

export interface PeriodFilter {
  idPontoAtendimento?: string;
  dataInicio?: string;
  dataFim?: string;
}
export interface PayoutFilter extends PeriodFilter {
  status?: "PENDENTE" | "PAGO";
}

const query = (f: object) => {
  const q = new URLSearchParams(Object.entries(f).filter(([, v]) => typeof v === "string" && v !== "") as [string, string][]);
  return q.size ? `?${q}` : "";
};

type Done = { success: boolean; message: string };

export const listPending = (f: PeriodFilter, signal?: AbortSignal) =>
  get<{ data: PendingService[] }>(`/central/aprovacoes${query(f)}`, { signal });
export const approveService = (id: string) => post<Done>(`/central/aprovacoes/${seg(id)}/aprovar`, {});
export const rejectService = (id: string, observacao: string) => post<Done>(`/central/aprovacoes/${seg(id)}/recusar`, { observacao });
export const listPayouts = (f: PayoutFilter, signal?: AbortSignal) =>
  get<{ data: Payout[]; totais: PayoutTotals }>(`/central/pagamentos${query(f)}`, { signal });
export const payPayouts = (ids: string[], dataPagamento: string) =>
  post<Done & { quantidade: number }>("/central/pagamentos/pagar", { ids, dataPagamento });
export const undoPayment = (id: string) => post<Done>(`/central/pagamentos/${seg(id)}/desfazer`, {});
export const listPoints = (signal?: AbortSignal) => get<{ data: PointSummary[] }>("/central/pontos", { signal });
export const getPoint = (id: string, signal?: AbortSignal) => get<{ data: PointRegistration }>(`/central/pontos/${seg(id)}`, { signal });
export const getHistory = (id: string, signal?: AbortSignal) => get<{ data: HistoryEntry[] }>(`/central/historico/${seg(id)}`, { signal });
/** An order's evidence file for the central staff (the session cookie goes with img/video tags). */
export const centralFileUrl = (name: string) => apiUrl(`/central/arquivos/${seg(name)}`);
