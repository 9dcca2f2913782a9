// Select-service modal of the OS screen: the point's services for this vehicle's type, not provided by the program and not yet on
// the order; on confirm the duplicate, warranty and annual-limit checks run before the link, and any refusal is shown here (main thread).
import { useId, useMemo, useState, type FormEvent } from "react";
import { useQuery } from "@tanstack/react-query";
import { toast } from "../../../lib/toast";
import { MSG } from "../../../config/messages.pt-BR";
import { Modal } from "../../../components/ui/modal";
import { SearchableSelect } from "../../../components/ui/searchable-select";
import type { AppointmentDetails, LinkedService } from "../api/order";
import { useLinkService } from "../api/use-order-mutations";
import { pointServicesQuery } from "../query-options";
import { QueryState } from "../../../components/ui/query-state";

const t = MSG.services;

interface Props {
  details: AppointmentDetails;
  userId: string;
  pointId: string;
  linked: LinkedService[];
  onClose: () => void;
}

type Notice = { kind: "info" | "error"; text: string };

export function SelectServiceModal({ details, userId, pointId, linked, onClose }: Props) {
  const orderId = details.agendamento!.IdSocioVeiculoAgenda;
  const vehicleId = details.socioVeiculo?.IdSocioVeiculo ?? "";
  const vehicleType = details.socioVeiculo?.TipoVeiculo;
  const catalogue = useQuery(pointServicesQuery(pointId));
  const [choice, setChoice] = useState("");
  const [notice, setNotice] = useState<Notice | null>(null);
  const noticeId = useId();

  const linkedIds = useMemo(() => new Set(linked.map((s) => String(s.value ?? s.IdServico))), [linked]);
  const options = useMemo(
    () =>
      (catalogue.data ?? [])
        .filter((s) => s.TipoVeiculo === vehicleType && s.FornecidoPelaVcar !== "S" && !linkedIds.has(s.IdServico))
        .map((s) => ({ value: s.IdServico, label: s.label })),
    [catalogue.data, vehicleType, linkedIds],
  );

  const link = useLinkService(
    { orderId, vehicleId, userId },
    {
      onSuccess: (outcome) => {
        if (outcome.linked) {
          toast.success(t.linked);
          onClose();
          return;
        }
        setNotice({ kind: "info", text: outcome.info });
        toast.info(outcome.info);
      },
      onError: (err) => {
        const text = err.message || t.linkFailed;
        setNotice({ kind: "error", text });
        toast.error(text);
      },
    },
  );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (link.isPending) return;
    if (!choice) return setNotice({ kind: "error", text: t.required });
    setNotice(null);
    link.mutate({ idServico: choice, linkedIds });
  };

  const formId = `${noticeId}-form`;
  return (
    <Modal
      open
      title={t.selectTitle}
      onClose={onClose}
      preventClose={link.isPending}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose} disabled={link.isPending}>
            {t.cancel}
          </button>
          <button type="submit" form={formId} className="btn btn-primary" disabled={link.isPending || options.length === 0}>
            {link.isPending ? t.checking : t.confirm}
          </button>
        </>
      }
    >
      <form id={formId} className="select-service-form" onSubmit={submit} noValidate>
        <QueryState
          query={catalogue}
          variant="card"
          loading={t.loading}
          error={t.catalogueFailed}
          empty={t.noneAvailable}
          isEmpty={() => options.length === 0}
        >
          {() => (
            <>
              <SearchableSelect
                label={t.selectLabel}
                options={options}
                value={choice}
                placeholder={t.selectPlaceholder}
                disabled={link.isPending}
                errorId={notice ? `${noticeId}-${notice.kind}` : undefined}
                onChange={(v) => {
                  setChoice(v);
                  setNotice(null);
                }}
              />
              <p className="muted select-service-hint">{t.selectHint}</p>
            </>
          )}
        </QueryState>
        {/* Two stable live regions: refusals (warranty, limit, duplicate) are news; failures and a missing choice are errors. */}
        <p id={`${noticeId}-info`} className="select-service-notice" role="status">
          {notice?.kind === "info" ? notice.text : ""}
        </p>
        <p id={`${noticeId}-error`} className="form-error" role="alert">
          {notice?.kind === "error" ? notice.text : ""}
        </p>
      </form>
    </Modal>
  );
}
