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
    confirming: "Confirmando...",
    confirmFailed: "Não foi possível confirmar os dados de pagamento.",
    close: "Fechar",
    paidTo: "Pago para",
    execution: "Execução",
    /** 'Marcar como pago' with a date before a selected payout's execution (the server refuses it with the same words). */
    beforeExecution: (os: number, executed: string) => `A data do pagamento não pode ser anterior à execução da OS ${os} (${executed}).`,
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
