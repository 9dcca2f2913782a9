// 'Detalhes financeiros' modal of the OS screen: the point's registration data (its own call and error), the vehicle, the services,
// the dates and the money (service value, payout per approved service and the total, in BRL) (main thread).
import { Fragment, type ReactNode } from "react";
import { useQuery } from "@tanstack/react-query";
import { ORDER_MSG } from "../../../config/messages/order.pt-BR";
import { Modal } from "../../../components/ui/modal";
import { isoToBr, readWallClockIso, wallClockIsoToBr } from "../../../domain/dates";
import { formatBRL } from "../../../domain/format";
import { displayPlate } from "../../../domain/plate";
import { formatDocument } from "../../../lib/br-format";
import type { AppointmentDetails, LinkedService } from "../api/order";
import { linkedServicesQuery, pointRegistrationQuery } from "../query-options";
import { approvalOf, commissionType } from "./services-card";
import { QueryState } from "../../../components/ui/query-state";

const t = ORDER_MSG.financial;

const blank = (v: unknown) => v === null || v === undefined || String(v).trim() === "";
const orNone = (v: unknown) => (blank(v) ? t.notInformed : String(v));
const money = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? formatBRL(v) : t.notInformed);
const payoutOf = (s: LinkedService) => (typeof s.ValorRepasse === "number" ? s.ValorRepasse : null);

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="financial-section" aria-labelledby={id}>
      <h3 id={id} className="modal-subtitle">
        {title}
      </h3>
      {children}
    </section>
  );
}

interface Props {
  details: AppointmentDetails;
  pointId: string;
  onClose: () => void;
}

export function FinancialDetailsModal({ details, pointId, onClose }: Props) {
  const { agendamento, socioVeiculo: v, motivo, execucao } = details;
  const point = useQuery(pointRegistrationQuery(pointId));
  const linked = useQuery(linkedServicesQuery(agendamento!.IdSocioVeiculoAgenda));
  const services = linked.data ?? null;
  const approved = (services ?? []).filter((s) => approvalOf(s) === "A");
  const total = approved.reduce((sum, s) => sum + (payoutOf(s) ?? 0), 0);
  const day = agendamento?.DataAgendamento ? isoToBr(agendamento.DataAgendamento) : null;
  const hour = agendamento?.HoraAgendamento ? readWallClockIso(agendamento.HoraAgendamento)?.time : null;
  const scheduled = day ? [day, hour].filter(Boolean).join(" ") : null;

  return (
    <Modal open title={t.title} onClose={onClose}>
      <div className="financial-details">
        <Section id="fin-credenciado" title={t.pointTitle}>
          <QueryState query={point} variant="card" loading={t.loading} error={t.pointFailed}>
            {(data) => (
              <dl className="field-list">
                <dt>{t.corporateName}</dt>
                <dd>{orNone(data.RazaoSocial)}</dd>
                <dt>{t.cnpj}</dt>
                <dd>{blank(data.Cnpj) ? t.notInformed : formatDocument(data.Cnpj)}</dd>
              </dl>
            )}
          </QueryState>
        </Section>
        <Section id="fin-veiculo" title={t.vehicleTitle}>
          <dl className="field-list">
            <dt>{t.brand}</dt>
            <dd>{orNone(v?.MarcaVeiculo)}</dd>
            <dt>{t.model}</dt>
            <dd>{orNone(v?.VeiculoModelo)}</dd>
            <dt>{t.year}</dt>
            <dd>{orNone(v?.Ano)}</dd>
            <dt>{t.plate}</dt>
            <dd>{v?.Placa ? displayPlate(v.Placa) : t.notInformed}</dd>
          </dl>
        </Section>
        <Section id="fin-servico" title={t.serviceTitle}>
          <dl className="field-list">
            <dt>{t.motivation}</dt>
            <dd>{motivo?.Descricao ? motivo.Descricao.toUpperCase() : t.notInformed}</dd>
          </dl>
          <h4 className="financial-subtitle">{t.linkedServices}</h4>
          <QueryState
            query={linked}
            variant="card"
            loading={t.loading}
            error={t.servicesFailed}
            empty={t.noServices}
            isEmpty={(data) => data.length === 0}
          >
            {(services) => (
              <ul className="financial-services">
                {services.map((s) => (
                  <li key={s.id}>
                    <span className="service-name">{s.label}</span>
                    <span className="service-type">{commissionType(s)}</span>
                    <span className="muted">{ORDER_MSG.services.approval[approvalOf(s)] ?? approvalOf(s)}</span>
                  </li>
                ))}
              </ul>
            )}
          </QueryState>
        </Section>
        <Section id="fin-datas" title={t.datesTitle}>
          <dl className="field-list">
            <dt>{t.appointment}</dt>
            <dd>{orNone(scheduled)}</dd>
            <dt>{t.start}</dt>
            <dd>{orNone(wallClockIsoToBr(execucao?.DataHoraInicio))}</dd>
            <dt>{t.end}</dt>
            <dd>{orNone(wallClockIsoToBr(execucao?.DataHoraFim))}</dd>
          </dl>
        </Section>
        <Section id="fin-valores" title={t.moneyTitle}>
          <dl className="field-list financial-values">
            <dt>{t.serviceValue}</dt>
            <dd>{money(agendamento?.ValorServico)}</dd>
            {services !== null &&
              approved.map((s) => (
                <Fragment key={s.id}>
                  <dt>{t.payoutOf(s.label)}</dt>
                  <dd>{money(payoutOf(s))}</dd>
                </Fragment>
              ))}
            {services !== null && (
              <>
                <dt>{t.totalPayout}</dt>
                <dd className="financial-total">{formatBRL(total)}</dd>
              </>
            )}
          </dl>
          {services !== null && approved.length === 0 && <p className="muted">{t.noApproved}</p>}
        </Section>
      </div>
    </Modal>
  );
}
