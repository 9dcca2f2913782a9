// Calls of the Central console (/central/...): approvals, payouts (held ones, and the point's payment data to check and
// confirm), points and an item's history (main thread).
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
  /** Held back: the point has no selected bank data, or changed its payment data and the central has not confirmed it yet. */
  Retido: boolean;
  /** Why it is held, in pt-BR, to show as it comes; null when not held. */
  MotivoRetencao: string | null;
  /** When the point's payment data last changed (ISO), null when never. */
  DadosPagamentoAlteradosEm: string | null;
  /** The OS's execution date (YYYY-MM-DD, Brasília); a payment cannot be dated before it. */
  DataExecucao: string | null;
  /** What a paid payout was paid to, recorded at payment; null before (or for payments older than the record). */
  PagoPara: Payee | null;
}
export interface PayoutTotals {
  quantidade: number;
  total: number;
  pendente: number;
  pago: number;
  /** The held payouts' sum (part of pendente). */
  retido: number;
}

/** What a point's payouts are paid to: its company and its selected bank or PIX data (full values: the central pays them). */
export interface Payee {
  RazaoSocial: string;
  Cnpj: string;
  IdDadoBancario: string | null;
  TipoChavePix: string | null;
  ChavePix: string | null;
  Banco: string | null;
  NumeroAgencia: string | null;
  NumeroConta: string | null;
  TipoConta: string | null;
  NomeTitular: string | null;
  DocumentoTitular: string | null;
}
/** The point's payment data now, and whether its payouts are held. */
export interface PayeeReview extends Payee {
  Retido: boolean;
  MotivoRetencao: string | null;
  /** The change to confirm (ISO): sent back as the confirmation's `alteradoEm`. */
  AlteradoEm: string | null;
  ConfirmadoEm: string | null;
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
export const getPayee = (id: string, signal?: AbortSignal) =>
  get<{ data: PayeeReview }>(`/central/pontos/${seg(id)}/dados-pagamento`, { signal });
/** `alteradoEm`: the change the user looked at; the server refuses (409) when the data changed again since. */
export const confirmPayee = (id: string, alteradoEm: string) =>
  post<Done>(`/central/pontos/${seg(id)}/confirmar-dados-pagamento`, { alteradoEm });
export const getHistory = (id: string, signal?: AbortSignal) => get<{ data: HistoryEntry[] }>(`/central/historico/${seg(id)}`, { signal });
/** An order's evidence file for the central staff (the session cookie goes with img/video tags). */
export const centralFileUrl = (name: string) => apiUrl(`/central/arquivos/${seg(name)}`);
