// Every route of the contract by group, in the order docs/api.md lists them; read by the doc generator and the server's
// route-table test (tests/server/api-contract.test.ts), never by the client.
import type { RouteSpec } from "./route.ts";
import * as credenciado from "./credenciado.ts";
import * as acesso from "./acesso.ts";
import * as usuarios from "./usuarios.ts";
import * as auditoria from "./auditoria.ts";
import * as agendamentos from "./agendamentos.ts";
import * as execucao from "./execucao.ts";
import * as vistorias from "./vistorias.ts";
import * as servicos from "./servicos.ts";
import * as evidencias from "./evidencias.ts";
import * as evidenciasCadeia from "./evidencias-cadeia.ts";
import * as acompanhamento from "./acompanhamento.ts";
import * as pontoAtendimento from "./ponto-atendimento.ts";
import * as espelho from "./espelho.ts";
import * as avaliacoes from "./avaliacoes.ts";
import * as retornoServico from "./retorno-servico.ts";
import * as scanner from "./scanner.ts";
import * as notificacoes from "./notificacoes.ts";
import * as uploads from "./uploads.ts";
import * as resumableUploads from "./resumable-uploads.ts";
import * as centralSession from "./central-session.ts";
import * as centralApprovals from "./central-approvals.ts";
import * as centralPayments from "./central-payments.ts";
import * as centralPaymentRuns from "./central-payment-runs.ts";
import * as centralPoints from "./central-points.ts";
import * as centralHome from "./central-home.ts";
import * as centralStaff from "./central-staff.ts";
import * as centralVistorias from "./central-vistorias.ts";
import * as health from "./health.ts";

const isRoute = (v: unknown): v is RouteSpec =>
  typeof v === "object" && v !== null && "method" in v && "url" in v && "response" in v && "summary" in v;

/** A contract file's routes, by path then method (a module namespace lists its exports alphabetically, not as written). */
const group = (file: string, module: Record<string, unknown>) => ({
  file: `contract/${file}.ts`,
  routes: Object.values(module)
    .filter(isRoute)
    .sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method)),
});

export const CONTRACT_GROUPS = [
  group("credenciado", credenciado),
  group("acesso", acesso),
  group("usuarios", usuarios),
  group("auditoria", auditoria),
  group("agendamentos", agendamentos),
  group("execucao", execucao),
  group("vistorias", vistorias),
  group("servicos", servicos),
  group("evidencias", evidencias),
  group("evidencias-cadeia", evidenciasCadeia),
  group("acompanhamento", acompanhamento),
  group("ponto-atendimento", pontoAtendimento),
  group("espelho", espelho),
  group("avaliacoes", avaliacoes),
  group("retorno-servico", retornoServico),
  group("scanner", scanner),
  group("notificacoes", notificacoes),
  group("uploads", uploads),
  group("resumable-uploads", resumableUploads),
  group("central-session", centralSession),
  group("central-home", centralHome),
  group("central-approvals", centralApprovals),
  group("central-payments", centralPayments),
  group("central-payment-runs", centralPaymentRuns),
  group("central-points", centralPoints),
  group("central-staff", centralStaff),
  group("central-vistorias", centralVistorias),
  group("health", health),
];

export const CONTRACT_ROUTES: RouteSpec[] = CONTRACT_GROUPS.flatMap((g) => g.routes);
