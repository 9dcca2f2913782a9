// Bank/PIX payout data (CRUD, no-store) and registration data with opening hours of the point (server only).
import { and, desc, eq, ne } from "drizzle-orm";
import { formatCep, formatCnpj, getStates, isValidCnpj } from "@brazilian-utils/brazilian-utils";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { Type, type Static } from "typebox";
import {
  ACCOUNT_TYPE_LABELS,
  bankDataErrors,
  firstBankDataError,
  normalizeBankData,
  PIX_KEY_TYPE_LABELS,
} from "../../src/domain/bank-data.ts";
import type { Db } from "../db/client.ts";
import { bankAccounts, servicePoints } from "../db/schema.ts";
import { isUuid, lockPoints } from "../lib/db-rows.ts";
import { badRequest, notFound } from "../lib/http-errors.ts";
import { timeToIso } from "../lib/format.ts";
import { idText, MAX, nullableText, params } from "../../contract/fields.ts";
import { route } from "../../contract/route.ts";
import { assertOwnPoint } from "../plugins/tenant.ts";
import { assertAdministrator } from "../plugins/roles.ts";
import { fieldChanges, labelled, pointActor, recordAudit, type AuditEntry, type FieldSpec } from "../services/audit.ts";
import { markPaymentDataChanged } from "../services/payout-hold.ts";
import type { RouteDeps } from "./deps.ts";

/** Said in the record when a change holds the point's payouts. */
const HELD_NOTE = "Os repasses ficam retidos até a central conferir os novos dados (ou por 7 dias).";

/** The 27 federative units' codes, from the same library that formats the CEP and CNPJ. */
const UFS: ReadonlySet<string> = new Set(getStates().map((state) => state.code));

// Bounded generously for the schema; the per-field limits below apply after trimming, with the spec's messages.
const bankText = Type.Optional(nullableText(MAX.name));
const bankBody = Type.Object({
  IdPontoAtendimento: Type.Optional(idText),
  IdDadoBancario: Type.Optional(idText),
  idDadoBancario: Type.Optional(idText),
  TipoChavePix: bankText,
  ChavePix: bankText,
  Banco: bankText,
  NumeroAgencia: bankText,
  NumeroConta: bankText,
  TipoConta: bankText,
  NomeTitular: bankText,
  DocumentoTitular: bankText,
  Selecionado: bankText,
});
type BankBody = Static<typeof bankBody>;

const str = (v: string | null | undefined, max = 200): string => {
  const s = (v ?? "").trim();
  if (s.length > max) throw badRequest("Um dos campos é longo demais.");
  return s;
};

/**
 * PIX when a key type or key is given (bank fields cleared), else a transfer (PIX fields cleared). The rules are the form's
 * (src/domain/bank-data.ts): the spec's required messages first, then what a bank would refuse (CPF/CNPJ check digits, e-mail,
 * mobile and random keys, agency and account digits).
 */
export function bankInput(b: BankBody) {
  for (const v of [b.TipoChavePix, b.TipoConta, b.Selecionado]) str(v, 20);
  for (const v of [b.NumeroAgencia, b.NumeroConta, b.DocumentoTitular]) str(v, 30);
  for (const v of [b.ChavePix, b.Banco, b.NomeTitular]) str(v);
  const f = normalizeBankData(b);
  const kind = f.TipoChavePix !== "" || f.ChavePix !== "" ? "PIX" : "TRANSFERENCIA";
  const error = firstBankDataError(bankDataErrors(kind, f));
  if (error) throw badRequest(error.message);
  const pix = kind === "PIX";
  return {
    pixKeyType: pix ? f.TipoChavePix : "",
    pixKey: pix ? f.ChavePix : "",
    bank: pix ? "" : f.Banco,
    agency: pix ? "" : f.NumeroAgencia,
    account: pix ? "" : f.NumeroConta,
    accountType: pix ? "" : f.TipoConta,
    holderName: f.NomeTitular,
    holderDocument: f.DocumentoTitular,
    selected: f.Selecionado,
  };
}

const shapeBank = (r: typeof bankAccounts.$inferSelect) => ({
  IdDadoBancario: r.id,
  IdPontoAtendimento: r.servicePointId,
  TipoChavePix: r.pixKeyType ?? "",
  ChavePix: r.pixKey ?? "",
  Banco: r.bank ?? "",
  NumeroAgencia: r.agency ?? "",
  NumeroConta: r.account ?? "",
  TipoConta: r.accountType ?? "",
  NomeTitular: r.holderName,
  DocumentoTitular: r.holderDocument,
  Selecionado: r.selected,
  DataCadastro: r.createdAt.toISOString(),
});

