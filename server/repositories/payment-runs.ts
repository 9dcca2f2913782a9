// Payment runs (issue 49): the paying accounts and their NSA sequence, a run's draft (its payouts taken by one conditional
// UPDATE: no two runs hold one payout), its file's identity, its state changes (each a conditional UPDATE on the state it
// leaves), the bank's return applied per transfer, and the mappings to the contract (server only).
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { bankProfiles, paymentRunFiles, paymentRuns, paymentTransfers, payoutStatements } from "../db/schema.ts";
import type { BankProfile, BankProfileInput, PaymentRun, PaymentTransfer, RunFile, RunState } from "../../contract/central-payment-runs.ts";
import type { Payee } from "../../contract/central-payments.ts";
import { rows } from "../db/rows.ts";

export type BankProfileRow = typeof bankProfiles.$inferSelect;
export type RunRow = typeof paymentRuns.$inferSelect;
export type TransferRow = typeof paymentTransfers.$inferSelect;

const digits = (v: string) => v.replace(/\D/g, "");

export const toBankProfile = (p: BankProfileRow): BankProfile => ({
  IdContaPagadora: p.id,
  Nome: p.label,
  CodigoBanco: p.bankCode,
  NomeBanco: p.bankName,
  Layout: p.layout as BankProfile["Layout"],
  Convenio: p.agreement,
  Agencia: p.agency,
  DigitoAgencia: p.agencyDigit,
  Conta: p.account,
  DigitoConta: p.accountDigit,
  RazaoSocial: p.companyName,
  Cnpj: p.cnpj,
  Logradouro: p.street,
  Numero: p.number,
  Complemento: p.complement,
  Cidade: p.city,
  Cep: p.zip,
  Uf: p.state,
  CodigoCompromisso: p.commitmentCode,
  ParametroTransmissao: p.transmissionParameter,
  UltimoNsa: p.lastNsa,
});

export async function listBankProfiles(db: Db) {
  return (await db.select().from(bankProfiles).orderBy(asc(bankProfiles.label))).map(toBankProfile);
}

export async function bankProfileById(db: Db, id: string) {
  const [row] = await db.select().from(bankProfiles).where(eq(bankProfiles.id, id));
  return row;
}

/** The row a paying account's input makes (trimmed, digits only where the bank wants digits). */
export const profileValues = (input: BankProfileInput, userId: string) => ({
  label: input.Nome.trim(),
  bankCode: input.CodigoBanco,
  bankName: input.NomeBanco.trim(),
  layout: input.Layout,
  agreement: input.Convenio.trim(),
  agency: input.Agencia,
  agencyDigit: input.DigitoAgencia.toUpperCase(),
  account: input.Conta,
  accountDigit: input.DigitoConta.toUpperCase(),
  companyName: input.RazaoSocial.trim(),
  cnpj: digits(input.Cnpj),
  street: input.Logradouro.trim(),
  number: input.Numero.trim(),
  complement: input.Complemento.trim(),
  city: input.Cidade.trim(),
  zip: digits(input.Cep),
  state: input.Uf.toUpperCase(),
  // Kept for Caixa only: another bank's file has no such fields.
  commitmentCode: input.Layout === "104" ? (input.CodigoCompromisso ?? "").trim() : "",
  transmissionParameter: input.Layout === "104" ? (input.ParametroTransmissao ?? "").trim().toUpperCase() : "",
  createdBy: userId,
});

/** Adds a paying account; undefined when its label is taken (the unique index decides, whatever races). */
export async function insertBankProfile(db: Db, input: BankProfileInput, userId: string) {
  const [row] = await db
    .insert(bankProfiles)
    .values(profileValues(input, userId))
    .onConflictDoNothing({ target: bankProfiles.label })
    .returning();
  return row;
}

/**
 * The paying account's next NSA: one UPDATE of its row (a second clerk's waits for this transaction and then takes the next
 * number); undefined past 999999.
 */
export async function takeNsa(tx: Db, profileId: string) {
  const [row] = await tx
    .update(bankProfiles)
    .set({ lastNsa: sql`${bankProfiles.lastNsa} + 1` })
    .where(and(eq(bankProfiles.id, profileId), sql`${bankProfiles.lastNsa} < 999999`))
    .returning({ nsa: bankProfiles.lastNsa });
  return row?.nsa;
}

/**
 * Caixa's "seu número" for `n` transfers: digits only, at most 6 (its layout's field), from one database sequence, so no two
 * transfers share one; undefined when the sequence is spent (999 999 transfers).
 */
