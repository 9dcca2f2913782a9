// 'Anotações Gerais' card of the OS screen: the newest notes with their date, its own loading/empty/error state, and the
// button that opens the notes modal (add and delete live there); notes still on their way from the device (main thread).
import { lazy, Suspense, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { ORDER_MSG } from "../../../config/messages/order.pt-BR";
import { notesQuery } from "../query-options";
import { newestFirst, noteDate } from "../notes";
import { QueryState } from "../../../components/ui/query-state";
import { OutboxFileList } from "../../../components/media/outbox-files";
import { usePendingNotes } from "../use-pending-notes";

// The modal loads when first opened, as the screen's other modals: the card shows the newest notes without it.
const NotesModal = lazy(() => import("./notes-modal").then((m) => ({ default: m.NotesModal })));

/** How many notes the card shows; the modal lists them all. */
const CARD_NOTES = 5;

export function NotesCard({ orderId, userId, canEdit }: { orderId: string; userId: string; canEdit: boolean }) {
  const query = useQuery(notesQuery(orderId));
  const [open, setOpen] = useState(false);
  const t = ORDER_MSG.notes;
  // Notes saved on the device and not yet on the server (issue 50): shown above the list, in the outbox's words.
  const pending = usePendingNotes(orderId);

  return (
    <section className="card notes-card" aria-labelledby="anotacoes-titulo">
      <div className="notes-card-head">
        <h2 id="anotacoes-titulo" className="card-title">
          {t.title}
        </h2>
        <button type="button" className="btn" onClick={() => setOpen(true)}>
          {canEdit ? t.manage : t.view}
        </button>
      </div>
      <QueryState
        query={query}
        variant="card"
        loading={t.loading}
        error={t.loadFailed}
        empty={t.empty}
        isEmpty={(data) => data.length === 0}
      >
        {(data) => {
          const notes = newestFirst(data);
          return (
            <>
              <ul className="note-list" aria-label={t.listLabel}>
                {notes.slice(0, CARD_NOTES).map((note) => (
                  <li key={note.IdSocioVeiculoAgendaExecucaoAnotacao} className="note-item">
                    <p className="note-text">{note.Anotacao}</p>
                    <time className="muted note-date" dateTime={note.DataLog}>
                      {noteDate(note.DataLog)}
                    </time>
                    {note.VisivelSocio && <span className="member-tag">{t.memberTag}</span>}
                  </li>
                ))}
              </ul>
              {notes.length > CARD_NOTES && <p className="muted">{t.more(notes.length - CARD_NOTES)}</p>}
            </>
          );
        }}
      </QueryState>
      {!open && <OutboxFileList jobs={pending} label={t.pendingList} className="note-pending" />}
      {open && (
        <Suspense fallback={null}>
          <NotesModal orderId={orderId} userId={userId} canEdit={canEdit} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </section>
  );
}
