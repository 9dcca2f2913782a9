// The point's registration data call, given one home because two features read it (the registration page, and the OS's
// 'Detalhes financeiros'; features do not import each other). Each keeps its own key and query options over it (main thread).
import { get, seg } from "./api-client";

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
  /** The point's number in the program, shown by the financial details (read only, never sent back). */
  Matricula?: string | null;
}

export const getRegistration = (idPontoAtendimento: string, signal?: AbortSignal) =>
  get<{ success: boolean; data: DadosCadastrais }>(`/ponto-atendimento/dados-cadastrais/${seg(idPontoAtendimento)}`, { signal });