export async function caixaNumbers(tx: Db, n: number) {
  try {
    const list = await rows<{ n: number }>(
      tx,
      sql`select nextval('payment_transfer_caixa_numbers')::int as n from generate_series(1, ${n})`,
    );
    return list.map((r) => String(r.n));
  } catch (err) {
    // 2200H: sequence_generator_limit_exceeded.
    if ((err as { code?: string }).code === "2200H" || (err as { cause?: { code?: string } }).cause?.code === "2200H") return undefined;
    throw err;
  }
}

export type RunFileKind = RunFile["Conteudo"];

/** Records the run's files with their NSAs, and the file each transfer travels in. */
export async function insertRunFiles(
  tx: Db,
  runId: string,
  bankProfileId: string,
  files: { part: number; nsa: number; kind: RunFileKind; transferIds: string[] }[],
) {
  await tx.insert(paymentRunFiles).values(files.map((f) => ({ runId, bankProfileId, part: f.part, nsa: f.nsa, kind: f.kind })));
  for (const f of files) await tx.update(paymentTransfers).set({ filePart: f.part }).where(inArray(paymentTransfers.id, f.transferIds));
}

export async function runFilesOf(tx: Db, runId: string) {
  return tx.select().from(paymentRunFiles).where(eq(paymentRunFiles.runId, runId)).orderBy(asc(paymentRunFiles.part));
}

/** The name a run's file is saved under: the run, the NSA, the payment date, and what a split file carries. */
export const runFileName = (run: { number: number; paymentDate: string }, file: { nsa: number; kind: string }) =>
  `remessa-${run.number}-nsa-${file.nsa}${file.kind === "todas" ? "" : `-${file.kind}`}-${run.paymentDate}.rem`;

export async function runById(tx: Db, id: string, lock = false) {
  const q = tx.select().from(paymentRuns).where(eq(paymentRuns.id, id));
  const [row] = await (lock ? q.for("update") : q);
  return row;
}

export async function insertRun(tx: Db, r: { bankProfileId: string; paymentDate: string; createdBy: string }) {
  const [row] = await tx.insert(paymentRuns).values(r).returning();
  return row!;
}

/**
 * Takes the payouts for the run: only those still pending and in no run (one conditional UPDATE); answers those taken. Fewer
 * than asked means another run or a payment has some: the caller rolls back.
 */
export async function takePayouts(tx: Db, runId: string, ids: string[]) {
  return tx
    .update(payoutStatements)
    .set({ runId })
    .where(and(inArray(payoutStatements.id, ids), sql`${payoutStatements.runId} is null`, eq(payoutStatements.paid, "N")))
    .returning({ id: payoutStatements.id, point: payoutStatements.servicePointId, value: payoutStatements.payout });
}

export async function insertTransfers(
  tx: Db,
  list: { runId: string; seq: number; yourNumber: string; servicePointId: string; amount: number; payee: Payee }[],
) {
  return tx.insert(paymentTransfers).values(list).returning();
}

export async function linkPayouts(tx: Db, transferId: string, payoutIds: string[]) {
  await tx.update(payoutStatements).set({ transferId }).where(inArray(payoutStatements.id, payoutIds));
}

export async function transfersOf(tx: Db, runId: string) {
  return tx.select().from(paymentTransfers).where(eq(paymentTransfers.runId, runId)).orderBy(asc(paymentTransfers.seq));
}

export async function setTransferPayee(tx: Db, id: string, payee: Payee) {
  await tx.update(paymentTransfers).set({ payee }).where(eq(paymentTransfers.id, id));
}

/** Moves the run from one of `from` to `to` with the step's fields; false when it was in no state of `from` (someone was first). */
export async function moveRun(tx: Db, id: string, from: RunState[], set: Partial<typeof paymentRuns.$inferInsert>) {
  const [row] = await tx
    .update(paymentRuns)
    .set(set)
    .where(and(eq(paymentRuns.id, id), inArray(paymentRuns.status, from)))
    .returning({ id: paymentRuns.id });
  return Boolean(row);
}

/** The run's payouts not paid go back to payable (a cancelled run, a rejected transfer); answers their ids. */
export async function releasePayouts(tx: Db, where: { runId?: string; transferId?: string }, rejection: string | null) {
  return tx
    .update(payoutStatements)
    .set({ runId: null, transferId: null, ...(rejection ? { rejectionReason: rejection } : {}) })
    .where(
      and(
        where.runId ? eq(payoutStatements.runId, where.runId) : eq(payoutStatements.transferId, where.transferId!),
        eq(payoutStatements.paid, "N"),
      ),
    )
    .returning({ id: payoutStatements.id });
}

