// 'Novo Retorno' / 'Editar Retorno': appointment (create only), type, status, description, photos and videos. The return is
// saved first, then its new files go through the outbox and the modal stays open (closing blocked) until they are on it (main thread).
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useQuery } from "@tanstack/react-query";
import { toast } from "../../../lib/toast";
import { RETURNS_MSG } from "../../../config/messages/returns.pt-BR";
import { MediaPicker } from "../../../components/media/media-picker";
import { Modal } from "../../../components/ui/modal";
import { MSG } from "../../../config/messages.pt-BR";
import { SearchableSelect } from "../../../components/ui/searchable-select";
import { withReason } from "../../../domain/format";
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
type Field = "appointment" | "kind" | "status" | "description";
type Errors = Partial<Record<Field | "form", string>>;
const NONE: readonly SentFile[] = [];

interface Props {
  pointId: string;
  row?: RetornoServico;
  onClose: () => void;
}

export function ReturnFormModal({ pointId, row, onClose }: Props) {
  const editing = Boolean(row);
  const ids = useId();
  const formId = `${ids}-form`;
  const [appointment, setAppointment] = useState("");
  const [kind, setKind] = useState(row ? kindLabel(row.Tipo) : "");
  const [status, setStatus] = useState<string>(row?.Status ?? "A");
  const [description, setDescription] = useState(row?.Descricao ?? "");
  const [photos, setPhotos] = useState(() => fileList(row?.Fotos));
  const [videos, setVideos] = useState(() => fileList(row?.Videos));
  const [media, setMedia] = useState<LocalMedia[]>([]);
  const [errors, setErrors] = useState<Errors>({});
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
    onError: (err) => setErrors({ form: withReason(failed, err.message) }),
  });

  const clear = (field: Field) => setErrors((e) => (e[field] || e.form ? { ...e, [field]: undefined, form: undefined } : e));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next: Errors = {};
    if (!editing && !appointment) next.appointment = t.appointmentRequired;
    if (!kind) next.kind = t.kindRequired;
    if (!status) next.status = t.statusRequired;
    if (!description.trim()) next.description = t.descriptionRequired;
    setErrors(next);
    if (Object.keys(next).length > 0) return;
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
    });
  };

  const options = (appointments.data ?? []).map((a) => ({
    value: a.IdSocioVeiculoAgenda,
    label: [t.osLabel(a.NumeroOS), displayPlate(a.Placa), a.SocioNome, a.NomeServico?.toUpperCase()].filter(Boolean).join(" · "),
  }));
  const busy = save.isPending;
  const describedBy = (field: Field) => `${ids}-${field}-err`;
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
    <Modal
      open
      title={title}
      onClose={onClose}
      preventClose={busy}
      // Anything typed or chosen beyond what the return had: back, Escape, the overlay or × ask before throwing it away.
      discardQuestion={
        description.trim() !== (row?.Descricao ?? "").trim() || appointment || media.length > 0 ? MSG.common.discardQuestion : null
      }
      footer={
        <>
          <button type="button" className="btn" onClick={onClose} disabled={busy}>
            {t.cancel}
          </button>
          <button type="submit" form={formId} className="btn btn-primary" disabled={busy}>
            {busy ? t.saving : editing ? t.update : t.save}
          </button>
        </>
      }
    >
      <form id={formId} className="returns-form" onSubmit={submit} noValidate>
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
              value={appointment}
              placeholder={t.appointmentPlaceholder}
              disabled={busy}
              onChange={(v) => {
                setAppointment(v);
                clear("appointment");
              }}
              errorId={describedBy("appointment")}
            />
            <p id={describedBy("appointment")} className="form-error" role={appointments.isError ? "alert" : undefined}>
              {errors.appointment ?? (appointments.isError ? t.appointmentsFailed : "")}
            </p>
          </div>
        )}
        <label htmlFor={`${ids}-kind`}>{t.kindLabel}</label>
        <select
          id={`${ids}-kind`}
          value={kind}
          disabled={busy}
          aria-describedby={describedBy("kind")}
          aria-invalid={errors.kind ? true : undefined}
          onChange={(e) => {
            setKind(e.target.value);
            clear("kind");
          }}
        >
          <option value="">{t.kindPlaceholder}</option>
          {t.kinds.map((k) => (
            <option key={k} value={k}>
              {k}
            </option>
          ))}
        </select>
        <p id={describedBy("kind")} className="form-error">
          {errors.kind}
        </p>
        <label htmlFor={`${ids}-status`}>{t.status}</label>
        <select
          id={`${ids}-status`}
          value={status}
          disabled={busy}
          aria-describedby={describedBy("status")}
          aria-invalid={errors.status ? true : undefined}
          onChange={(e) => {
            setStatus(e.target.value);
            clear("status");
          }}
        >
          <option value="">{t.statusPlaceholder}</option>
          {STATUS_CODES.map((s) => (
            <option key={s} value={s}>
              {statusLabel(s)}
            </option>
          ))}
        </select>
        <p id={describedBy("status")} className="form-error">
          {errors.status}
        </p>
        <label htmlFor={`${ids}-desc`}>{t.description}</label>
        <textarea
          id={`${ids}-desc`}
          rows={4}
          maxLength={4000}
          value={description}
          disabled={busy}
          aria-describedby={describedBy("description")}
          aria-invalid={errors.description ? true : undefined}
          onChange={(e) => {
            setDescription(e.target.value);
            clear("description");
          }}
        />
        <p id={describedBy("description")} className="form-error">
          {errors.description}
        </p>
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
      </form>
    </Modal>
  );
}
