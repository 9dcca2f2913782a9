// Visualizar Dados Bancários: every field of one entry, read only (main thread).
import { BANK_DATA_MSG } from "../../../config/messages/bank-data.pt-BR";
import { paymentTypeOf } from "../../../domain/bank-data";
import { Modal } from "../../../components/ui/modal";
import type { DadoBancario } from "../api/dados-bancarios";
import { accountTypeLabel, createdOn, documentOf, keyTypeLabel, selectedLabel, typeLabel } from "../display";

const M = BANK_DATA_MSG.bankData;

export function BankViewModal({ row, onClose }: { row: DadoBancario; onClose: () => void }) {
  const pix = paymentTypeOf(row) === "PIX";
  const fields: [string, string][] = [
    [M.paymentType, typeLabel(row)],
    ...(pix
      ? ([
          [M.pixKeyType, keyTypeLabel(row.TipoChavePix)],
          [M.pixKey, row.ChavePix],
        ] as [string, string][])
      : ([
          [M.bank, row.Banco],
          [M.agency, row.NumeroAgencia],
          [M.account, row.NumeroConta],
          [M.accountType, accountTypeLabel(row.TipoConta)],
        ] as [string, string][])),
    [M.holderName, row.NomeTitular],
    [M.holderDocument, documentOf(row)],
    [M.selected, selectedLabel(row)],
    [M.cols.createdAt, createdOn(row.DataCadastro)],
  ];
  return (
    <Modal
      open
      title={M.viewTitle}
      onClose={onClose}
      footer={
        <button type="button" className="btn" onClick={onClose}>
          {M.close}
        </button>
      }
    >
      <dl className="bank-view">
        {fields.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value || "—"}</dd>
          </div>
        ))}
      </dl>
    </Modal>
  );
}