const REGISTRATION_FIELDS = {
  Cnpj: "cnpj",
  EnderecoCep: "cep",
  Endereco: "address",
  EnderecoCidade: "city",
  EnderecoUf: "uf",
  EnderecoComplemento: "complement",
  EnderecoBairro: "district",
  RazaoSocial: "corporateName",
  QtdeElevadores: "lifts",
  InscricaoEstadual: "stateRegistration",
  Descricao: "tradeName",
  SegSexInicio: "weekdayOpen",
  SegSexFim: "weekdayClose",
  SabadoInicio: "saturdayOpen",
  SabadoFim: "saturdayClose",
  DomingoInicio: "sundayOpen",
  DomingoFim: "sundayClose",
  FeriadoInicio: "holidayOpen",
  FeriadoFim: "holidayClose",
} as const;
const TIME_KEYS = new Set([
  "SegSexInicio",
  "SegSexFim",
  "SabadoInicio",
  "SabadoFim",
  "DomingoInicio",
  "DomingoFim",
  "FeriadoInicio",
  "FeriadoFim",
]);
// Registration rules, kept in step with src/features/dados-cadastrais/form.ts (the server may not import a feature): the same
// required fields, CNPJ check digits, an 8-digit CEP and a start before the end of each day's hours, with the same messages.
const REQUIRED_TEXT: Record<string, string> = {
  RazaoSocial: "Razão Social é obrigatória",
  Cnpj: "CNPJ é obrigatório",
  Descricao: "Nome fantasia é obrigatório",
  EnderecoCep: "CEP é obrigatório",
  Endereco: "Endereço é obrigatório",
  EnderecoUf: "UF é obrigatória",
  EnderecoCidade: "Cidade é obrigatória",
  EnderecoBairro: "Bairro é obrigatório",
};

/** "1970-01-01T08:00:00.000Z", "08:00" or null/"" (closed) -> "08:00" | null. */
export function parseOpeningTime(key: string, v: unknown): string | null {
  if (v === null || v === "") return null;
  const m = typeof v === "string" ? /^(?:\d{4}-\d{2}-\d{2}T)?([01]\d|2[0-3]):([0-5]\d)(?::\d{2}(?:\.\d{1,3})?Z?)?$/.exec(v) : null;
  if (!m) throw badRequest(`O horário ${key} é inválido.`);
  return `${m[1]}:${m[2]}`;
}

const optionalText = () => Type.Optional(nullableText(MAX.text));
type TextKey = Exclude<keyof typeof REGISTRATION_FIELDS, "QtdeElevadores">;
const registrationBody = Type.Object({
  IdPontoAtendimento: idText,
  // Every text and time field of the flat body: a string (times as "1970-01-01THH:mm:00.000Z" or "HH:mm") or null.
  ...(Object.fromEntries(Object.keys(REGISTRATION_FIELDS).map((k) => [k, optionalText()])) as Record<
    TextKey,
    ReturnType<typeof optionalText>
  >),
  // Sent as a string by the original client; null stays null so the handler answers it with its own message.
  QtdeElevadores: Type.Optional(Type.Unsafe<number | string | null>({ type: ["integer", "string", "null"], maxLength: MAX.short })),
});

function registrationPatch(b: Static<typeof registrationBody>) {
  const patch: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(REGISTRATION_FIELDS) as [keyof typeof REGISTRATION_FIELDS, string][]) {
    if (!(key in b)) continue;
    const v = b[key];
    if (TIME_KEYS.has(key)) patch[column] = parseOpeningTime(key, v);
    else if (key === "QtdeElevadores") {
      const n = typeof v === "string" && v.trim() !== "" ? Number(v) : v;
      if (typeof n !== "number" || !Number.isInteger(n) || n < 0 || n > 99)
        throw badRequest("Qtde. Elevadores deve ser um número inteiro de 0 a 99.");
      patch[column] = n;
    } else {
      if (v !== null && typeof v !== "string") throw badRequest(`O campo ${key} é inválido.`);
      const s = (v ?? "").trim();
      if (s.length > 300) throw badRequest(`O campo ${key} é longo demais.`);
      if (REQUIRED_TEXT[key] && !s) throw badRequest(REQUIRED_TEXT[key]);
      if (key === "EnderecoUf" && s && !UFS.has(s.toUpperCase())) throw badRequest("UF inválida.");
      if (key === "Cnpj" && !isValidCnpj(s)) throw badRequest("CNPJ inválido: confira os dígitos verificadores.");
      if (key === "EnderecoCep" && !/^\d{5}-?\d{3}$/.test(s)) throw badRequest("CEP inválido: informe os 8 dígitos (00000-000).");
      // Stored masked, as seeded and shown: 11.222.333/0001-81 and 51020-000.
      patch[column] =
        key === "EnderecoUf"
          ? s.toUpperCase() || null
          : key === "Cnpj"
            ? formatCnpj(s.replace(/\D/g, ""))
            : key === "EnderecoCep"
              ? formatCep(s.replace(/\D/g, ""))
              : s || null;
    }
  }
  return patch;
}

