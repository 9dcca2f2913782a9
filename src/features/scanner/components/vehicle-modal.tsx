// Dados do Veículo: a member's vehicle found without an open appointment here, offering 'Novo Agendamento' (main thread).
import { MSG } from "../../../config/messages.pt-BR";
import { displayPlate } from "../../../domain/plate";
import { Modal } from "../../../components/ui/modal";
import type { PlateLookup } from "../../../lib/plate-lookup";

interface Props {
  found: PlateLookup;
  onClose: () => void;
  onNewAppointment?: () => void;
}

export function VehicleModal({ found, onClose, onNewAppointment }: Props) {
  const vehicle = [found.MarcaVeiculo, found.ModeloVeiculo].filter(Boolean).join(" ");
  return (
    <Modal
      open
      title={MSG.scanner.vehicleTitle}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose}>
            {MSG.scanner.close}
          </button>
          {onNewAppointment && (
            <button type="button" className="btn btn-primary" onClick={onNewAppointment}>
              {MSG.scanner.newAppointment}
            </button>
          )}
        </>
      }
    >
      <dl className="scanner-vehicle">
        <dt>{MSG.scanner.plate}</dt>
        <dd className="scanner-vehicle-plate">{displayPlate(found.PlacaVeiculo)}</dd>
        <dt>{MSG.scanner.member}</dt>
        <dd>{found.NomeSocio}</dd>
        {vehicle && (
          <>
            <dt>{MSG.scanner.vehicle}</dt>
            <dd>{vehicle}</dd>
          </>
        )}
        {found.AnoVeiculo ? (
          <>
            <dt>{MSG.scanner.year}</dt>
            <dd>{found.AnoVeiculo}</dd>
          </>
        ) : null}
      </dl>
      <p className="muted">{MSG.scanner.noAppointment}</p>
    </Modal>
  );
}
