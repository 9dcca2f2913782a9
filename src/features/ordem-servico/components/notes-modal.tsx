// Notes modal of the OS screen: every note (newest first) in a scrollable region, a trimmed non-blank note to add, and
// deletion after a confirmation; notes stay usable on concluded orders. A note may be marked visible to the member (the follow
// link's page shows it, issue 39), and is tagged so. A note added goes through the outbox (issue 50): saved on the device
// first, so one typed offline or cut off by the network is sent when the connection returns, listed meanwhile in the
// outbox's words ('Salvo no aparelho', 'Enviando…', 'Falhou — tentar de novo') (main thread).
import { useLayoutEffect, useMemo, useRef, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { toast } from "../../../lib/toast";
import { ORDER_MSG } from "../../../config/messages/order.pt-BR";
import { ConfirmModal } from "../../../components/ui/confirm-modal";
import { Modal } from "../../../components/ui/modal";
import { MSG } from "../../../config/messages.pt-BR";
import { FieldError } from "../../../components/form/field";
import { useForm } from "../../../components/form/use-form";
import { isBlank } from "../../../domain/validators";
import { useOfflineGuard } from "../../../lib/offline/offline-hint";
import { useDeleteNote } from "../api/use-order-mutations";
import { addNoteToOutbox } from "../../../lib/outbox/outbox-bridge";
import { usePendingNotes } from "../use-pending-notes";
import { OutboxFileList } from "../../../components/media/outbox-files";
import { notesQuery } from "../query-options";
import type { Anotacao } from "../api/order";
import { newestFirst, noteDate } from "../notes";
import { QueryState } from "../../../components/ui/query-state";

export const NOTE_MAX = 2000;

interface Props {
  orderId: string;
  userId: string;
  canEdit: boolean;
  onClose: () => void;
}

export function NotesModal({ orderId, userId, canEdit, onClose }: Props) {
  const t = ORDER_MSG.notes;
  const query = useQuery(notesQuery(orderId));
  const { values, errors, set, field, handleSubmit, reset, dirty } = useForm({
    initial: { text: "", forMember: false },
    validate: ({ text }) => ({ text: isBlank(text) ? t.required : undefined }),
    // Only a note typed is worth the question; the member's box alone is not.
    isDirty: ({ text }) => !isBlank(text),
  });
  const { text, forMember } = values;
  // Deleting a note needs the server; adding one is saved on the device and sent when it can be.
  const { online, hintId, guard } = useOfflineGuard();
  const [saving, setSaving] = useState(false);
  const pending = usePendingNotes(orderId);
  const [confirm, setConfirm] = useState<Anotacao | null>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLTextAreaElement>(null);
  // The deleted note's button held the focus: once the list no longer shows it, focus goes back into the modal.
  const removedId = useRef<string | null>(null);

  const remove = useDeleteNote(orderId, {
    onSuccess: (_data, note) => {
      toast.success(t.removed);
      removedId.current = note.IdSocioVeiculoAgendaExecucaoAnotacao;
    },
    onError: () => void toast.error(t.removeFailed),
    onSettled: () => setConfirm(null),
  });

  const submit = handleSubmit(
    ({ text, forMember }) => {
      const trimmed = text.trim();
      setSaving(true);
      addNoteToOutbox(
        {
          idSocioVeiculoAgendaExecucaoAnotacao: crypto.randomUUID(),
          idSocioVeiculoAgenda: orderId,
          idPontoAtendimentoUsuario: userId,
          anotacao: trimmed,
          visivelSocio: forMember,
        },
        t.pendingName(trimmed),
      ).then(
        () => {
          // On the device now: the field is free for the next note; the note's row says where it stands until the list shows it.
          reset();
          setSaving(false);
        },
        () => {
          setSaving(false);
          toast.error(t.addFailed);
        },
      );
    },
    { focus: false },
  );
  const notes = useMemo(() => newestFirst(query.data ?? []), [query.data]);
  useLayoutEffect(() => {
    const id = removedId.current;
    if (!id || notes.some((n) => n.IdSocioVeiculoAgendaExecucaoAnotacao === id)) return;
    removedId.current = null;
    (listRef.current ?? formRef.current)?.focus();
  }, [notes]);

  return (
    <>
      <Modal open title={t.title} onClose={onClose} discardQuestion={dirty ? MSG.common.discardQuestion : null}>
        <QueryState
          query={query}
          variant="card"
          loading={t.loading}
          error={t.loadFailed}
          empty={t.empty}
          isEmpty={(data) => data.length === 0}
        >
          {() => (
            // Focusable so a keyboard user can scroll a long list; named so a screen reader announces what it holds.
            <div ref={listRef} className="notes-scroll" role="region" aria-label={t.listLabel} tabIndex={0}>
              <ul className="note-list">
                {notes.map((note) => {
                  const when = noteDate(note.DataLog);
                  return (
                    <li key={note.IdSocioVeiculoAgendaExecucaoAnotacao} className="note-item">
                      <p className="note-text">{note.Anotacao}</p>
                      <div className="note-meta">
                        <time className="muted note-date" dateTime={note.DataLog}>
                          {when}
                        </time>
                        {note.VisivelSocio && <span className="member-tag">{t.memberTag}</span>}
                        {canEdit && (
                          <button
                            type="button"
                            className="btn btn-danger btn-small"
                            aria-label={t.removeOf(when)}
                            onClick={() => setConfirm(note)}
                            {...guard}
                          >
                            {t.remove}
                          </button>
                        )}
                      </div>
                    </li>
                  );
                })}
              </ul>
            </div>
          )}
        </QueryState>
        <OutboxFileList jobs={pending} label={t.pendingList} className="note-pending" />
        {canEdit && (
          <form className="note-form" onSubmit={submit} noValidate>
            <label htmlFor="nova-anotacao">{t.newLabel}</label>
            <textarea
              ref={formRef}
              rows={3}
              maxLength={NOTE_MAX}
              {...field("text")}
              id="nova-anotacao"
              aria-describedby="nova-anotacao-contador"
            />
            <p id="nova-anotacao-contador" className="muted note-counter">
              {t.chars(text.length, NOTE_MAX)}
            </p>
            <label className="checkbox note-member">
              <input
                type="checkbox"
                checked={forMember}
                aria-describedby="nova-anotacao-socio"
                onChange={(e) => set({ forMember: e.target.checked })}
              />
              {t.memberVisible}
            </label>
            <p id="nova-anotacao-socio" className="muted">
              {t.memberVisibleHint}
            </p>
            <FieldError error={errors.text} alert onlyWhenShown />
            {!online && (
              <p id={hintId} className="offline-hint">
                {t.offlineSaved}
              </p>
            )}
            <div className="modal-actions">
              <button type="submit" className="btn btn-primary" disabled={saving}>
                {saving ? t.adding : t.add}
              </button>
            </div>
          </form>
        )}
      </Modal>
      {confirm && (
        <ConfirmModal
          title={t.confirmTitle}
          onClose={() => setConfirm(null)}
          onConfirm={() => remove.mutate(confirm)}
          pending={remove.isPending}
          confirmLabel={t.confirmYes}
          pendingLabel={t.removing}
          backLabel={t.back}
        >
          <p>{t.confirmText}</p>
          <p className="muted">{t.irreversible}</p>
        </ConfirmModal>
      )}
    </>
  );
}
