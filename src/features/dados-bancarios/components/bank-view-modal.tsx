// Visualizar Dados Bancários: every field of one entry, read only (main thread).
import { BANK_DATA_MSG } from "../../../config/messages/bank-data.pt-BR";
import { paymentTypeOf } from "../../../domain/bank-data";
import { FieldList, type FieldRow } from "../../../components/ui/field-list";
import { ViewModal } from "../../../components/ui/view-modal";
import type { DadoBancario } from "../api/dados-bancarios";
import { accountTypeLabel, createdOn, documentOf, keyTypeLabel, selectedLabel, typeLabel } from "../display";

const M = BANK_DATA_MSG.bankData;

export function BankViewModal({ row, onClose }: { row: DadoBancario; onClose: () => void }) {
  const pix = paymentTypeOf(row) === "PIX";
  const fields: FieldRow[] = [
    { label: M.paymentType, value: typeLabel(row) },
    ...(pix
      ? [
          { label: M.pixKeyType, value: keyTypeLabel(row.TipoChavePix) },
          { label: M.pixKey, value: row.ChavePix },
        ]
      : [
          { label: M.bank, value: row.Banco },
          { label: M.agency, value: row.NumeroAgencia },
          { label: M.account, value: row.NumeroConta },
          { label: M.accountType, value: accountTypeLabel(row.TipoConta) },
        ]),
    { label: M.holderName, value: row.NomeTitular },
    { label: M.holderDocument, value: documentOf(row) },
    { label: M.selected, value: selectedLabel(row) },
    { label: M.cols.createdAt, value: createdOn(row.DataCadastro) },
  ];
  return (
    <ViewModal title={M.viewTitle} closeLabel={M.close} onClose={onClose}>
      <FieldList className="bank-view" grouped empty="—" rows={fields} />
    </ViewModal>
  );
}