const HOUR_PAIRS = [
  ["Segunda a Sexta", "weekdayOpen", "weekdayClose"],
  ["Sábados", "saturdayOpen", "saturdayClose"],
  ["Domingos", "sundayOpen", "sundayClose"],
  ["Feriados", "holidayOpen", "holidayClose"],
] as const;

/**
 * After the update every day must have both start and end, or neither (closed), and never a start after its end. An equal start
 * and end is left to the slot rules (they answer "Horário de funcionamento inválido"); the form refuses it before sending.
 */
function assertHourPairs(current: Record<string, unknown>, patch: Record<string, unknown>) {
  const merged = { ...current, ...patch };
  for (const [day, open, close] of HOUR_PAIRS) {
    const start = merged[open] == null ? null : String(merged[open]).slice(0, 5);
    const end = merged[close] == null ? null : String(merged[close]).slice(0, 5);
    if ((start === null) !== (end === null)) throw badRequest(`${day}: informe início e fim, ou deixe os dois vazios.`);
    if (start !== null && end !== null && start > end) throw badRequest(`${day}: o início deve ser antes do fim.`);
  }
}

const byPoint = route({ params: params("idPontoAtendimento") });

/** The bank record's fields as the record of changes names them; accounts, keys and documents kept masked. */
const BANK_FIELDS: FieldSpec<typeof bankAccounts.$inferSelect>[] = [
  { key: "pixKeyType", label: "Tipo de chave PIX", text: labelled(PIX_KEY_TYPE_LABELS) },
  { key: "pixKey", label: "Chave PIX", sensitive: true },
  { key: "bank", label: "Banco" },
  { key: "agency", label: "Agência" },
  { key: "account", label: "Conta", sensitive: true },
  { key: "accountType", label: "Tipo de conta", text: labelled(ACCOUNT_TYPE_LABELS) },
  { key: "holderName", label: "Titular" },
  { key: "holderDocument", label: "Documento do titular", sensitive: true },
  { key: "selected", label: "Conta para pagamentos", text: (v) => (v === "S" ? "Sim" : "Não") },
];

const hhmm = (v: unknown) => (v === null || v === undefined || v === "" ? null : String(v).slice(0, 5));
const REGISTRATION_LABELS: Record<keyof typeof REGISTRATION_FIELDS, string> = {
  Cnpj: "CNPJ",
  EnderecoCep: "CEP",
  Endereco: "Endereço",
  EnderecoCidade: "Cidade",
  EnderecoUf: "UF",
  EnderecoComplemento: "Complemento",
  EnderecoBairro: "Bairro",
  RazaoSocial: "Razão social",
  QtdeElevadores: "Qtde. elevadores",
  InscricaoEstadual: "Inscrição estadual",
  Descricao: "Nome fantasia",
  SegSexInicio: "Segunda a sexta: início",
  SegSexFim: "Segunda a sexta: fim",
  SabadoInicio: "Sábados: início",
  SabadoFim: "Sábados: fim",
  DomingoInicio: "Domingos: início",
  DomingoFim: "Domingos: fim",
  FeriadoInicio: "Feriados: início",
  FeriadoFim: "Feriados: fim",
};
const REGISTRATION_SPECS: FieldSpec<typeof servicePoints.$inferSelect>[] = (
  Object.entries(REGISTRATION_FIELDS) as [keyof typeof REGISTRATION_FIELDS, keyof typeof servicePoints.$inferSelect][]
).map(([key, column]) => ({ key: column, label: REGISTRATION_LABELS[key], text: TIME_KEYS.has(key) ? hhmm : undefined }));