/** The transfers a return file names, by "seu número", with their run's state. */
export async function transfersByYourNumber(tx: Db, yourNumbers: string[], lock = false) {
  if (yourNumbers.length === 0) return [];
  const q = tx
    .select({ transfer: paymentTransfers, runStatus: paymentRuns.status, runNumber: paymentRuns.number })
    .from(paymentTransfers)
    .innerJoin(paymentRuns, eq(paymentRuns.id, paymentTransfers.runId))
    .where(inArray(paymentTransfers.yourNumber, yourNumbers))
    .orderBy(asc(paymentTransfers.id));
  return lock ? q.for("update", { of: paymentTransfers }) : q;
}

/** Marks a pending transfer decided by the bank (one conditional UPDATE); false when an earlier import decided it. */
export async function decideTransfer(
  tx: Db,
  id: string,
  d: {
    status: "pago" | "rejeitado";
    bankNumber: string;
    occurrences: string;
    reason: string | null;
    effectiveDate: string | null;
    at: Date;
  },
) {
  const [row] = await tx
    .update(paymentTransfers)
    .set({
      status: d.status,
      bankNumber: d.bankNumber || null,
      occurrences: d.occurrences,
      reason: d.reason,
      effectiveDate: d.effectiveDate,
      decidedAt: d.at,
    })
    .where(and(eq(paymentTransfers.id, id), eq(paymentTransfers.status, "pendente")))
    .returning({ id: paymentTransfers.id });
  return Boolean(row);
}

/** The transfer's payouts paid on `day` (noon, Brasília) to its payee; answers their ids. */
export async function payTransferPayouts(tx: Db, t: TransferRow, day: string) {
  const payee = t.payee as Payee;
  return tx
    .update(payoutStatements)
    .set({
      paid: "S",
      paidAt: new Date(`${day}T12:00:00-03:00`),
      paidTo: payee,
      bankAccountId: payee.IdDadoBancario,
      rejectionReason: null,
      // No batch paid it: a batch's undo must never reach a payout the bank paid.
      batchId: null,
    })
    .where(and(eq(payoutStatements.transferId, t.id), eq(payoutStatements.paid, "N")))
    .returning({ id: payoutStatements.id });
}

/** Runs whose every transfer the bank decided move to retorno_importado. */
export async function closeDecidedRuns(tx: Db, runIds: string[], at: Date) {
  if (runIds.length === 0) return;
  await tx
    .update(paymentRuns)
    .set({ status: "retorno_importado", returnImportedAt: at })
    .where(
      and(
        inArray(paymentRuns.id, runIds),
        inArray(paymentRuns.status, ["arquivo_gerado", "enviado"]),
        sql`not exists (select 1 from payment_transfers t where t.run_id = ${paymentRuns.id} and t.status = 'pendente')`,
      ),
    );
}

export async function setTransferProof(tx: Db, id: string, proof: { storedName: string; originalName: string; mimeType: string }) {
  const [row] = await tx
    .update(paymentTransfers)
    .set({ proofFile: proof.storedName, proofOriginalName: proof.originalName, proofMimeType: proof.mimeType })
    .where(and(eq(paymentTransfers.id, id), eq(paymentTransfers.status, "pago")))
    .returning({ id: paymentTransfers.id });
  return Boolean(row);
}

export async function transferById(tx: Db, id: string) {
  const [row] = await tx.select().from(paymentTransfers).where(eq(paymentTransfers.id, id));
  return row;
}

interface RunListRow extends Omit<
  PaymentRun,
  "CriadaEm" | "GeradaEm" | "EnviadaEm" | "RetornoImportadoEm" | "CanceladaEm" | "Total" | "Arquivos"
> {
  Arquivos: Omit<RunFile, "NomeArquivo">[] | string;
  CriadaEm: Date | string;
  GeradaEm: Date | string | null;
  EnviadaEm: Date | string | null;
  RetornoImportadoEm: Date | string | null;
  CanceladaEm: Date | string | null;
  Total: string | number;
}

const iso = (v: Date | string | null) => (v === null ? null : new Date(v instanceof Date ? v.getTime() : String(v)).toISOString());

