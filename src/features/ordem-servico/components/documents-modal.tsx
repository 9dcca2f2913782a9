// Laudos and Recibos modal of the OS screen: the saved documents (original name, date, link to the file), files still in the
// outbox ('Salvo no aparelho', 'Enviando n%', 'Enviado', or 'Falhou — tentar de novo'), one file at a time added through the
// durable outbox (offline too), and deletion after a confirmation, the one action that needs the internet (main thread).
import { useCallback, useMemo, useState, type ChangeEvent } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "../../../lib/toast";
import { OUTBOX_MSG } from "../../../config/messages/outbox.pt-BR";
import { ORDER_MSG } from "../../../config/messages/order.pt-BR";
import { ConfirmModal } from "../../../components/ui/confirm-modal";
import { Modal } from "../../../components/ui/modal";
import { useOfflineGuard } from "../../../lib/offline/offline-hint";
import { dateTimeText } from "../../../lib/br-format";
import { documentSteps } from "../../../domain/outbox-steps";
import { fileUrl } from "../../../lib/api-client";
import { useOrderFiles } from "../../../lib/outbox/use-order-outbox";
import { addToOutbox } from "../../../lib/outbox/outbox-bridge";
import { OutboxFileList } from "../../../components/media/outbox-files";
import type { DocumentKind, Laudo, NotaFiscal } from "../api/order";
import { useDeleteDocument } from "../api/use-order-mutations";
import { orderKeys, receiptsQuery, reportsQuery } from "../query-options";
import { QueryLoading, QueryState, type QueryLike } from "../../../components/ui/query-state";
import { ResponsiveList, type Column } from "../../../components/ui/responsive-list";

/** The spec's accepted extensions for laudos and recibos (the server also checks the file's real type from its bytes). */
export const DOCUMENT_EXTENSIONS = [".pdf", ".jpg", ".jpeg", ".png", ".doc", ".docx"] as const;
export const isAcceptedDocument = (name: string) => DOCUMENT_EXTENSIONS.some((ext) => name.toLowerCase().endsWith(ext));

const STEP: Record<DocumentKind, Parameters<typeof documentSteps>[0]> = { laudo: "adicionar-laudo", recibo: "adicionar-nota-fiscal" };

const t = ORDER_MSG.documents;
const TEXT = {
  laudo: {
    title: t.reportsTitle,
    removed: t.reportRemoved,
    removeFailed: t.reportRemoveFailed,
    uploadFailed: t.reportUploadFailed,
    loadFailed: t.reportsLoadFailed,
    confirm: t.reportConfirm,
    confirmTitle: t.reportConfirmTitle,
    empty: t.reportsEmpty,
    list: t.reportsList,
    input: t.reportInput,
  },
  recibo: {
    title: t.receiptsTitle,
    removed: t.receiptRemoved,
    removeFailed: t.receiptRemoveFailed,
    uploadFailed: t.receiptUploadFailed,
    loadFailed: t.receiptsLoadFailed,
    confirm: t.receiptConfirm,
    confirmTitle: t.receiptConfirmTitle,
    empty: t.receiptsEmpty,
    list: t.receiptsList,
    input: t.receiptInput,
  },
} as const;

const shownDate = (iso: string) => dateTimeText(iso) ?? iso;

/** One saved document, the same for both kinds. */
interface Row {
  id: string;
  name: string;
  file: string;
  date: string;
  iso: string;
}
const rowOf = (d: Laudo | NotaFiscal): Row => ({
  id: "IdSocioVeiculoAgendaLaudo" in d ? d.IdSocioVeiculoAgendaLaudo : d.IdSocioVeiculoAgendaNotaFiscal,
  name: d.NomeOriginal || d.NomeArquivo,
  file: d.Arquivo || d.NomeArquivo,
  date: shownDate(d.DataLog),
  iso: d.DataLog,
});

// Small item cards on phones: the file name and its date read by themselves, without labels.
const COLUMNS: readonly Column<Row>[] = [
  { id: "file", header: t.fileColumn, cell: (row) => <span className="document-name">{row.name}</span>, card: "plain" },
  {
    id: "date",
    header: t.dateColumn,
    cell: (row) => <time dateTime={row.iso}>{row.date}</time>,
    // Under the name in the card, so quieter.
    cardCell: (row) => (
      <time className="muted" dateTime={row.iso}>
        {row.date}
      </time>
    ),
    card: "plain",
  },
];

interface Props {
  kind: DocumentKind;
  orderId: string;
  userId: string;
  canEdit: boolean;
  /** Saved ones may be removed: only while the order is open; a finished order's evidence is sealed (the server answers 409). */
  canRemove: boolean;
  onClose: () => void;
}

