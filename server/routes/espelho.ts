// POST /espelho/lista: payout statement rows of the point, filtered by period and payment status (server only).
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { rows } from "../lib/db-rows.ts";
import { legacySqlText } from "../lib/format.ts";
import { parsePeriod } from "../lib/dates.ts";
import { dateText, nullableText, MAX, uuid } from "../../contract/fields.ts";
import { route } from "../../contract/route.ts";
import { assertOwnPoint } from "../plugins/tenant.ts";
import type { RouteDeps } from "./deps.ts";

export async function espelhoRoutes(plain: FastifyInstance, { db }: RouteDeps) {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    "/espelho/lista",
    {
      schema: route({
        body: Type.Object({
          idPontoAtendimento: uuid,
          idSocio: Type.Optional(nullableText(MAX.param)),
          dataInicio: Type.Optional(dateText),
          dataFim: Type.Optional(dateText),
          pagamentoFeito: Type.Optional(Type.Enum(["S", "N", ""])),
        }),
      }),
    },
    async (request) => {
      const b = request.body;
      assertOwnPoint(request, b.idPontoAtendimento);
      const { from, to } = parsePeriod(b);
      return rows(
        db,
        sql`
      select f.id as "IdFinanceiroEspelho", f.appointment_id as "IdSocioVeiculoAgenda", f.vehicle_id as "IdSocioVeiculo",
        f.service_point_id as "IdPontoAtendimento", f.execution_service_id as "IdSocioVeiculoAgendaExecucaoServico",
        f.corporate_name as "RazaoSocial", f.cnpj as "Cnpj", f.registration_number as "Matricula",
        ${legacySqlText(sql`f.appointment_date`)} as "DataAgendamento",
        to_char(f.paid_at at time zone 'America/Sao_Paulo', 'DD/MM/YYYY HH24:MI:SS') as "DataPagamento",
        f.payout::float8 as "ValorRepasse", f.paid as "PagamentoFeito", f.plate as "Placa", f.plate as "VeiculoPlaca",
        f.member_name as "SocioNome", f.service_name as "NomeServico", f.appointment_status as "StatusAgendamento",
        f.os_number as "NumeroOS", ${legacySqlText(sql`(f.executed_at at time zone 'America/Sao_Paulo')`)} as "DataExecucaoOS",
        f.code as "CodigoEspelho", f.statement_type as "TipoEspelho", f.commission_type as "TipoComissao", f.description as "Descricao",
        f.bank_account_id as "IdDadoBancario", f.payment_receipt as "ComprovantePagamento"
      from payout_statements f
      where f.service_point_id = ${request.auth.servicePointId}
        and ${from ? sql`f.appointment_date >= ${from}` : sql`true`}
        and ${to ? sql`f.appointment_date <= ${to}` : sql`true`}
        and ${b.pagamentoFeito ? sql`f.paid = ${b.pagamentoFeito}` : sql`true`}
      order by f.os_number desc, f.id`,
      );
    },
  );
}
