// Calls of /scanner: plate lookup at this point and WhatsApp invitation (main thread).
import { get, post, seg } from "../../../lib/api-client";

export interface PlateLookup {
  IdSocioVeiculoAgenda: string | null; NomeSocio: string; PlacaVeiculo: string; MarcaVeiculo: string; ModeloVeiculo: string;
  AnoVeiculo: number | null; IdSocioVeiculo: string; [k: string]: unknown;
}
/** data is false when the plate is not a member's active vehicle. */
export const findByPlate = (idPontoAtendimento: string, placa: string) =>
  get<PlateLookup | false>(`/scanner/get-agendamento-pontoatendimento-by-placa/${seg(idPontoAtendimento)}/${seg(placa)}`);
export const sendInvite = (telefone: string, placa: string) => post<{ message: string }>("/scanner/enviar-convite", { telefone, placa });
