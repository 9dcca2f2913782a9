// Select-service modal of the OS screen: the point's services for this vehicle's type, not provided by the program and not yet on
// the order; the chosen one's payout to the point, the central's approval, the attendant's reason and up to 3 photos and a
// video. On confirm the duplicate, warranty and annual-limit checks run before the link (online), any refusal is shown here,
// and the files are then saved on the device as outbox jobs that attach them to the new link (main thread).
import { useId, useMemo, useState, type FormEvent } from "react";
import { useQuery } from "@tanstack/react-query";
import { toast } from "../../../lib/toast";
import { ORDER_MSG } from "../../../config/messages/order.pt-BR";
import { FormModal } from "../../../components/ui/form-modal";
import { Field } from "../../../components/form/field";
import { useForm } from "../../../components/form/use-form";
import { SearchableSelect } from "../../../components/ui/searchable-select";
import { MediaPicker } from "../../../components/media/media-picker";
import { useLocalMedia } from "../../../components/media/use-local-media";
import { kindOfType, type LocalMedia } from "../../../lib/capture/local-media";
import { OfflineHint, useOfflineGuard } from "../../../lib/offline/offline-hint";
import { formatBRL } from "../../../domain/format";
import { isBlank } from "../../../domain/validators";
import type { AppointmentDetails, LinkedService } from "../api/order";
import { useLinkService } from "../api/use-order-mutations";
import { pointServicesQuery } from "../query-options";
import { MAX_SERVICE_PHOTOS, MAX_SERVICE_VIDEOS, queueServiceFiles } from "../use-service-files";
import { QueryState } from "../../../components/ui/query-state";
import "./select-service-modal.css";

const t = ORDER_MSG.services;
/** The reason the central reads: long enough for a diagnosis, short enough to read in a list. */
export const REASON_MAX = 500;

const countOf = (items: readonly LocalMedia[], kind: "photo" | "video") => items.filter((i) => kindOfType(i.type) === kind).length;

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
  const { values, errors, set, field, fieldId, errorId, handleSubmit, dirty } = useForm<{ choice: string; reason: string }>({
    initial: { choice: "", reason: "" },
    // The reason the central reads: required when the chosen service (or none yet) goes to the central, and not too long.
    validate: ({ reason }): { reason?: string } => ({
      reason:
        needsReason && isBlank(reason) ? t.reasonRequired : reason.trim().length > REASON_MAX ? t.reasonTooLong(REASON_MAX) : undefined,
    }),
    // A service chosen or a reason typed (the photos are counted below).
    isDirty: (v) => v.choice !== "" || v.reason.trim() !== "",
  });
  const { choice, reason } = values;
  const [filesError, setFilesError] = useState("");
  const { items, setItems } = useLocalMedia();
  const [queueing, setQueueing] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const noticeId = useId();
  // Linking needs the server; the files wait on the device for the outbox once the link exists.
  const { online, hintId, guard } = useOfflineGuard();
  const chosen = useMemo(() => catalogue.data?.find((s) => s.IdServico === choice), [catalogue.data, choice]);
  const needsReason = chosen?.AprovacaoCentral ?? true;

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
      onSuccess: async (outcome) => {
        if (outcome.linked) {
          setQueueing(true);
          const failed = await queueServiceFiles(
            orderId,
            outcome.linkId,
            items.map((i) => i.file),
          );
          toast.success(t.linked);
          if (failed > 0) toast.error(t.filesQueueFailed);
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

  const busy = link.isPending || queueing;
  const submitValid = handleSubmit(
    ({ reason }) => {
      setNotice(null);
      link.mutate({ idServico: choice, descricao: reason.trim(), linkedIds });
    },
    { focus: false },
  );
  const submit = (e: FormEvent<HTMLFormElement>) => {
    if (busy || !online) return e.preventDefault();
    // No service chosen is said in the form's error region (the searchable select points to it), before the reason is checked.
    if (!choice) {
      e.preventDefault();
      return setNotice({ kind: "error", text: t.required });
    }
    submitValid(e);
  };
  // The server keeps three photos and one video per linked service: more is refused here, the previous choice kept.
  const pick = (next: LocalMedia[]) => {
    if (countOf(next, "photo") > MAX_SERVICE_PHOTOS) return setFilesError(t.tooManyPhotos(MAX_SERVICE_PHOTOS));
    if (countOf(next, "video") > MAX_SERVICE_VIDEOS) return setFilesError(t.tooManyVideos(MAX_SERVICE_VIDEOS));
    setFilesError("");
    setItems(next);
  };

  return (
    <FormModal
      title={t.selectTitle}
      onClose={onClose}
      onSubmit={submit}
      busy={busy}
      // A service chosen, a reason typed or a photo taken: the phone's back asks before throwing them away.
      dirty={dirty || items.length > 0}
      cancelLabel={t.cancel}
      submitLabel={t.confirm}
      busyLabel={t.checking}
      submitDisabled={options.length === 0}
      submitGuard={guard}
      formClassName="select-service-form"
    >
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
              disabled={busy}
              errorId={notice ? `${noticeId}-${notice.kind}` : undefined}
              onChange={(v) => {
                set({ choice: v });
                setNotice(null);
              }}
            />
            <p className="muted select-service-hint">{t.selectHint}</p>
            {chosen && (
              <div className="select-service-terms">
                <dl className="select-service-payout">
                  <dt>{t.payoutLabel}</dt>
                  <dd>{formatBRL(chosen.ValorRepasse)}</dd>
                </dl>
                {chosen.AprovacaoCentral && <p className="select-service-central">{t.centralApproval}</p>}
              </div>
            )}
            <Field
              id={fieldId("reason")}
              label={
                <>
                  {t.reasonLabel}
                  {needsReason && <span aria-hidden="true"> *</span>}
                </>
              }
              labelClassName="select-service-label"
              hint={t.reasonHint}
              hintClassName="muted select-service-hint"
              error={errors.reason}
              alert
              onlyWhenShown
            >
              <textarea
                rows={3}
                maxLength={REASON_MAX}
                required={needsReason}
                disabled={busy}
                {...field("reason")}
                aria-describedby={`${fieldId("reason")}-hint ${fieldId("reason")}-count${errors.reason ? ` ${errorId("reason")}` : ""}`}
              />
              <p id={`${fieldId("reason")}-count`} className="muted note-counter">
                {t.chars(reason.length, REASON_MAX)}
              </p>
            </Field>
            <fieldset className="select-service-files" disabled={busy}>
              <legend>{t.filesTitle}</legend>
              <p className="muted select-service-hint">{t.filesHint(MAX_SERVICE_PHOTOS, MAX_SERVICE_VIDEOS)}</p>
              <MediaPicker kinds={["photo", "video"]} items={items} onChange={pick} disabled={busy} />
              {filesError && (
                <p className="form-error" role="alert">
                  {filesError}
                </p>
              )}
            </fieldset>
          </>
        )}
      </QueryState>
      <OfflineHint id={hintId} online={online} />
      {/* Two stable live regions: refusals (warranty, limit, duplicate) are news; failures and a missing choice are errors. */}
      <p id={`${noticeId}-info`} className="select-service-notice" role="status">
        {notice?.kind === "info" ? notice.text : ""}
      </p>
      <p id={`${noticeId}-error`} className="form-error" role="alert">
        {notice?.kind === "error" ? notice.text : ""}
      </p>
    </FormModal>
  );
}
