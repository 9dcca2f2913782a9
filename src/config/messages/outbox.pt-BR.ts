// The words of a file on its way (the outbox's rows in cards, modals and the upload indicator): loaded with the screens
// that list queued files, not with the compression and camera code (main thread).
export const OUTBOX_MSG = {
  /**
   * The one vocabulary of a file on its way (rows of the evidence card, the documents modal, the upload indicator): nothing
   * says "enviado" before the server has the file attached.
   */
  fileState: {
    saved: "Salvo no aparelho",
    compressing: "Comprimindo...",
    sending: (percent: number) => `Enviando ${percent}%`,
    sent: "Enviado",
    failed: "Falhou — tentar de novo",
    failedOf: (name: string) => `Falhou — tentar de novo: ${name}`,
    discardOf: (name: string) => `Descartar ${name}`,
    progressOf: (name: string) => `Progresso de ${name}`,
    failedList: "Arquivos que falharam",
    /** A saved list that cannot be read offline (never loaded on this device): what the card says instead of loading. */
    listOffline: "Sem conexão: a lista de arquivos enviados aparece quando a conexão voltar.",
    /** The indicator's line: files on the device waiting or being sent. */
    pending: (n: number) => (n === 1 ? "1 arquivo salvo no aparelho" : `${n} arquivos salvos no aparelho`),
    sendingCount: (n: number) => (n === 1 ? "Enviando 1 arquivo" : `Enviando ${n} arquivos`),
  },
};
