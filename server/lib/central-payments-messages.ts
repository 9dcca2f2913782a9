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

/** The payment runs' answers (issue 49): paying accounts, a run's steps, the bank's return file. */
export const RUN_MESSAGES = {
  profileNotFound: "Conta pagadora não encontrada.",
  profileExists: (name: string) => `Já existe uma conta pagadora chamada "${name}".`,
  profileCreated: (name: string) => `Conta pagadora "${name}" cadastrada.`,
  invalidCnpj: "CNPJ da conta pagadora inválido.",
  runNotFound: "Remessa não encontrada.",
  transferNotFound: "Transferência não encontrada.",
  pastDate: "A data de pagamento não pode ser anterior a hoje.",
  notExecuted: (os: number) => `A OS ${os} ainda não foi executada: o repasse não pode entrar na remessa.`,
  taken: "Um ou mais repasses selecionados já foram pagos ou estão em outra remessa: nada foi incluído. Atualize a lista.",
  created: (n: number, transfers: number, number: number) =>
    `Remessa ${number} criada em rascunho: ${n === 1 ? "1 repasse" : `${n} repasses`} em ${transfers === 1 ? "1 transferência" : `${transfers} transferências`}.`,
  generated: (number: number, nsas: number[]) =>
    nsas.length === 1
      ? `Arquivo da remessa ${number} gerado (NSA ${nsas[0]}).`
      : `Remessa ${number}: ${nsas.length} arquivos gerados, um só com os PIX (NSA ${nsas[0]}) e outro com as transferências para contas (NSA ${nsas[1]}), como o banco exige. Envie os dois.`,
  sameFile: (number: number, nsas: number[]) =>
    nsas.length === 1
      ? `O arquivo da remessa ${number} já foi gerado (NSA ${nsas[0]}): é o mesmo arquivo.`
      : `Os arquivos da remessa ${number} já foram gerados (NSA ${nsas.join(" e ")}): são os mesmos arquivos.`,
  cancelledRun: "Esta remessa foi cancelada.",
  runPast: (day: string) => `A data de pagamento desta remessa (${day}) já passou: cancele-a e crie outra.`,
  nsaExhausted: "A sequência de arquivos (NSA) desta conta pagadora chegou a 999999: cadastre outra conta pagadora.",
  notGenerated: "O arquivo desta remessa ainda não foi gerado.",
  noSuchFile: "Esta remessa não tem esse arquivo.",
  caixaNumbersSpent: "A numeração das transferências da Caixa (até 6 dígitos) chegou a 999999: use outra conta pagadora.",
  sent: (number: number) => `Remessa ${number} marcada como enviada ao banco.`,
  notSendable: "Só uma remessa com arquivo gerado, ainda não enviada, pode ser marcada como enviada.",
  cancelled: (number: number, n: number) =>
    `Remessa ${number} cancelada: ${n === 1 ? "1 repasse voltou" : `${n} repasses voltaram`} a poder ser pago${n === 1 ? "" : "s"}.`,
  notCancellable: "Uma remessa enviada ao banco não pode ser cancelada: importe o retorno do banco.",
  payoutInRun: (os: number) =>
    `O repasse da OS ${os} está em uma remessa de pagamento: ele é pago pelo retorno do banco, ou volta a ficar disponível se a remessa for cancelada.`,
  paidByBank: "Este repasse foi pago pelo banco (retorno da remessa): o pagamento não pode ser desfeito.",
  returnImported: (paid: number, rejected: number, again: number, scheduled = 0) =>
    `Retorno importado: ${paid === 1 ? "1 transferência paga" : `${paid} transferências pagas`}, ${rejected === 1 ? "1 rejeitada" : `${rejected} rejeitadas`}${scheduled ? `, ${scheduled === 1 ? "1 agendada pelo banco (aguarda o próximo retorno)" : `${scheduled} agendadas pelo banco (aguardam o próximo retorno)`}` : ""}${again ? `, ${again === 1 ? "1 já importada antes" : `${again} já importadas antes`}` : ""}.`,
  returnNothing: "Nenhuma transferência deste arquivo pertence a uma remessa do programa.",
  returnCancelled: (yourNumber: string, number: number) =>
    `A transferência ${yourNumber} é da remessa ${number}, que foi cancelada: confira com o banco antes de importar este retorno.`,
  returnDraft: (yourNumber: string, number: number) =>
    `A transferência ${yourNumber} é da remessa ${number}, cujo arquivo ainda não foi gerado: este retorno não corresponde a ela.`,
  returnAmount: (yourNumber: string, paid: string, expected: string) =>
    `O valor pago da transferência ${yourNumber} (${paid}) difere do valor da remessa (${expected}): nada foi importado.`,
  proofSaved: "Comprovante anexado à transferência.",
  proofNotPaid: "Só uma transferência paga pode receber comprovante.",
} as const;
