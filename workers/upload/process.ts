// The outbox state machine: upload a saved file, then make its attach call; retries, pauses and failures (worker logic, testable directly).
import type { OutboxStore, UploadJob } from "./outbox-store.ts";

/** status 0 = the request never got an answer (network error). */
export interface HttpAnswer { status: number; body: unknown }
export interface Transport {
  upload(file: Blob, name: string, token: string, onProgress: (fraction: number) => void): Promise<HttpAnswer>;
  post(path: string, body: Record<string, unknown>, token: string): Promise<HttpAnswer>;
}
export type OutboxEvent =
  | { type: "progress"; id: string; percent: number }
  | { type: "state"; job: UploadJob }
  | { type: "auth-required" };

export const UPLOAD_FAILED = "Erro ao enviar arquivo";

/** Exponential backoff with jitter: 1 s, 2 s, 4 s ... capped at 60 s, each scaled by a random 50-100%. */
export function backoffMs(attempts: number, random: () => number = Math.random): number {
  return Math.min(60_000, 1000 * 2 ** Math.max(0, attempts - 1)) * (0.5 + random() * 0.5);
}

const messageOf = (body: unknown): string | undefined => {
  const m = body && typeof body === "object" ? (body as { message?: unknown }).message : undefined;
  return typeof m === "string" && m.trim() ? m : undefined;
};

export interface ProcessDeps {
  store: OutboxStore;
  transport: Transport;
  token: () => string | null;
  emit: (e: OutboxEvent) => void;
  now?: () => number;
  random?: () => number;
}

type Outcome = "done" | "retry" | "paused" | "failed";

/** Runs every due job once, oldest first. Returns "paused" when the server asked for a new sign-in (401). */
export async function processDue(deps: ProcessDeps): Promise<"idle" | "paused"> {
  const now = deps.now ?? Date.now;
  const jobs = (await deps.store.all())
    .filter((j) => (j.state === "uploading" || j.state === "uploaded") && j.nextAttemptAt <= now())
    .sort((a, b) => a.createdAt - b.createdAt);
  for (const job of jobs) {
    if ((await step(deps, job)) === "paused") return "paused";
  }
  return "idle";
}

async function step(deps: ProcessDeps, job: UploadJob): Promise<Outcome> {
  const { store, transport, emit } = deps;
  const now = deps.now ?? Date.now;
  const token = deps.token();
  if (!token) {
    emit({ type: "auth-required" });
    return "paused";
  }
  const set = async (patch: Partial<UploadJob>) => {
    const next = await store.update(job.id, patch);
    if (next) {
      job = next;
      emit({ type: "state", job: next });
    }
  };
  const judge = async (answer: HttpAnswer): Promise<Outcome | null> => {
    if (answer.status >= 200 && answer.status < 300) return null;
    if (answer.status === 401) {
      emit({ type: "auth-required" });
      return "paused";
    }
    if (answer.status === 0 || answer.status >= 500 || answer.status === 408 || answer.status === 429) {
      const attempts = job.attempts + 1;
      const retryReason = answer.status === 0 ? "network" : "server";
      await set({ attempts, nextAttemptAt: now() + backoffMs(attempts, deps.random), error: undefined, retryReason });
      return "retry";
    }
    await set({ state: "failed", error: messageOf(answer.body) ?? UPLOAD_FAILED });
    return "failed";
  };

  if (job.state === "uploading") {
    const file = await store.file(job.id);
    if (!file) {
      await set({ state: "failed", error: UPLOAD_FAILED });
      return "failed";
    }
    const answer = await transport.upload(file, job.name, token, (f) => emit({ type: "progress", id: job.id, percent: Math.round(f * 100) }));
    const verdict = await judge(answer);
    if (verdict) return verdict;
    const stored = (answer.body as { file?: unknown } | undefined)?.file;
    if (typeof stored !== "string") {
      await set({ state: "failed", error: UPLOAD_FAILED });
      return "failed";
    }
    await set({ state: "uploaded", storedName: stored, attempts: 0, progress: 100, retryReason: undefined });
  }

  const body = { ...job.followUp.body, [job.followUp.fileField]: job.storedName };
  const verdict = await judge(await transport.post(`/agendamentos/${job.followUp.call}`, body, token));
  if (verdict) return verdict;
  await set({ state: "attached", attempts: 0, error: undefined });
  // Only now is the evidence safely on the server and linked to its order.
  await store.deleteFile(job.id);
  return "done";
}