export function DocumentsModal({ kind, orderId, userId, canEdit, canRemove, onClose }: Props) {
  const text = TEXT[kind];
  const reports = useQuery(reportsQuery(orderId, kind === "laudo"));
  const receipts = useQuery(receiptsQuery(orderId, kind === "recibo"));
  // The open kind's list: laudos and recibos differ only in their id and name fields (rowOf).
  const query: QueryLike<(Laudo | NotaFiscal)[]> = kind === "laudo" ? reports : receipts;
  const paused = (kind === "laudo" ? reports : receipts).fetchStatus === "paused";
  const client = useQueryClient();
  const reload = useCallback(
    () =>
      void client.invalidateQueries({
        queryKey: kind === "laudo" ? orderKeys.reports(orderId) : orderKeys.receipts(orderId),
      }),
    [client, kind, orderId],
  );
  const saved = useMemo(() => query.data?.map((d) => d.NomeArquivo), [query.data]);
  // Added files on their way, at once, and those just sent until the list shows them (offline it cannot: they stay 'Enviado').
  const pending = useOrderFiles(orderId, reload, STEP[kind], saved);
  const [error, setError] = useState("");
  const [confirm, setConfirm] = useState<Row | null>(null);
  // Adding goes through the outbox and works offline; deleting needs the server.
  const { online, hintId, guard } = useOfflineGuard();
  const rows = useMemo(() => (query.data ?? []).map(rowOf), [query.data]);

  const choose = async (e: ChangeEvent<HTMLInputElement>) => {
    const input = e.currentTarget;
    const file = input.files?.[0];
    input.value = "";
    if (!file) return;
    if (!isAcceptedDocument(file.name)) return setError(t.invalidType(file.name));
    setError("");
    try {
      // Saved on the device first; the worker sends it and then attaches it with the stored name (nomeArquivo / notaFiscal).
      await addToOutbox(file, documentSteps(STEP[kind], orderId, userId, new Date()));
    } catch {
      toast.error(text.uploadFailed);
    }
  };

  const remove = useDeleteDocument(orderId, kind, {
    onSuccess: () => void toast.success(text.removed),
    onError: () => void toast.error(text.removeFailed),
    onSettled: () => setConfirm(null),
  });

  const inputId = `documento-${kind}`;
  const rowActions = (row: Row) => (
    <div className="row-actions">
      <a className="btn btn-small" href={fileUrl(row.file)} target="_blank" rel="noopener" aria-label={t.openOf(row.name)}>
        {t.open}
      </a>
      {canRemove && (
        <button
          type="button"
          className="btn btn-danger btn-small"
          aria-label={t.removeOf(row.name)}
          onClick={() => setConfirm(row)}
          {...guard}
        >
          {t.remove}
        </button>
      )}
    </div>
  );

  return (
    <>
      <Modal open title={text.title} onClose={onClose}>
        <div className="documents-modal">
          {canEdit && (
            <div className="document-add">
              <label htmlFor={inputId}>{text.input}</label>
              <input
                id={inputId}
                type="file"
                accept={DOCUMENT_EXTENSIONS.join(",")}
                aria-describedby={`${inputId}-dica`}
                aria-invalid={error ? true : undefined}
                onChange={(e) => void choose(e)}
              />
              <p id={`${inputId}-dica`} className="muted document-hint">
                {t.accepted}
              </p>
              {error && (
                <p className="form-error" role="alert">
                  {error}
                </p>
              )}
            </div>
          )}
          <OutboxFileList jobs={pending} label={t.pendingList} className="document-pending" />
          {/* Offline, only deleting waits for the network: said beside the list whose 'Excluir' buttons it disables. */}
          {canRemove && !online && rows.length > 0 && (
            <p id={hintId} className="offline-hint">
              {t.deleteOffline}
            </p>
          )}
          {/* Never loaded on this device and no connection: say so instead of loading until the network returns. */}
          {query.data === undefined && paused && !online ? (
            <QueryLoading label={OUTBOX_MSG.fileState.listOffline} />
          ) : (
            <QueryState
              query={query}
              variant="card"
              loading={t.loading}
              error={text.loadFailed}
              empty={text.empty}
              isEmpty={() => rows.length === 0 && pending.length === 0}
            >
              {() =>
                rows.length > 0 && (
                  <ResponsiveList
                    name="document"
                    itemClass="document-card"
                    label={text.list}
                    rows={rows}
                    columns={COLUMNS}
                    rowKey={(row) => row.id}
                    actions={rowActions}
                    actionsHeader={t.actionsColumn}
                  />
                )
              }
            </QueryState>
          )}
        </div>
      </Modal>
      {confirm && (
        <ConfirmModal
          title={text.confirmTitle}
          onClose={() => setConfirm(null)}
          onConfirm={() => remove.mutate(confirm.id)}
          pending={remove.isPending}
          confirmLabel={t.confirmYes}
          pendingLabel={t.removing}
          backLabel={t.back}
        >
          <p>{text.confirm}</p>
          <p className="document-name">{confirm.name}</p>
        </ConfirmModal>
      )}
    </>
  );
}
