// The central console's payee strings (features/central): loaded with the console (main thread).
export const CENTRAL_MSG = {
  /** Central payments: payouts held back until the central checks the point's new payment data (Pagamentos). */
  payee: {
    held: "RETIDO",
    heldTotal: "Retido",
    heldPoints: "Pontos com repasses retidos",
    heldCount: (n: number, value: string) => `${n} ${n === 1 ? "repasse retido" : "repasses retidos"} · ${value}`,
    review: "Conferir dados de pagamento",
    reviewOf: (point: string) => `Conferir dados de pagamento de ${point}`,
    title: "Conferir dados de pagamento",
    loading: "Carregando os dados de pagamento...",
    loadFailed: "Erro ao carregar os dados de pagamento",
    noBankData:
      "Este ponto não tem dados bancários selecionados: os repasses ficam retidos até o ponto cadastrar e selecionar uma conta. Não há dados a confirmar.",
    notHeld: "Os repasses deste ponto não estão retidos: não há alteração de dados de pagamento a confirmar.",
    confirmHint:
      "Confira os dados acima (se preciso, com o ponto) antes de confirmar: os repasses retidos passam a poder ser pagos para eles.",
    changedAt: "Alterados em",
    confirmedAt: "Última confirmação",
    never: "Nunca",
    current: "Dados de pagamento atuais",
    recent: "Alterações recentes",
    recentEmpty: "Nenhuma alteração de dados de pagamento registrada.",
    confirm: "Confirmar dados",
    /** A natural person's data: the first and the second of two confirmations by different central users (issue 49). */
    confirmFirst: "Registrar primeira confirmação",
    confirmSecond: "Confirmar como segundo usuário",
    confirming: "Confirmando...",
    confirmFailed: "Não foi possível confirmar os dados de pagamento.",
    close: "Fechar",
    paidTo: "Pago para",
    execution: "Execução",
    /** 'Marcar como pago' with a date before a selected payout's execution (the server refuses it with the same words). */
    beforeExecution: (os: number, executed: string) => `A data do pagamento não pode ser anterior à execução da OS ${os} (${executed}).`,
    /** The change side by side (issue 49): every payee field before and after, who changed it, the warnings, the call. */
    diff: {
      title: "Antes e depois",
      field: "Campo",
      before: "Antes",
      after: "Depois",
      changed: "alterado",
      empty: "—",
    },
    beforeFrom: {
      confirmado: (when: string) => `"Antes": os dados que a central confirmou em ${when}.`,
      original: '"Antes": os dados do ponto antes da primeira alteração.',
      pago: (when: string) => `"Antes": os dados para os quais os repasses foram pagos pela última vez, em ${when}.`,
      none: "Não há dados anteriores registrados para comparar: confira os dados atuais com o ponto e veja as alterações recentes abaixo.",
    },
    changedBy: "Alterados por",
    pointCnpj: (cnpj: string) => `CNPJ do ponto: ${cnpj}`,
    personWarning: "O titular é uma pessoa física (CPF), não o CNPJ do ponto.",
    notPointWarning: (cnpj: string) => `O documento do titular não é o CNPJ do ponto (${cnpj}): confira com o ponto antes de confirmar.`,
    twoConfirmations: "Titular pessoa física: os repasses só são liberados depois da confirmação de dois usuários diferentes da central.",
    waitingSecond: "Aguardando segundo usuário",
    firstBy: (who: string, when: string) =>
      `Primeira confirmação por ${who} em ${when}. Aguardando a confirmação de um segundo usuário da central.`,
    firstByYou: (when: string) =>
      `Você fez a primeira confirmação em ${when}. A segunda confirmação precisa ser feita por outro usuário da central.`,
    callTitle: "Ligue para o ponto antes de confirmar",
    callWho: (who: string) => `${who}, usuário principal do ponto`,
    noPhone: "O ponto não tem telefone cadastrado: confirme a alteração com o ponto por outro meio antes de confirmar.",
    phoneChanged: (when: string) =>
      `Este telefone foi alterado em ${when}: quem alterou os dados de pagamento pode tê-lo alterado também. Confirme o contato por outro meio.`,
    firstHint:
      "Esta é a primeira de duas confirmações: os repasses continuam retidos até outro usuário da central conferir e confirmar os mesmos dados.",
    fields: {
      RazaoSocial: "Razão social",
      Cnpj: "CNPJ",
      paymentType: "Tipo de pagamento",
      TipoChavePix: "Tipo de chave PIX",
      ChavePix: "Chave PIX",
      Banco: "Banco",
      NumeroAgencia: "Agência",
      NumeroConta: "Conta",
      TipoConta: "Tipo de conta",
      NomeTitular: "Titular",
      DocumentoTitular: "CPF/CNPJ do titular",
    },
  },
};
