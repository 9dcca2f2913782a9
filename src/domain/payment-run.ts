// A payment run's transfers as the CNAB 240 remessa writes them (issue 49): one transfer per point, its "seu número" built from
// the run's number and the transfer's order (unique across runs, so the bank's return file names one transfer), and the
// payee's bank or PIX data mapped to the file's fields. Pure: the server writes the file, tests read it back.
import { bankCodeOf, CnabError, splitDigit, type CnabTransfer, type PixKeyType } from "./cnab240";

/**
 * What a transfer is paid to: the point's company and its selected bank or PIX data. The contract's Payee has these fields
 * (and the account's id); src/domain imports nothing outside itself (the layer rule), so they are named here.
 */
export interface TransferPayee {
  RazaoSocial: string;
  Cnpj: string;
  TipoChavePix: string | null;
  ChavePix: string | null;
  Banco: string | null;
  NumeroAgencia: string | null;
  NumeroConta: string | null;
  TipoConta: string | null;
  NomeTitular: string | null;
  DocumentoTitular: string | null;
}

/** "R000012-003": run 12's third transfer (12 characters of the 20 the field holds). */
export const yourNumberOf = (runNumber: number, seq: number) => `R${String(runNumber).padStart(6, "0")}-${String(seq).padStart(3, "0")}`;

/** The message when a payee's bank has no COMPE code the file could carry. */
export const noBankCode = (point: string, bank: string) =>
  `O banco "${bank}" do ponto ${point} não tem código COMPE reconhecido: peça ao ponto para informar o banco com o código (ex.: "341 - Itaú") ou uma chave PIX.`;

/** One transfer of the remessa: a PIX by key when the payee has a key, else a credit in its account (TED or same bank). */
export function cnabTransferOf(
  payee: TransferPayee,
  t: { amount: number; yourNumber: string; info: string; pointName: string },
): CnabTransfer {
  const base = {
    name: payee.NomeTitular || payee.RazaoSocial,
    document: payee.DocumentoTitular || payee.Cnpj,
    amount: t.amount,
    yourNumber: t.yourNumber,
    info: t.info,
  };
  if (payee.TipoChavePix && payee.ChavePix) return { ...base, pix: { type: payee.TipoChavePix as PixKeyType, key: payee.ChavePix } };
  const code = bankCodeOf(payee.Banco);
  if (!code) throw new CnabError(noBankCode(t.pointName, payee.Banco ?? ""));
  const agency = splitDigit(payee.NumeroAgencia);
  const account = splitDigit(payee.NumeroConta);
  return {
    ...base,
    bank: {
      code,
      agency: agency.number,
      agencyDigit: agency.digit,
      account: account.number,
      accountDigit: account.digit,
      savings: payee.TipoConta === "POUPANCA",
    },
  };
}
