// The central's payment batches' answers in pt-BR (reference, proof, undo of a batch), shared by the route and its tests (server only).
export const PAYMENT_MESSAGES = {
  referenceRequired: "Informe a referência do pagamento (o identificador da transferência no banco).",
  paidBatch: (n: number, reference: string) => `Pagamento registrado: ${n === 1 ? "1 repasse" : `${n} repasses`} no lote ${reference}.`,
  batchNotFound: "Lote de pagamento não encontrado.",
  batchUndone: (n: number) => `Lote desfeito: ${n === 1 ? "1 repasse voltou" : `${n} repasses voltaram`} a ficar pendente.`,
  batchAlreadyUndone: "Este lote já foi desfeito por você; nada mais a desfazer.",
  batchUndoneBy: (name: string) => `Este lote já foi desfeito por ${name}.`,
  batchUndoExpired: "O lote só pode ser desfeito no mesmo dia em que foi registrado.",
  batchRepaid: "Um repasse deste lote foi pago de novo em outro lote: desfaça aquele lote primeiro.",
  proofSaved: "Comprovante anexado ao lote.",
  proofOnUndone: "Este lote foi desfeito: não é possível anexar um comprovante.",
  proofType: "O comprovante deve ser uma imagem (JPG, PNG, WebP) ou um PDF.",
  proofNotFound: "Comprovante não encontrado.",
} as const;