/** The point's bank record, locked for the caller's transaction (after the point's own row: see lockPoints). */
async function lockedBank(tx: Db, pointId: string, id: unknown) {
  if (!isUuid(id)) throw notFound("Dado bancário não encontrado.");
  const [row] = await tx
    .select()
    .from(bankAccounts)
    .where(and(eq(bankAccounts.id, id), eq(bankAccounts.servicePointId, pointId)))
    .for("update");
  if (!row) throw notFound("Dado bancário não encontrado.");
  return row;
}

export async function pontoAtendimentoRoutes(plain: FastifyInstance, { db, clock }: RouteDeps) {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  app.register(async (scope) => {
    const bank = scope.withTypeProvider<TypeBoxTypeProvider>();
    // What the central pays to: only the point's administrators see or change it (a role read on every call).
    bank.addHook("preHandler", async (request) => assertAdministrator(db, request));
    bank.addHook("onSend", async (_req, reply) => {
      reply.header("cache-control", "no-store");
    });
    bank.get("/ponto-atendimento/get-dados-bancarios/:idPontoAtendimento", { schema: byPoint }, async (request) => {
      assertOwnPoint(request, request.params.idPontoAtendimento);
      const list = await db
        .select()
        .from(bankAccounts)
        .where(eq(bankAccounts.servicePointId, request.auth.servicePointId))
        .orderBy(desc(bankAccounts.createdAt));
      return { dadosBancarios: list.map(shapeBank) };
    });

    /**
     * One change of the point's bank data: the point's row first (it holds the payouts and waits for a payment in
     * progress), then the change, then its record, in one transaction.
     */
    async function changeBank(
      request: FastifyRequest,
      work: (tx: Db) => Promise<{ entry: Omit<AuditEntry, "at" | "servicePointId" | "actor">; payee: boolean }>,
    ) {
      const pointId = request.auth.servicePointId;
      const actor = await pointActor(db, request);
      await db.transaction(async (tx) => {
        await lockPoints(tx, [pointId]);
        const { entry, payee } = await work(tx);
        const at = clock();
        // Only a change of what the payouts go to (the selected account, or which one is selected) holds them.
        if (payee) await markPaymentDataChanged(tx, pointId, at);
        await recordAudit(tx, {
          ...entry,
          summary: payee ? `${entry.summary} ${HELD_NOTE}` : entry.summary,
          at,
          servicePointId: pointId,
          actor,
        });
      });
    }
    const unselectOthers = (tx: Db, pointId: string, except?: string) =>
      tx
        .update(bankAccounts)
        .set({ selected: "N" })
        .where(
          and(eq(bankAccounts.servicePointId, pointId), eq(bankAccounts.selected, "S"), except ? ne(bankAccounts.id, except) : undefined),
        );

    const objectBody = { schema: route({ body: bankBody }) };
    bank.post("/ponto-atendimento/add-dado-bancario", objectBody, async (request) => {
      const b = request.body;
      assertOwnPoint(request, b.IdPontoAtendimento);
      const v = bankInput(b);
      await changeBank(request, async (tx) => {
        if (v.selected === "S") await unselectOthers(tx, request.auth.servicePointId);
        const [created] = await tx
          .insert(bankAccounts)
          .values({ ...v, servicePointId: request.auth.servicePointId })
          .returning();
        return {
          payee: v.selected === "S",
          entry: {
            entity: "dado_bancario",
            entityId: created!.id,
            action: "criar",
            summary: `Dados bancários incluídos${v.selected === "S" ? " e selecionados para os pagamentos" : ""}.`,
            changes: fieldChanges(BANK_FIELDS, null, created!),
          },
        };
      });
      return { message: "Dados bancários criados com sucesso" };
    });
    bank.post("/ponto-atendimento/edit-dado-bancario", objectBody, async (request) => {
      const b = request.body;
      if (b.IdPontoAtendimento !== undefined) assertOwnPoint(request, b.IdPontoAtendimento);
      const v = bankInput(b);
      await changeBank(request, async (tx) => {
        const before = await lockedBank(tx, request.auth.servicePointId, b.IdDadoBancario ?? b.idDadoBancario);
        if (v.selected === "S") await unselectOthers(tx, request.auth.servicePointId, before.id);
        const [after] = await tx.update(bankAccounts).set(v).where(eq(bankAccounts.id, before.id)).returning();
        const changes = fieldChanges(BANK_FIELDS, before, after!);
        const selectedOnly = changes.length === 1 && changes[0]!.campo === "Conta para pagamentos";
        return {
          payee: changes.length > 0 && (before.selected === "S" || after!.selected === "S"),
          entry: {
            entity: "dado_bancario",
            entityId: before.id,
            action: selectedOnly ? "selecionar" : "editar",
            summary: selectedOnly
              ? v.selected === "S"
                ? "Conta selecionada para os pagamentos."
                : "Conta retirada dos pagamentos."
              : "Dados bancários alterados.",
            changes,
          },
        };
      });
      return { message: "Dados bancários atualizados com sucesso" };
    });
    bank.post("/ponto-atendimento/delete-dado-bancario", objectBody, async (request) => {
      const b = request.body;
      await changeBank(request, async (tx) => {
        const before = await lockedBank(tx, request.auth.servicePointId, b.IdDadoBancario ?? b.idDadoBancario);
        await tx.delete(bankAccounts).where(eq(bankAccounts.id, before.id));
        return {
          payee: before.selected === "S",
          entry: {
            entity: "dado_bancario",
            entityId: before.id,
            action: "excluir",
            summary: `Dados bancários excluídos${before.selected === "S" ? " (era a conta dos pagamentos)" : ""}.`,
            changes: fieldChanges(BANK_FIELDS, before, null),
          },
        };
      });
      return { message: "Dados bancários excluídos com sucesso" };
    });
  });

  // Read by every user of the point (the OS's financial details and the contract page show it); changed by administrators only.
  app.get("/ponto-atendimento/dados-cadastrais/:idPontoAtendimento", { schema: byPoint }, async (request) => {
    assertOwnPoint(request, request.params.idPontoAtendimento);
    const [p] = await db.select().from(servicePoints).where(eq(servicePoints.id, request.auth.servicePointId));
    return {
      success: true,
      data: {
        IdPontoAtendimento: p.id,
        Cnpj: p.cnpj,
        RazaoSocial: p.corporateName,
        InscricaoEstadual: p.stateRegistration,
        QtdeElevadores: p.lifts,
        EnderecoCep: p.cep,
        Endereco: p.address,
        EnderecoCidade: p.city,
        EnderecoUf: p.uf,
        EnderecoComplemento: p.complement,
        EnderecoBairro: p.district,
        Descricao: p.tradeName,
        SegSexInicio: timeToIso(p.weekdayOpen),
        SegSexFim: timeToIso(p.weekdayClose),
        SabadoInicio: timeToIso(p.saturdayOpen),
        SabadoFim: timeToIso(p.saturdayClose),
        DomingoInicio: timeToIso(p.sundayOpen),
        DomingoFim: timeToIso(p.sundayClose),
        FeriadoInicio: timeToIso(p.holidayOpen),
        FeriadoFim: timeToIso(p.holidayClose),
      },
    };
  });

  app.post("/ponto-atendimento/atualizar-dados-cadastrais", { schema: route({ body: registrationBody }) }, async (request) => {
    const b = request.body;
    await assertAdministrator(db, request);
    assertOwnPoint(request, b.IdPontoAtendimento);
    const patch = registrationPatch(b);
    if (Object.keys(patch).length === 0) throw badRequest("Nenhum dado cadastral foi informado.");
    const pointId = request.auth.servicePointId;
    const actor = await pointActor(db, request);
    await db.transaction(async (tx) => {
      const [current] = await lockPoints(tx, [pointId]);
      assertHourPairs(current!, patch);
      const [after] = await tx.update(servicePoints).set(patch).where(eq(servicePoints.id, pointId)).returning();
      const changes = fieldChanges(REGISTRATION_SPECS, current!, after!);
      if (changes.length === 0) return;
      const at = clock();
      // CNPJ and company name are what a payout is paid to: changing them holds the point's payouts like bank data does.
      const payee = current!.cnpj !== after!.cnpj || current!.corporateName !== after!.corporateName;
      if (payee) await markPaymentDataChanged(tx, pointId, at);
      await recordAudit(tx, {
        at,
        servicePointId: pointId,
        actor,
        entity: "dados_cadastrais",
        entityId: pointId,
        action: "editar",
        summary: payee ? `Dados cadastrais alterados, com CNPJ ou razão social. ${HELD_NOTE}` : "Dados cadastrais alterados.",
        changes,
      });
    });
    return { message: "Dados atualizados com sucesso" };
  });
}
