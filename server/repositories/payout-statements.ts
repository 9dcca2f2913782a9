// The point's payout statement (financial mirror, payout_statements): the rows of POST /espelho/lista (server only).
import { sql } from "drizzle-orm";
import type { EspelhoRow } from "../../contract/espelho.ts";
import type { Db } from "../db/client.ts";
import { rows } from "../lib/db-rows.ts";
import { legacySqlText } from "../lib/format.ts";

export interface StatementFilters {
  servicePointId: string;
  /** yyyy-MM-dd, both ends included (the order's day). */
  from?: string;
  to?: string;
  /** S paid, N pending; none: both. */
  paid?: string;
}

/**
 * The statement's rows in the contract's shape: the SQL names every column as the contract does, and writes the dates as the
 * contract's clients parse them (SQL Server's legacy text: lib/format.ts), so the rows are answered as they come.
 */
export const statementRows = (db: Db, f: StatementFilters) =>
  rows<EspelhoRow>(
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
      where f.service_point_id = ${f.servicePointId}
        and ${f.from ? sql`f.appointment_date >= ${f.from}` : sql`true`}
        and ${f.to ? sql`f.appointment_date <= ${f.to}` : sql`true`}
        and ${f.paid ? sql`f.paid = ${f.paid}` : sql`true`}
      order by f.os_number desc, f.id`,
  );
