// 'Serviços' card of the OS screen: the linked services (commission type, name, approval), adding through the select-service
// modal and removing with a confirmation; cards on phones, a table from 1024px; no add/remove once the order is not running (main thread).
import { lazy, Suspense, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { toast } from "../../../lib/toast";
import { MSG } from "../../../config/messages.pt-BR";
import { ConfirmModal } from "../../../components/ui/confirm-modal";
import { withReason } from "../../../domain/format";
import { PAGE_OFFLINE_HINT, useOfflineGuard } from "../../../lib/offline/offline-hint";
import type { AppointmentDetails, LinkedService } from "../api/order";
import { useUnlinkService } from "../api/use-order-mutations";
import { linkedServicesQuery } from "../query-options";
import { QueryState } from "../../../components/ui/query-state";
import { ResponsiveList, type Column } from "../../../components/ui/responsive-list";

// Loaded when 'Adicionar serviço' is pressed: the catalogue search is not needed to show the order.
const SelectServiceModal = lazy(() => import("./select-service-modal").then((m) => ({ default: m.SelectServiceModal })));

const t = MSG.services;

/** 'VOUCHER' when the parts were not the member's (PecaPorContaDoSocio 'N'), otherwise 'MÃO DE OBRA'. */
export const commissionType = (s: Pick<LinkedService, "PecaPorContaDoSocio">) => (s.PecaPorContaDoSocio === "N" ? t.voucher : t.labour);
export const approvalOf = (s: LinkedService) => (s.StatusAprovacao ?? s.status) as "P" | "A" | "R";
const removable = (s: LinkedService) => s.FornecidoPelaVcar !== "S";
const badgeClass = { P: "status-pending", A: "status-done", R: "status-rejected" } as const;

function Approval({ service }: { service: LinkedService }) {
  const status = approvalOf(service);
  return (
    <span className="service-approval">
      <span className={`status-badge ${badgeClass[status] ?? ""}`}>{t.approval[status] ?? status}</span>
      {status === "R" && service.Observacoes && (
        <span className="service-rejection">
          <span className="sr-only">{t.rejectionNote}: </span>
          {service.Observacoes}
        </span>
      )}
    </span>
  );
}

// Small item cards on phones: the type and the name with its approval read by themselves, without labels.
const COLUMNS: readonly Column<LinkedService>[] = [
  { id: "type", header: t.commissionType, cell: (s) => <span className="service-type">{commissionType(s)}</span>, card: "plain" },
  {
    id: "service",
    header: t.service,
    cell: (s) => (
      <>
        <span className="service-name">{s.label}</span> <Approval service={s} />
      </>
    ),
    card: "plain",
  },
];

interface Props {
  details: AppointmentDetails;
  userId: string;
  pointId: string;
  canEdit: boolean;
}

export function ServicesCard({ details, userId, pointId, canEdit }: Props) {
  const orderId = details.agendamento!.IdSocioVeiculoAgenda;
  const query = useQuery(linkedServicesQuery(orderId));
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<LinkedService | null>(null);
  // Linking and removing need the server (the OS page shows why).
  const { guard } = useOfflineGuard(PAGE_OFFLINE_HINT);

  // Remover where allowed; a program service says why it has none.
  const actionsOf = (s: LinkedService) =>
    canEdit && removable(s) ? (
      <div className="row-actions">
        <button
          type="button"
          className="btn btn-danger btn-small"
          aria-label={t.removeOf(s.label)}
          onClick={() => setRemoving(s)}
          {...guard}
        >
          {t.remove}
        </button>
      </div>
    ) : (
      s.FornecidoPelaVcar === "S" && <span className="muted">{t.programProvided}</span>
    );

  return (
    <section className="card services-card" aria-labelledby="servicos-titulo">
      <div className="services-card-head">
        <h2 id="servicos-titulo" className="card-title">
          {t.title}
        </h2>
        {canEdit && (
          <button type="button" className="btn btn-primary btn-small" onClick={() => setAdding(true)} {...guard}>
            {t.add}
          </button>
        )}
      </div>
      <QueryState
        query={query}
        variant="card"
        loading={t.loading}
        error={t.loadFailed}
        empty={t.empty}
        isEmpty={(data) => data.length === 0}
      >
        {(services) => (
          <ResponsiveList
            name="service"
            itemClass="service-item"
            label={t.listLabel}
            rows={services}
            columns={COLUMNS}
            rowKey={(s) => s.id}
            actions={actionsOf}
            actionsHeader={t.actions}
          />
        )}
      </QueryState>
      {adding && canEdit && (
        <Suspense fallback={null}>
          <SelectServiceModal
            details={details}
            userId={userId}
            pointId={pointId}
            linked={query.data ?? []}
            onClose={() => setAdding(false)}
          />
        </Suspense>
      )}
      {removing && (
        <RemoveServiceModal
          orderId={orderId}
          vehicleId={details.socioVeiculo?.IdSocioVeiculo ?? ""}
          service={removing}
          onClose={() => setRemoving(null)}
        />
      )}
    </section>
  );
}

function RemoveServiceModal({
  orderId,
  vehicleId,
  service,
  onClose,
}: {
  orderId: string;
  vehicleId: string;
  service: LinkedService;
  onClose: () => void;
}) {
  const [error, setError] = useState("");
  const remove = useUnlinkService(
    { orderId, vehicleId },
    {
      onSuccess: () => {
        toast.success(t.removed);
        onClose();
      },
      onError: (err) => {
        const text = withReason(t.removeFailed, err.message);
        setError(text);
        toast.error(text);
      },
    },
  );
  return (
    <ConfirmModal
      title={t.removeTitle}
      onClose={onClose}
      onConfirm={() => remove.mutate(service.id)}
      pending={remove.isPending}
      confirmLabel={t.removeYes}
      pendingLabel={t.removing}
      backLabel={t.back}
      error={error}
    >
      <p>{t.removeText(service.label)}</p>
      <p className="muted">{t.irreversible}</p>
    </ConfirmModal>
  );
}
