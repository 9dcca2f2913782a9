// Calls of the central's payment runs (issue 49, /central/pagamentos/remessas, contas-pagadoras, retorno, transferencias,
// diario): the paying accounts, a run from its draft to the bank's return file (its CNAB 240 remessa is written by the server and
// downloaded as a file), a paid transfer's proof, and the journal of money actions; types from the contract (type-only imports)
// (main thread).
import { get, post, seg } from "../../../lib/api-client";
import { downloadApiFile } from "../../../lib/api-file";
import type * as R from "../../../../contract/central-payment-runs";
import type { Answer, BodyOf } from "../../../../contract/route";
import { postProof } from "./payments";

export type {
  BankProfile,
  CnabLayoutCode,
  JournalEntry,
  JournalFilter,
  PaymentRun,
  PaymentTransfer,
  RunFile,
  RunState,
} from "../../../../contract/central-payment-runs";

export type BankProfileInput = R.BankProfileInput;
export type RunDetail = Answer<typeof R.getRun>;
export type CreateRunInput = BodyOf<typeof R.createRun>;
export type ImportReturnInput = BodyOf<typeof R.importReturn>;
export type ImportReturnAnswer = Answer<typeof R.importReturn>;

const query = (f: object) => {
  const q = new URLSearchParams(Object.entries(f).filter(([, v]) => typeof v === "string" && v !== "") as [string, string][]);
  return q.size ? `?${q}` : "";
};
const runPath = (id: string) => `/central/pagamentos/remessas/${seg(id)}`;

export const listBankProfiles = (signal?: AbortSignal) =>
  get<Answer<typeof R.listBankProfiles>>("/central/pagamentos/contas-pagadoras", { signal });
export const createBankProfile = (b: BankProfileInput) =>
  post<Answer<typeof R.createBankProfile>>("/central/pagamentos/contas-pagadoras", b);

export const listRuns = (status: R.RunState | "", signal?: AbortSignal) =>
  get<Answer<typeof R.listRuns>>(`/central/pagamentos/remessas${query({ status })}`, { signal });
export const createRun = (b: CreateRunInput) => post<Answer<typeof R.createRun>>("/central/pagamentos/remessas", b);
export const getRun = (id: string, signal?: AbortSignal) => get<RunDetail>(runPath(id), { signal });
export const generateRunFile = (id: string) => post<Answer<typeof R.generateRunFile>>(`${runPath(id)}/gerar`, {});
export const markRunSent = (id: string) => post<Answer<typeof R.markRunSent>>(`${runPath(id)}/enviar`, {});
export const cancelRun = (id: string, motivo: string) => post<Answer<typeof R.cancelRun>>(`${runPath(id)}/cancelar`, { motivo });

/**
 * One file of the run's remessa (text/plain attachment, the same bytes each time; part 2 is the second file of a run its
 * layout splits), saved under the server's file name; when refused, the server's reason.
 */
export const saveRunFile = (id: string, part: number) => downloadApiFile(`${runPath(id)}/arquivo?parte=${part}`);

/** The bank's return file, as text (the server reads and checks it). */
export const importReturn = (b: ImportReturnInput) => post<ImportReturnAnswer>("/central/pagamentos/retorno", b);

const transferProofPath = (id: string) => `/central/pagamentos/transferencias/${seg(id)}/comprovante`;
/** Attaches (or replaces) a paid transfer's proof: multipart, part `file`, an image or a PDF. */
export const uploadTransferProof = (id: string, file: File) => postProof<Answer<typeof R.uploadTransferProof>>(transferProofPath(id), file);
/** A transfer's proof, downloaded under its own name; false when it could not be. */
export const saveTransferProof = (id: string) => downloadApiFile(transferProofPath(id));

export const listJournal = (f: R.JournalFilter, signal?: AbortSignal) =>
  get<Answer<typeof R.listJournal>>(`/central/pagamentos/diario${query(f)}`, { signal });
