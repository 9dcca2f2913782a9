// Cards Cliente and Execução of the OS screen: who, which vehicle, why, and who started and finished it (main thread).
import { FieldList } from "../../../components/ui/field-list";
import { ORDER_MSG } from "../../../config/messages/order.pt-BR";
import { displayPlate } from "../../../domain/plate";
import { formatDocument } from "../../../lib/br-format";
import type { AppointmentDetails } from "../api/order";

export function vehicleText(v: AppointmentDetails["socioVeiculo"]) {
  return [v?.MarcaVeiculo, v?.VeiculoModelo, v?.Ano, v?.Litragem]
    .filter((x) => x !== null && x !== undefined && String(x).trim() !== "")
    .join(" ");
}

export function ClientCard({ details }: { details: AppointmentDetails }) {
  const t = ORDER_MSG.order;
  const { socio, socioVeiculo } = details;
  return (
    <section className="card" aria-labelledby="cliente-titulo">
      <h2 id="cliente-titulo" className="card-title">
        {t.clientTitle}
      </h2>
      <FieldList
        empty={t.notInformed}
        rows={[
          { label: t.name, value: socio?.Nome },
          { label: t.document, value: socio?.Cpf ? formatDocument(socio.Cpf) : t.notInformed },
          { label: t.vehicle, value: vehicleText(socioVeiculo) },
          { label: t.plate, value: socioVeiculo?.Placa ? displayPlate(socioVeiculo.Placa) : t.notInformed },
        ]}
      />
    </section>
  );
}

export function ExecutionCard({ details }: { details: AppointmentDetails }) {
  const t = ORDER_MSG.order;
  const { motivo, execucao } = details;
  return (
    <section className="card" aria-labelledby="execucao-titulo">
      <h2 id="execucao-titulo" className="card-title">
        {t.executionTitle}
      </h2>
      <FieldList
        empty={t.notInformed}
        rows={[
          { label: t.motivation, value: motivo?.Descricao ? motivo.Descricao.toUpperCase() : t.notInformed },
          { label: t.initialExecutor, value: execucao?.ExecutorInicio },
          { label: t.finalExecutor, value: execucao?.ExecutorFim },
        ]}
      />
    </section>
  );
}
