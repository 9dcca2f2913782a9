// Confirmar Exclusão: the holder and the key or bank details, the spec's question, Cancelar and Excluir (main thread).
import { toast } from "../../../lib/toast";
import { BANK_DATA_MSG } from "../../../config/messages/bank-data.pt-BR";
import { withReason } from "../../../domain/format";
import { ConfirmModal } from "../../../components/ui/confirm-modal";
import type { DadoBancario } from "../api/dados-bancarios";
import { useDeleteBankData } from "../api/use-dados-bancarios-mutations";
import { bankSummary, pixSummary } from "../display";

const M = BANK_DATA_MSG.bankData;

export function DeleteBankModal({ row, onClose }: { row: DadoBancario; onClose: () => void }) {
  const remove = useDeleteBankData({
    onSuccess: () => {
      toast.success(M.deleted);
      onClose();
    },
  });
  const details = pixSummary(row) ? [pixSummary(row)] : bankSummary(row);
  return (
    <ConfirmModal
      title={M.deleteTitle}
      onClose={onClose}
      onConfirm={() => remove.mutate(row.IdDadoBancario)}
      pending={remove.isPending}
      confirmLabel={M.delete}
      pendingLabel={M.deleting}
      backLabel={M.cancel}
      error={remove.isError ? withReason(M.deleteFailed, remove.error.message) : null}
    >
      <div className="bank-delete-summary">
        <p>
          <strong>{row.NomeTitular}</strong>
        </p>
        {details.map((d, i) => (
          <p key={i}>{d}</p>
        ))}
      </div>
      <p>{M.deleteQuestion}</p>
    </ConfirmModal>
  );
}
