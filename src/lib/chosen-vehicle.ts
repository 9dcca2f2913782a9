// The member's vehicle a plate lookup found, as 'Novo Agendamento' takes it: the agenda's plate field and the scanner both hand
// it over (features do not import each other) (main thread).
import type { PlateLookup } from "./plate-lookup";

export interface ChosenVehicle {
  idSocio: string;
  idSocioVeiculo: string;
  placa: string;
  descricao?: string;
  nomeSocio?: string;
}

/** Make, model and year, those given. */
export const vehicleDescription = (f: PlateLookup) => [f.MarcaVeiculo, f.ModeloVeiculo, f.AnoVeiculo].filter(Boolean).join(" ");

export const vehicleOf = (f: PlateLookup): ChosenVehicle => ({
  idSocio: String(f.IdSocio ?? ""),
  idSocioVeiculo: f.IdSocioVeiculo,
  placa: f.PlacaVeiculo,
  nomeSocio: f.NomeSocio,
  descricao: vehicleDescription(f),
});
