// Follow-up steps of an outbox job: the ONE place where a step kind is defined — which call it makes and with what body (pure; page, upload worker).

/**
 * Each kind names a contract call that the server makes idempotent (repeating it after a lost answer changes nothing),
 * so a step may be safely repeated when a reload comes between its answer and the job remembering it.
 * `fileFields`: the body fields that receive the uploaded file's stored name (api-contract.md #11-13, #25, #28).
 * A kind that needs no file (starting the order once its initial video is attached) simply lists none. `independent`: the
 * server takes the call whatever the order's state, so its job never waits for the order's start (`startAwaited`).
 */
export const STEP_KINDS = Object.freeze({
  "adicionar-foto": { path: "/agendamentos/adicionar-foto", fileFields: ["foto"] },
  "atualizar-video-inicial": { path: "/agendamentos/atualizar-video-inicial", fileFields: ["videoInicial"] },
  "atualizar-video-final": { path: "/agendamentos/atualizar-video-final", fileFields: ["videoFinal"] },
  "adicionar-laudo": { path: "/agendamentos/adicionar-laudo", fileFields: ["nomeArquivo"] },
  "adicionar-nota-fiscal": { path: "/agendamentos/adicionar-nota-fiscal", fileFields: ["notaFiscal", "nomeArquivo"] },
  // Adds the stored photo or video to a service return (api-contract.md §10 atualizar-arquivos); the server adds a name only once.
  "anexar-foto-retorno": { path: "/retorno-servico/atualizar-arquivos", fileFields: ["fotos"] },
  "anexar-video-retorno": { path: "/retorno-servico/atualizar-arquivos", fileFields: ["videos"] },
  // Attaches the stored photo or video to a linked service (first free Foto1..3 or Video; body: the link, tipo, the order);
  // the server answers a name already there as done, so a replay is harmless.
  "anexar-arquivo-servico": { path: "/agendamentos/servico-arquivo", fileFields: ["arquivo"] },
  // Starts the order (api-contract.md #10); the server keeps the first start, so a replay after a lost answer is harmless.
  iniciar: { path: "/agendamentos/iniciar", fileFields: [] },
  // Finishes the order (api-contract.md #31); the server answers success again for an order already 'C', so a replay is harmless.
  concluir: { path: "/agendamentos/concluir", fileFields: [] },
  // Adds a note typed on the OS screen (api-contract.md #22), the job of a note with no file (issue 50: a note typed offline is
  // kept): the body carries the note's own id, so a replay after a lost answer adds it once.
  "adicionar-anotacao": { path: "/agendamentos/adicionar-anotacao", fileFields: [], independent: true },
} satisfies Record<string, { path: string; fileFields: readonly string[]; independent?: true }>);

export type StepKind = keyof typeof STEP_KINDS;

export interface FollowUpStep {
  kind: StepKind;
  body: Record<string, unknown>;
  done?: boolean;
}

/**
 * The HTTP call of a step: its kind's path, its body plus the uploaded file's stored name (`job`: an OutboxJob, or anything
 * carrying its storedName; typed structurally so this module does not import outbox-job.ts, which imports it).
 */
export function stepRequest(step: FollowUpStep, job: { storedName?: string }): { path: string; body: Record<string, unknown> } {
  const kind: { path: string; fileFields: readonly string[] } = STEP_KINDS[step.kind];
  const body = { ...step.body };
  for (const field of kind.fileFields) body[field] = job.storedName;
  return { path: kind.path, body };
}

/** Every step of the job is one the server takes whatever the order's state: the job never waits for the order's start. */
export const independentOfStart = (job: { steps: readonly Pick<FollowUpStep, "kind">[] }) =>
  job.steps.length > 0 && job.steps.every((s) => "independent" in STEP_KINDS[s.kind]);

/** What a note added on the OS screen sends (api-contract.md #22): its own id (chosen on the device), the order, who wrote it. */
export interface NoteToAdd {
  idSocioVeiculoAgendaExecucaoAnotacao: string;
  idSocioVeiculoAgenda: string;
  idPontoAtendimentoUsuario: string;
  anotacao: string;
  visivelSocio: boolean;
}

