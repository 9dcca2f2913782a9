// The words of a file on its way (the outbox's rows in cards, modals and the upload indicator): loaded with the screens
// that list queued files, not with the compression and camera code (main thread).
/** "1 arquivo", "2 arquivos e 1 anotação", "1 anotação". */
function counted(files: number, notes: number): string {
  const parts = [
    ...(files ? [files === 1 ? "1 arquivo" : `${files} arquivos`] : []),
    ...(notes ? [notes === 1 ? "1 anotação" : `${notes} anotações`] : []),
  ];
  return parts.join(" e ");
}

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
    /** The indicator's lines: files (and notes, issue 50) on the device waiting, or being sent. */
    pending: (files: number, notes = 0) => {
      // Notes alone agree in the feminine ("1 anotação salva"); with a file, the masculine plural ("1 arquivo e 1 anotação salvos").
      const saved = files === 0 ? (notes === 1 ? "salva" : "salvas") : files + notes === 1 ? "salvo" : "salvos";
      return `${counted(files, notes)} ${saved} no aparelho`;
    },
    sendingCount: (files: number, notes = 0) => `Enviando ${counted(files, notes)}`,
    /** A note being sent: one small call, no bytes to count. */
    sendingNote: "Enviando...",
  },
};
