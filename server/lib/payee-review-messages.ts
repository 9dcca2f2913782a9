// The pt-BR texts of a point's payment-data review (issue 49, item 4): the central's answers to a confirmation, what the record
// says, and the point's notifications when its payouts are held and released; shared by the routes, services and tests
// (server only).
export const PAYEE_REVIEW_MESSAGES = {
  /** The answer to the second confirmation of a natural person's data (a company's: CENTRAL_MESSAGES.payeeConfirmed). */
  secondConfirmed: "Segunda confirmação registrada: dados de pagamento confirmados. Os repasses voltam a poder ser pagos.",
  firstConfirmed:
    "Primeira confirmação registrada. Os repasses continuam retidos até um segundo usuário da central confirmar os mesmos dados.",
  sameUser: "Você já fez a primeira confirmação destes dados. A segunda confirmação precisa ser feita por outro usuário da central.",
  firstChanged:
    "Outro usuário da central registrou uma confirmação destes dados enquanto você os conferia. Abra os dados de novo antes de confirmar.",

  /** The record of changes (audit_log) of each confirmation. */
  firstSummary:
    "Primeira confirmação dos dados de pagamento pela central (titular pessoa física): os repasses continuam retidos até um segundo usuário da central confirmar.",
  confirmedSummary: "Dados de pagamento conferidos e confirmados pela central: os repasses voltam a poder ser pagos.",
  secondSummary: (first: string) =>
    `Dados de pagamento confirmados por um segundo usuário da central (a primeira confirmação foi de ${first}): os repasses voltam a poder ser pagos.`,

  /** The point's administrators' notifications (kinds "retido" and "liberado"). */
  heldTitle: "Repasses retidos: dados de pagamento alterados",
  heldBody: (who: string, when: string, fields: string[], person: boolean, noBank: boolean) =>
    `${who} alterou os dados de pagamento do ponto em ${when}${fields.length ? ` (${fields.join(", ")})` : ""}. ` +
    (noBank
      ? "O ponto ficou sem conta selecionada: os repasses ficam retidos até uma conta ser selecionada e conferida pela central."
      : person
        ? "O novo titular é uma pessoa física (CPF): os repasses ficam retidos até dois usuários da central conferirem e confirmarem os dados."
        : "Os repasses ficam retidos até a central conferir e confirmar os novos dados (ou por 7 dias).") +
    " Se você não reconhece esta alteração, fale com a central imediatamente.",
  releasedTitle: "Repasses liberados: dados de pagamento confirmados",
  releasedBody: (when: string, confirmers: string[]) =>
    `A central conferiu e confirmou os dados de pagamento alterados em ${when}` +
    (confirmers.length > 1 ? ` (confirmados por ${confirmers.join(" e ")})` : "") +
    ". Os repasses retidos voltam a poder ser pagos.",
} as const;
