// Calls for the point's registration data and opening hours (main thread).
import { get, post, seg } from "../../../lib/api-client";

export interface DadosCadastrais {
  RazaoSocial: string;
  Cnpj: string;
  InscricaoEstadual: string | null;
  QtdeElevadores: number | string;
  EnderecoCep: string | null;
  Endereco: string | null;
  EnderecoUf: string | null;
  EnderecoCidade: string | null;
  EnderecoBairro: string | null;
  EnderecoComplemento: string | null;
  Descricao: string | null;
  SegSexInicio: string | null;
  SegSexFim: string | null;
  SabadoInicio: string | null;
  SabadoFim: string | null;
  DomingoInicio: string | null;
  DomingoFim: string | null;
  FeriadoInicio: string | null;
  FeriadoFim: string | null;
}

export const getRegistration = (idPontoAtendimento: string) =>
  get<{ success: boolean; data: DadosCadastrais }>(`/ponto-atendimento/dados-cadastrais/${seg(idPontoAtendimento)}`);
/** The body is the flat data object itself, as the contract requires. */
export const updateRegistration = (data: DadosCadastrais & { IdPontoAtendimento: string }) =>
  post<{ message: string }>("/ponto-atendimento/atualizar-dados-cadastrais", data);
