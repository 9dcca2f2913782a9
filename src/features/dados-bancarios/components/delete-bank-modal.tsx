// Confirmar Exclusão: the holder and the key or bank details, the spec's question, Cancelar and Excluir (main thread).
import { useMutation } from "@tanstack/react-query";
import { toast } from "../../../lib/toast";
import { MSG } from "../../../config/messages.pt-BR";
import { withReason } from "../../../domain/format";
import { ConfirmModal } from "../../../components/ui/confirm-modal";
import { deleteBankData, type DadoBancario } from "../api/dados-bancarios";
import { bankSummary, pixSummary } from "../display";
import { useInvalidateBankData } from "../queries";
import { unwrap } from "../../../lib/api-client";

const M = MSG.bankData;

export function DeleteBankModal({ row, onClose }: { row: DadoBancario; onClose: () => void }) {
  const invalidate = useInvalidateBankData();
  const remove = useMutation({
    mutationFn: async () => unwrap(await deleteBankData(row.IdDadoBancario), M.deleteFailed),
    onSuccess: () => {
      toast.success(M.deleted);
      onClose();
    },
    onSettled: () => invalidate(),
  });
  const details = pixSummary(row) ? [pixSummary(row)] : bankSummary(row);
  return (
    <ConfirmModal
      title={M.deleteTitle}
      onClose={onClose}
      onConfirm={() => remove.mutate()}
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
