// The point's payout statement (financial mirror, payout_statements): the rows of POST /espelho/lista, with the member's CPF and
// the payment's batch (reference, proof), and the proof of one paid payout (server only).
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
        f.bank_account_id as "IdDadoBancario",
        case when f.paid = 'S' then pb.proof_original_name end as "ComprovantePagamento",
        m.cpf as "SocioCpf", case when f.paid = 'S' then pb.reference end as "ReferenciaPagamento"
      from payout_statements f
      left join payment_batches pb on pb.id = f.batch_id
      left join vehicles v on v.id = f.vehicle_id
      left join members m on m.id = v.member_id
      where f.service_point_id = ${f.servicePointId}
        and ${f.from ? sql`f.appointment_date >= ${f.from}` : sql`true`}
        and ${f.to ? sql`f.appointment_date <= ${f.to}` : sql`true`}
        and ${f.paid ? sql`f.paid = ${f.paid}` : sql`true`}
      order by f.os_number desc, f.id`,
  );

/** The proof of one of the point's paid payouts (its batch's), or undefined: another point's payout, unpaid, or no proof. */
export async function statementProof(db: Db, servicePointId: string, payoutId: string) {
  const [row] = await rows<{ storedName: string; originalName: string; mimeType: string }>(
    db,
    sql`select pb.proof_file as "storedName", pb.proof_original_name as "originalName", pb.proof_mime_type as "mimeType"
      from payout_statements f join payment_batches pb on pb.id = f.batch_id
      where f.id = ${payoutId} and f.service_point_id = ${servicePointId} and f.paid = 'S' and pb.proof_file is not null`,
  );
  return row;
}
