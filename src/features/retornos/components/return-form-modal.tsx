// 'Novo Retorno' / 'Editar Retorno': appointment (create only), type, status, description, photos and videos. The return is
// saved first, then its new files go through the outbox and the modal stays open (closing blocked) until they are on it (main thread).
import { useEffect, useRef, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { toast } from "../../../lib/toast";
import { RETURNS_MSG } from "../../../config/messages/returns.pt-BR";
import { MediaPicker } from "../../../components/media/media-picker";
import { Modal } from "../../../components/ui/modal";
import { FormModal } from "../../../components/ui/form-modal";
import { Field } from "../../../components/form/field";
import { useForm } from "../../../components/form/use-form";
import { SearchableSelect } from "../../../components/ui/searchable-select";
import { withReason } from "../../../domain/format";
import { isBlank } from "../../../domain/validators";
import { displayPlate } from "../../../domain/plate";
import { fileUrl } from "../../../lib/api-client";
import { releaseLocalMedia, type LocalMedia } from "../../../lib/capture/local-media";
import type { RetornoServico } from "../api/retornos";
import { useSaveReturn } from "../api/use-retornos-mutations";
import { kindLabel, STATUS_CODES, statusLabel } from "../filters";
import { returnableAppointmentsQuery } from "../query-options";
import { enqueueReturnFiles, useReturnUploads, type SentFile } from "../return-uploads";
import { fileList } from "./return-format";
import { ReturnUploads } from "./return-uploads-view";

const t = RETURNS_MSG.returns;
const NONE: readonly SentFile[] = [];

interface Props {
  pointId: string;
  row?: RetornoServico;
  onClose: () => void;
}

export function ReturnFormModal({ pointId, row, onClose }: Props) {
  const editing = Boolean(row);
  const { values, errors, set, field, fieldId, errorId, handleSubmit, fail, dirty } = useForm({
    initial: () => ({
      appointment: "",
      kind: row ? kindLabel(row.Tipo) : "",
      status: (row?.Status ?? "A") as string,
      description: row?.Descricao ?? "",
    }),
    validate: (v) => ({
      appointment: !editing && isBlank(v.appointment) ? t.appointmentRequired : undefined,
      kind: isBlank(v.kind) ? t.kindRequired : undefined,
      status: isBlank(v.status) ? t.statusRequired : undefined,
      description: isBlank(v.description) ? t.descriptionRequired : undefined,
    }),
    // Anything typed or chosen beyond what the return had (the media are counted below).
    isDirty: (v, start) => v.description.trim() !== start.description.trim() || v.appointment !== "",
  });
  const [photos, setPhotos] = useState(() => fileList(row?.Fotos));
  const [videos, setVideos] = useState(() => fileList(row?.Videos));
  const [media, setMedia] = useState<LocalMedia[]>([]);
  const [sent, setSent] = useState<SentFile[] | null>(null);
  const uploads = useReturnUploads(sent ?? NONE);
  // Every new file is on the return (or was discarded): the modal closes by itself.
  const allLanded = sent !== null && uploads.left.length === 0;
  useEffect(() => {
    if (allLanded) onClose();
  }, [allLanded, onClose]);
  const appointments = useQuery(returnableAppointmentsQuery(pointId, !editing));

  // Previews not handed to the outbox are freed when the modal goes away.
  const mediaRef = useRef(media);
  useEffect(() => {
    mediaRef.current = media;
  }, [media]);
  useEffect(() => () => mediaRef.current.forEach(releaseLocalMedia), []);

  const failed = editing ? t.updateFailed : t.createFailed;
  const save = useSaveReturn({
    onSuccess: async (returnId) => {
      toast.success(editing ? t.updated : t.created);
      const items = media;
      setMedia([]);
      const files = await enqueueReturnFiles(returnId, items);
      if (files.length === 0) onClose();
      else setSent(files);
    },
    onError: (err) => fail(withReason(failed, err.message)),
  });

  // Focus stays where it is on a refused submit, as this form always did.
  const submit = handleSubmit(
    ({ appointment, kind, status, description }) =>
      save.mutate({
        id: row?.IdRetornoServico,
        data: {
          IdSocioVeiculoAgenda: row?.IdSocioVeiculoAgenda ?? appointment,
          Tipo: kind,
          Status: status,
          Descricao: description.trim(),
          Fotos: photos.join(","),
          Videos: videos.join(","),
        },
      }),
    { focus: false },
  );

  const options = (appointments.data ?? []).map((a) => ({
    value: a.IdSocioVeiculoAgenda,
    label: [t.osLabel(a.NumeroOS), displayPlate(a.Placa), a.SocioNome, a.NomeServico?.toUpperCase()].filter(Boolean).join(" · "),
  }));
  const busy = save.isPending;
  const kept = [...photos.map((name) => ({ name, video: false })), ...videos.map((name) => ({ name, video: true }))];
  const title = editing ? t.editTitle : t.newReturn;
  if (sent) {
    // The return is saved; closing waits while a file is still moving (a failed one can be retried, discarded, or left to the outbox).
    return (
      <Modal
        open
        title={title}
        onClose={onClose}
        preventClose={uploads.busy}
        footer={
          uploads.busy ? undefined : (
            <button type="button" className="btn" onClick={onClose}>
              {t.close}
            </button>
          )
        }
      >
        <ReturnUploads left={uploads.left} onDiscard={(id) => void uploads.discard(id)} />
      </Modal>
    );
  }
  return (
    <FormModal
      title={title}
      onClose={onClose}
      onSubmit={submit}
      busy={busy}
      // Anything typed or chosen beyond what the return had: back, Escape, the overlay or × ask before throwing it away.
      dirty={dirty || media.length > 0}
      cancelLabel={t.cancel}
      submitLabel={editing ? t.update : t.save}
      busyLabel={t.saving}
      formClassName="returns-form"
    >
      {row ? (
        <div>
          <p className="returns-form-label">{t.appointment}</p>
          <p className="chosen-vehicle">
            <strong>{t.osLabel(row.NumeroOS)}</strong>{" "}
            {[displayPlate(row.PlacaVeiculo), row.NomeSocio, row.NomeServico?.toUpperCase()].filter(Boolean).join(" · ")}
          </p>
          <p className="muted returns-hint">{t.appointmentKept}</p>
        </div>
      ) : (
        <div>
          <SearchableSelect
            label={t.appointment}
            options={options}
            value={values.appointment}
            placeholder={t.appointmentPlaceholder}
            disabled={busy}
            onChange={(v) => set({ appointment: v })}
            errorId={errorId("appointment")}
          />
          <p id={errorId("appointment")} className="form-error" role={appointments.isError ? "alert" : undefined}>
            {errors.appointment ?? (appointments.isError ? t.appointmentsFailed : "")}
          </p>
        </div>
      )}
      <Field id={fieldId("kind")} label={t.kindLabel} error={errors.kind}>
        <select {...field("kind")} disabled={busy}>
          <option value="">{t.kindPlaceholder}</option>
          {t.kinds.map((k) => (
            <option key={k} value={k}>
              {k}
            </option>
          ))}
        </select>
      </Field>
      <Field id={fieldId("status")} label={t.status} error={errors.status}>
        <select {...field("status")} disabled={busy}>
          <option value="">{t.statusPlaceholder}</option>
          {STATUS_CODES.map((s) => (
            <option key={s} value={s}>
              {statusLabel(s)}
            </option>
          ))}
        </select>
      </Field>
      <Field id={fieldId("description")} label={t.description} error={errors.description}>
        <textarea rows={4} maxLength={4000} {...field("description")} disabled={busy} />
      </Field>
      <fieldset className="returns-media" disabled={busy}>
        <legend>{t.media}</legend>
        <p className="muted returns-hint">{t.mediaHint}</p>
        {kept.length > 0 && (
          <ul className="media-grid" aria-label={t.savedFiles}>
            {kept.map((f) => (
              <li key={f.name} className="media-item">
                {f.video ? (
                  <video src={fileUrl(f.name)} controls preload="metadata" playsInline aria-label={f.name} />
                ) : (
                  <img src={fileUrl(f.name)} alt={f.name} loading="lazy" />
                )}
                <button
                  type="button"
                  className="btn media-remove"
                  aria-label={t.removeFile(f.name)}
                  onClick={() => {
                    if (f.video) setVideos((v) => v.filter((x) => x !== f.name));
                    else setPhotos((p) => p.filter((x) => x !== f.name));
                  }}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        )}
        <MediaPicker
          kinds={["photo", "video"]}
          items={media}
          disabled={busy}
          onChange={(next) => {
            media.filter((m) => !next.includes(m)).forEach(releaseLocalMedia);
            setMedia(next);
          }}
        />
      </fieldset>
      {errors.form && (
        <p className="form-error" role="alert">
          {errors.form}
        </p>
      )}
    </FormModal>
  );
}
