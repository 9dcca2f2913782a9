// The words of an order's start on its way (the outbox job that sends the initial video, then starts the order), shared by the
// agenda's row and the OS screen so both say the same thing: loaded with either screen, a few lines (main thread).
export const START_ORDER_MSG = {
  preparing: "Preparando vídeo inicial…",
  uploading: (percent: number) => `Enviando vídeo inicial… ${percent}%`,
  offline: (percent: number) => `Sem conexão: o vídeo inicial (${percent}%) será enviado quando a rede voltar.`,
  starting: "Iniciando…",
  failed: "Erro ao iniciar a Ordem de Serviço. Tente novamente.",
  started: "Ordem de Serviço iniciada com sucesso!",
};
