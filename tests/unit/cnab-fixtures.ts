// The CNAB 240 tests' shared parties: the program paying from Itaú, a point paid by PIX (its CNPJ as the key) and a point paid
// by TED to Bradesco; each test gives the amounts, "seu número" and OS it needs (Node, unit).
import type { CnabPayer, CnabTransfer } from "../../src/domain/cnab240";

export const PAYER: CnabPayer = {
  bankCode: "341",
  bankName: "Banco Itaú",
  document: "12.345.678/0001-95",
  name: "Programa Clube Automotivo Ltda",
  agreement: "CONV123",
  agency: "1234",
  agencyDigit: "",
  account: "56789",
  accountDigit: "0",
};

type Given = Pick<CnabTransfer, "amount" | "yourNumber" | "info">;

/** Auto Center Boa Viagem, paid by PIX to its CNPJ. */
export const pixToAutoCenter = (t: Given): CnabTransfer => ({
  name: "Auto Center Boa Viagem Ltda",
  document: "11.222.333/0001-81",
  ...t,
  pix: { type: "CNPJ", key: "11.222.333/0001-81" },
});

/** Oficina Serra Azul (its owner's CPF), paid by TED to its Bradesco account. */
export const tedToSerraAzul = (t: Given): CnabTransfer => ({
  name: "Oficina Serra Azul ME",
  document: "529.982.247-25",
  ...t,
  bank: { code: "237", agency: "0456", agencyDigit: "7", account: "0012345", accountDigit: "6", savings: false },
});
