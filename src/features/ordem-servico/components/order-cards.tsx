// Cards Cliente and Execução of the OS screen: who, which vehicle, why, and who started and finished it (main thread).
import { ORDER_MSG } from "../../../config/messages/order.pt-BR";
import { displayPlate } from "../../../domain/plate";
import { formatDocument } from "../../../lib/br-format";
import type { AppointmentDetails } from "../api/order";

const orNone = (value: unknown) =>
  value === null || value === undefined || String(value).trim() === "" ? ORDER_MSG.order.notInformed : String(value);

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
      <dl className="field-list">
        <dt>{t.name}</dt>
        <dd>{orNone(socio?.Nome)}</dd>
        <dt>{t.document}</dt>
        <dd>{socio?.Cpf ? formatDocument(socio.Cpf) : t.notInformed}</dd>
        <dt>{t.vehicle}</dt>
        <dd>{orNone(vehicleText(socioVeiculo))}</dd>
        <dt>{t.plate}</dt>
        <dd>{socioVeiculo?.Placa ? displayPlate(socioVeiculo.Placa) : t.notInformed}</dd>
      </dl>
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
      <dl className="field-list">
        <dt>{t.motivation}</dt>
        <dd>{motivo?.Descricao ? motivo.Descricao.toUpperCase() : t.notInformed}</dd>
        <dt>{t.initialExecutor}</dt>
        <dd>{orNone(execucao?.ExecutorInicio)}</dd>
        <dt>{t.finalExecutor}</dt>
        <dd>{orNone(execucao?.ExecutorFim)}</dd>
      </dl>
    </section>
  );
}
