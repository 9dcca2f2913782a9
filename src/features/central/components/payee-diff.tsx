// A point's payee change side by side (issue 49): each field before and after as the server compared them (the account's
// fields, and the company name and CNPJ when they changed), the changed rows marked, and where the "before" comes from
// (confirmed by the central, the data before the first change, or what the payouts were last paid to); used by 'Conferir
// dados de pagamento' (main thread).
import { BANK_DATA_MSG } from "../../../config/messages/bank-data.pt-BR";
import { CENTRAL_MSG } from "../../../config/messages/central.pt-BR";
import { atText } from "../../../domain/payee";
import { formatDocument } from "../../../lib/br-format";
import type { PayeeDiffRow, PayeeReview } from "../api/central";

const M = CENTRAL_MSG.payee;
const F = M.fields;
const B = BANK_DATA_MSG.bankData;

const labelOf = (labels: Record<string, string>, code: string | null) => (code ? (labels[code] ?? code) : null);

/** A value as the central reads it: documents punctuated, codes by their names, a CPF or CNPJ key punctuated. */
function shown(field: PayeeDiffRow["Campo"], value: string | null, keyType: string | null): string | null {
  if (value === null) return null;
  if (field === "Cnpj" || field === "DocumentoTitular") return formatDocument(value);
  if (field === "TipoChavePix") return labelOf(B.keyTypes, value);
  if (field === "TipoConta") return labelOf(B.accountTypes, value);
  if (field === "ChavePix" && (keyType === "CPF" || keyType === "CNPJ")) return formatDocument(value);
  return value;
}

function BeforeSource({ review }: { review: PayeeReview }) {
  const when = atText(review.AnteriorEm);
  const text =
    review.AnteriorOrigem === "confirmado"
      ? M.beforeFrom.confirmado(when)
      : review.AnteriorOrigem === "original"
        ? M.beforeFrom.original
        : review.AnteriorOrigem === "pago"
          ? M.beforeFrom.pago(when)
          : M.beforeFrom.none;
  return <p className="muted payee-diff-source">{text}</p>;
}

export function PayeeDiff({ review }: { review: PayeeReview }) {
  const beforeKey = review.Anterior?.TipoChavePix ?? null;
  return (
    <>
      <table className="payee-diff">
        <caption>{M.diff.title}</caption>
        <thead>
          <tr>
            <th scope="col">{M.diff.field}</th>
            <th scope="col">{M.diff.before}</th>
            <th scope="col">{M.diff.after}</th>
          </tr>
        </thead>
        <tbody>
          {review.Comparacao.map((row) => (
            <tr key={row.Campo} className={row.Alterado ? "is-changed" : undefined} data-field={row.Campo}>
              <th scope="row">
                {F[row.Campo]}
                {row.Alterado && <span className="payee-diff-tag">{M.diff.changed}</span>}
              </th>
              <td>{shown(row.Campo, row.Antes, beforeKey) ?? M.diff.empty}</td>
              <td>{shown(row.Campo, row.Depois, review.TipoChavePix) ?? M.diff.empty}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <BeforeSource review={review} />
    </>
  );
}
