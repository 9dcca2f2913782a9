// A point's payee as the central reads it before paying or after: company, CNPJ and the PIX key or bank account with its
// holder, in full (the central pays them), as a field list; used by 'Conferir dados de pagamento' and a paid payout's history
// (main thread).
import { Fragment } from "react";
import { BANK_DATA_MSG } from "../../../config/messages/bank-data.pt-BR";
import { CENTRAL_MSG } from "../../../config/messages/central.pt-BR";
import { formatDocument } from "../../../lib/br-format";
import type { Payee } from "../api/central";

const F = CENTRAL_MSG.payee.fields;
const B = BANK_DATA_MSG.bankData;

const labelOf = (labels: Record<string, string>, code: string | null) => (code ? (labels[code] ?? code) : null);
/** A CPF or CNPJ key with its punctuation, any other key as stored. */
const pixKey = (type: string | null, key: string | null) => (type === "CPF" || type === "CNPJ" ? formatDocument(key) : key);

export function PayeeFields({ payee }: { payee: Payee }) {
  const pix = Boolean(payee.TipoChavePix);
  const rows: [string, string | null][] = [
    [F.RazaoSocial, payee.RazaoSocial],
    [F.Cnpj, formatDocument(payee.Cnpj)],
    ...(payee.IdDadoBancario || pix || payee.Banco
      ? ([
          [F.paymentType, pix ? B.pix : B.transfer],
          ...(pix
            ? [
                [F.TipoChavePix, labelOf(B.keyTypes, payee.TipoChavePix)],
                [F.ChavePix, pixKey(payee.TipoChavePix, payee.ChavePix)],
              ]
            : [
                [F.Banco, payee.Banco],
                [F.NumeroAgencia, payee.NumeroAgencia],
                [F.NumeroConta, payee.NumeroConta],
                [F.TipoConta, labelOf(B.accountTypes, payee.TipoConta)],
              ]),
          [F.NomeTitular, payee.NomeTitular],
          [F.DocumentoTitular, formatDocument(payee.DocumentoTitular)],
        ] as [string, string | null][])
      : []),
  ];
  return (
    <dl className="field-list payee-fields">
      {rows.map(([label, value]) => (
        <Fragment key={label}>
          <dt>{label}</dt>
          <dd>{value || "—"}</dd>
        </Fragment>
      ))}
    </dl>
  );
}
