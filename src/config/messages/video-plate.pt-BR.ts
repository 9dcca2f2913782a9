// The words of the initial video's plate check (issue 39), shared by the agenda's start and the OS screen's initial-video card
// so both say the same thing: loaded with either screen, a few lines (main thread).
export const VIDEO_PLATE_MSG = {
  checking: (done: number, total: number) => `Conferindo a placa no vídeo… ${done} de ${total} quadros`,
  matches: "A placa lida no vídeo confere com a da OS.",
  confirmed: (read: string) => `Vídeo confirmado como deste veículo (placa lida: ${read}).`,
  differsTitle: "Placa diferente no vídeo",
  differs: (read: string, order: string) =>
    `A placa lida no vídeo (${read}) é diferente da placa da OS (${order}). O vídeo é deste veículo?`,
  yes: "Sim, é deste veículo",
  another: "Escolher outro vídeo",
};
