// 'Desfazer pagamento': confirms taking a paid batch back to pending (every payout paid with it), or a single payout paid
// before batches existed, with a required reason (kept in the journal of money actions); the server allows it only on the
// day it was registered, and its refusal stays in the dialog. The
// button is disabled while the call runs, and the server answers the same user's repeated undo as done, so a double click is
// never reported as a failure (main thread).
import { useId, useRef, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { ConfirmModal } from "../../../components/ui/confirm-modal";
import { isoToBr } from "../../../domain/dates";
import { formatBRL } from "../../../domain/format";
import { toast } from "../../../lib/toast";
import { PAYMENTS_MSG } from "../../../config/messages/central-payments.pt-BR";
import type { Batch, Payout } from "../api/payments";
import { useUndoBatch, useUndoPayment } from "../api/use-payment-mutations";
import { batchQuery } from "../payments-queries";
import { payoutName } from "./payment-list";

const M = PAYMENTS_MSG.undo;

type Props = { onClose: () => void } & ({ row: Payout; batch?: undefined } | { batch: Batch; row?: undefined });

export function PaymentUndoModal({ row, batch, onClose }: Props) {
  const [error, setError] = useState<string | null>(null);
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState<string | null>(null);
  const reasonId = useId();
  const batchId = batch?.IdLote ?? row?.IdLote ?? "";
  // A row paid in a batch undoes its whole batch: its details come from the batch itself.
  const loaded = useQuery({ ...batchQuery(batchId), enabled: Boolean(batchId) && !batch });
  const info = batch ?? loaded.data?.data;
  const undoBatch = useUndoBatch();
  const undoOne = useUndoPayment();
  const pending = undoBatch.isPending || undoOne.isPending;
  const done = (res: { message: string }) => {
    toast.success(res.message);
    onClose();
  };
  const failed = (e: Error) => {
    inFlight.current = false;
    setError(e.message);
  };
  // A second click before the button shows disabled (a double click) sends nothing: the first request is the action.
  const inFlight = useRef(false);
  const confirm = () => {
    if (inFlight.current) return;
    const motivo = reason.trim();
    if (!motivo) {
      setReasonError(M.reasonRequired);
      document.getElementById(reasonId)?.focus();
      return;
    }
    inFlight.current = true;
    setError(null);
    setReasonError(null);
    if (batchId) undoBatch.mutate({ id: batchId, motivo }, { onSuccess: done, onError: failed });
    else if (row) undoOne.mutate({ id: row.IdFinanceiroEspelho, motivo }, { onSuccess: done, onError: failed });
  };
  return (
    <ConfirmModal
      title={M.title}
      onClose={onClose}
      onConfirm={confirm}
      pending={pending || (Boolean(batchId) && !info)}
      confirmLabel={M.confirm}
      pendingLabel={pending ? M.pending : M.confirm}
      backLabel={M.back}
      error={error ?? (loaded.isError ? loaded.error.message : null)}
    >
      {info ? (
        <p>{M.batchText(info.Referencia, info.Quantidade, formatBRL(info.Total), isoToBr(info.DataPagamento))}</p>
      ) : row && !batchId ? (
        <p>
          O repasse da {payoutName(row)} ({row.NomeFantasia}), de {formatBRL(row.ValorRepasse)}
          {row.DataPagamento ? `, pago em ${isoToBr(row.DataPagamento)},` : ""} volta a ficar pendente.
        </p>
      ) : (
        <p className="muted">{PAYMENTS_MSG.batches.loading}</p>
      )}
      <p className="muted">{M.sameDay}</p>
      <label htmlFor={reasonId}>{M.reason}</label>
      <textarea
        id={reasonId}
        value={reason}
        maxLength={500}
        rows={3}
        required
        disabled={pending}
        aria-invalid={reasonError ? true : undefined}
        aria-describedby={reasonError ? `${reasonId}-erro` : undefined}
        onChange={(e) => {
          setReason(e.target.value);
          if (reasonError && e.target.value.trim()) setReasonError(null);
        }}
      />
      {reasonError ? (
        <p id={`${reasonId}-erro`} className="form-error" role="alert">
          {reasonError}
        </p>
      ) : null}
    </ConfirmModal>
  );
}
