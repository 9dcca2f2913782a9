// Calls of the central's payment runs (issue 49, /central/pagamentos/remessas, contas-pagadoras, retorno, transferencias,
// diario): the paying accounts, a run from its draft to the bank's return file (its CNAB 240 remessa is written by the server and
// downloaded as a file), a paid transfer's proof, and the journal of money actions; types from the contract (type-only imports)
// (main thread).
import { call, postForm, seg } from "../../../lib/api-client";
import { downloadApiFile } from "../../../lib/api-file";
import * as routes from "../../../../contract/gen/central-payment-runs";
import type * as R from "../../../../contract/central-payment-runs";
import type { Answer, BodyOf } from "../../../../contract/route";

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

const runPath = (id: string) => `/central/pagamentos/remessas/${seg(id)}`;

export const listBankProfiles = (signal?: AbortSignal) => call(routes.listBankProfiles, {}, { signal });
export const createBankProfile = (b: BankProfileInput) => call(routes.createBankProfile, { body: b });

export const listRuns = (status: R.RunState | "", signal?: AbortSignal) =>
  call(routes.listRuns, { query: { status: status || undefined } }, { signal });
export const createRun = (b: CreateRunInput) => call(routes.createRun, { body: b });
export const getRun = (id: string, signal?: AbortSignal) => call(routes.getRun, { params: { id } }, { signal });
export const generateRunFile = (id: string) => call(routes.generateRunFile, { params: { id }, body: {} });
export const markRunSent = (id: string) => call(routes.markRunSent, { params: { id }, body: {} });
export const cancelRun = (id: string, motivo: string) => call(routes.cancelRun, { params: { id }, body: { motivo } });

/**
 * One file of the run's remessa (text/plain attachment, the same bytes each time; part 2 is the second file of a run its
 * layout splits), saved under the server's file name; when refused, the server's reason.
 */
export const saveRunFile = (id: string, part: number) => downloadApiFile(`${runPath(id)}/arquivo?parte=${part}`);

/** The bank's return file, as text (the server reads and checks it). */
export const importReturn = (b: ImportReturnInput) => call(routes.importReturn, { body: b });

const transferProofPath = (id: string) => `/central/pagamentos/transferencias/${seg(id)}/comprovante`;
/** Attaches (or replaces) a paid transfer's proof: multipart, part `file`, an image or a PDF. */
export const uploadTransferProof = (id: string, file: File) =>
  postForm(routes.uploadTransferProof, { params: { id }, files: { file: [file, file.name] } });
/** A transfer's proof, downloaded under its own name; false when it could not be. */
export const saveTransferProof = (id: string) => downloadApiFile(transferProofPath(id));

export const listJournal = (f: R.JournalFilter, signal?: AbortSignal) => call(routes.listJournal, { query: f }, { signal });
