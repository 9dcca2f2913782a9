// Dados do Veículo: a member's vehicle found without an open appointment here, offering 'Novo Agendamento' (main thread).
import { SCANNER_MSG } from "../../../config/messages/scanner.pt-BR";
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
      title={SCANNER_MSG.scanner.vehicleTitle}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose}>
            {SCANNER_MSG.scanner.close}
          </button>
          {onNewAppointment && (
            <button type="button" className="btn btn-primary" onClick={onNewAppointment}>
              {SCANNER_MSG.scanner.newAppointment}
            </button>
          )}
        </>
      }
    >
      <dl className="scanner-vehicle">
        <dt>{SCANNER_MSG.scanner.plate}</dt>
        <dd className="scanner-vehicle-plate">{displayPlate(found.PlacaVeiculo)}</dd>
        <dt>{SCANNER_MSG.scanner.member}</dt>
        <dd>{found.NomeSocio}</dd>
        {vehicle && (
          <>
            <dt>{SCANNER_MSG.scanner.vehicle}</dt>
            <dd>{vehicle}</dd>
          </>
        )}
        {found.AnoVeiculo ? (
          <>
            <dt>{SCANNER_MSG.scanner.year}</dt>
            <dd>{found.AnoVeiculo}</dd>
          </>
        ) : null}
      </dl>
      <p className="muted">{SCANNER_MSG.scanner.noAppointment}</p>
    </Modal>
  );
}
