// The call that saves the point's registration data and opening hours (main thread); the read is in lib/point-registration.ts.
import { post } from "../../../lib/api-client";
import type { DadosCadastrais } from "../../../lib/point-registration";

/** The body is the flat data object itself, as the contract requires. */
export const updateRegistration = (data: DadosCadastrais & { IdPontoAtendimento: string }) =>
  post<{ message: string }>("/ponto-atendimento/atualizar-dados-cadastrais", data);