const toRun = (r: RunListRow): PaymentRun => ({
  ...r,
  // json_agg comes back parsed from PostgreSQL and as text from some drivers.
  Arquivos: (typeof r.Arquivos === "string" ? (JSON.parse(r.Arquivos) as Omit<RunFile, "NomeArquivo">[]) : r.Arquivos).map((f) => ({
    ...f,
    NomeArquivo: runFileName({ number: r.Numero, paymentDate: r.DataPagamento }, { nsa: f.Nsa, kind: f.Conteudo }),
  })),
  Total: Number(r.Total),
  CriadaEm: iso(r.CriadaEm)!,
  GeradaEm: iso(r.GeradaEm),
  EnviadaEm: iso(r.EnviadaEm),
  RetornoImportadoEm: iso(r.RetornoImportadoEm),
  CanceladaEm: iso(r.CanceladaEm),
});

const runSelect = sql`
  select r.id as "IdRemessa", r.number as "Numero", r.status as "Status", r.bank_profile_id as "IdContaPagadora",
    bp.label as "ContaPagadora", to_char(r.payment_date, 'YYYY-MM-DD') as "DataPagamento", r.nsa as "Nsa",
    coalesce((select json_agg(json_build_object('Parte', f.part, 'Nsa', f.nsa, 'Conteudo', f.kind,
        'Transferencias', (select count(*)::int from payment_transfers t where t.run_id = r.id and t.file_part = f.part))
        order by f.part) from payment_run_files f where f.run_id = r.id), '[]'::json) as "Arquivos",
    (select count(*)::int from payment_transfers t where t.run_id = r.id) as "Transferencias",
    (select count(*)::int from payout_statements f join payment_transfers t on t.id = f.transfer_id where t.run_id = r.id) as "Repasses",
    (select coalesce(sum(t.amount), 0)::float8 from payment_transfers t where t.run_id = r.id) as "Total",
    (select count(*)::int from payment_transfers t where t.run_id = r.id and t.status = 'pago') as "Pagas",
    (select count(*)::int from payment_transfers t where t.run_id = r.id and t.status = 'rejeitado') as "Rejeitadas",
    cu.name as "CriadaPor", r.created_at as "CriadaEm", gu.name as "GeradaPor", r.generated_at as "GeradaEm",
    su.name as "EnviadaPor", r.sent_at as "EnviadaEm", r.return_imported_at as "RetornoImportadoEm",
    xu.name as "CanceladaPor", r.cancelled_at as "CanceladaEm", r.cancel_reason as "MotivoCancelamento"
  from payment_runs r
  join bank_profiles bp on bp.id = r.bank_profile_id
  join central_users cu on cu.id = r.created_by
  left join central_users gu on gu.id = r.generated_by
  left join central_users su on su.id = r.sent_by
  left join central_users xu on xu.id = r.cancelled_by`;

export async function listRuns(db: Db, status?: RunState): Promise<PaymentRun[]> {
  const list = await rows<RunListRow>(
    db,
    sql`${runSelect} where ${status ? sql`r.status = ${status}` : sql`true`} order by r.number desc limit 200`,
  );
  return list.map(toRun);
}

export async function runOf(db: Db, id: string): Promise<PaymentRun | undefined> {
  const [row] = await rows<RunListRow>(db, sql`${runSelect} where r.id = ${id}`);
  return row ? toRun(row) : undefined;
}

/** The run's transfers as the contract's, with the point's trade name and the OS numbers each pays. */
export async function transferListOf(db: Db, runId: string): Promise<PaymentTransfer[]> {
  const list = await rows<Omit<PaymentTransfer, "Valor"> & { Valor: string | number }>(
    db,
    sql`select t.id as "IdTransferencia", t.your_number as "SeuNumero", t.service_point_id as "IdPontoAtendimento",
        p.trade_name as "NomeFantasia", t.amount::float8 as "Valor", t.status as "Status", t.bank_number as "NossoNumero",
        t.occurrences as "Ocorrencias", t.reason as "Motivo", to_char(t.effective_date, 'YYYY-MM-DD') as "DataEfetivacao",
        t.payee as "Favorecido",
        coalesce((select array_agg(distinct f.os_number order by f.os_number) from payout_statements f where f.transfer_id = t.id),
          '{}') as "NumerosOS",
        t.file_part as "Arquivo", t.proof_original_name as "Comprovante"
      from payment_transfers t join service_points p on p.id = t.service_point_id
      where t.run_id = ${runId} order by t.seq`,
  );
  return list.map((t) => ({ ...t, Valor: Number(t.Valor), NumerosOS: t.NumerosOS.map(Number) }));
}
