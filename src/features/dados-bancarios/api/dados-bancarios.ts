// Calls for the point's bank and PIX payout data (main thread).
import { get, post, seg } from "../../../lib/api-client";

export interface DadoBancario {
  IdDadoBancario: string;
  IdPontoAtendimento: string;
  TipoChavePix: string;
  ChavePix: string;
  Banco: string;
  NumeroAgencia: string;
  NumeroConta: string;
  TipoConta: string;
  NomeTitular: string;
  DocumentoTitular: string;
  Selecionado: "S" | "N";
  DataCadastro: string;
}
export type DadoBancarioInput = Omit<DadoBancario, "IdDadoBancario" | "DataCadastro">;
type Msg = { message: string };

export const listBankData = (idPontoAtendimento: string, signal?: AbortSignal) =>
  get<{ dadosBancarios: DadoBancario[] }>(`/ponto-atendimento/get-dados-bancarios/${seg(idPontoAtendimento)}`, { signal });
export const addBankData = (b: DadoBancarioInput) => post<Msg>("/ponto-atendimento/add-dado-bancario", b);
export const editBankData = (b: DadoBancarioInput & { IdDadoBancario: string }) =>
  post<Msg>("/ponto-atendimento/edit-dado-bancario", { ...b, idDadoBancario: b.IdDadoBancario });
export const deleteBankData = (IdDadoBancario: string) => post<Msg>("/ponto-atendimento/delete-dado-bancario", { IdDadoBancario });