/** The one step of a note's job: the note, with the time it was typed (the server stamps its own, the contract's `data` is informative). */
export const noteSteps = (note: NoteToAdd, typedAt: Date): Omit<FollowUpStep, "done">[] => [
  { kind: "adicionar-anotacao", body: { ...note, data: typedAt.toISOString() } },
];

/** What starting an order from the agenda sends: who starts which order, and when the attendant confirmed (Brasília dd/MM/yyyy, HH:mm). */
export interface StartOrder {
  idSocioVeiculoAgenda: string;
  idPontoAtendimentoUsuario: string;
  idSocio: string;
  data: string;
  hora: string;
}

/**
 * The steps of the start job: attach the uploaded video as the initial video, THEN start the order — the server refuses to
 * start without it. data/hora are the confirmation time, not the send time, so a start delivered hours later keeps it.
 */
export function startOrderSteps(start: StartOrder): Omit<FollowUpStep, "done">[] {
  return [
    { kind: "atualizar-video-inicial", body: { idSocioVeiculoAgenda: start.idSocioVeiculoAgenda } },
    { kind: "iniciar", body: { ...start } },
  ];
}

/** A job that starts an order (its last step is iniciar): the agenda row follows it. */
export const startsOrder = (job: { steps: readonly Pick<FollowUpStep, "kind">[] }) => job.steps.some((s) => s.kind === "iniciar");

/** What finishing an order sends: who finishes which order, and the day the attendant confirmed (Brasília dd/MM/yyyy). */
export interface FinishOrder {
  idSocioVeiculoAgenda: string;
  idPontoAtendimentoUsuario: string;
  idSocio: string;
  data: string;
}

/**
 * The steps of the finish job: attach the uploaded video as the final video, THEN finish the order — the server refuses to
 * finish without it. If the finish is refused (a service became pending), the video step stays done: a retry only finishes.
 */
export function finishOrderSteps(finish: FinishOrder): Omit<FollowUpStep, "done">[] {
  return [
    { kind: "atualizar-video-final", body: { idSocioVeiculoAgenda: finish.idSocioVeiculoAgenda } },
    { kind: "concluir", body: { ...finish } },
  ];
}

/** A job that finishes an order (its last step is concluir): the OS screen follows it. */
export const finishesOrder = (job: { steps: readonly Pick<FollowUpStep, "kind">[] }) => job.steps.some((s) => s.kind === "concluir");

/** The one step of a photo taken on the OS screen: add it to the order, by whom. */
export const photoSteps = (idSocioVeiculoAgenda: string, idPontoAtendimentoUsuario: string): Omit<FollowUpStep, "done">[] => [
  { kind: "adicionar-foto", body: { idSocioVeiculoAgenda, idPontoAtendimentoUsuario } },
];

/** The one step of an OS document (a laudo or a recibo, the contract's nota fiscal): add it to the order, by whom, when. */
export const documentSteps = (
  kind: "adicionar-laudo" | "adicionar-nota-fiscal",
  idSocioVeiculoAgenda: string,
  idPontoAtendimentoUsuario: string,
  at: Date,
): Omit<FollowUpStep, "done">[] => [{ kind, body: { idSocioVeiculoAgenda, idPontoAtendimentoUsuario, data: at.toISOString() } }];

/** The one step of a service return's photo or video: add it to the return. */
export const returnFileSteps = (
  kind: "anexar-foto-retorno" | "anexar-video-retorno",
  IdRetornoServico: string,
): Omit<FollowUpStep, "done">[] => [{ kind, body: { IdRetornoServico } }];

/** The one step of a service file's job: attach the stored name to the link (the order rides along so the job is the order's). */
export const serviceFileSteps = (orderId: string, linkId: string, tipo: "foto" | "video"): Omit<FollowUpStep, "done">[] => [
  { kind: "anexar-arquivo-servico", body: { idSocioVeiculoAgenda: orderId, idSocioVeiculoAgendaExecucaoServico: linkId, tipo } },
];
