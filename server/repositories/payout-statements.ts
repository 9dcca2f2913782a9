// The point's payout statement (financial mirror, payout_statements): the rows of POST /espelho/lista, with the member's CPF,
// the payment's batch (reference, proof) and why an unpaid one is held, and the proof of one paid payout (server only).
import { sql } from "drizzle-orm";
import type { EspelhoRow } from "../../contract/espelho.ts";
import type { Db } from "../db/client.ts";
import { rows } from "../db/rows.ts";
import { legacySqlText } from "../lib/format.ts";
import { holdReasonSql, holdText, type HoldReason } from "../rules/payout-hold.ts";

export interface StatementFilters {
  servicePointId: string;
  /** yyyy-MM-dd, both ends included (the order's day). */
  from?: string;
  to?: string;
  /** S paid, N pending; none: both. */
  paid?: string;
  /** The instant the holds are judged at (the request's clock). */
  now: Date;
}

type StatementRow = Omit<EspelhoRow, "MotivoRetencao"> & { holdReason: HoldReason; holdChanged: Date | string | null };

/**
 * The statement's rows in the contract's shape: the SQL names every column as the contract does, and writes the dates as the
 * contract's clients parse them (SQL Server's legacy text: lib/format.ts); a held row's reason is the central's own text
 * (payout-hold.ts holdReasonSql, the same expression the payments list and the payment's check use).
 */
export const statementRows = async (db: Db, f: StatementFilters): Promise<EspelhoRow[]> =>
  (
    await rows<StatementRow>(
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
        case when f.paid = 'S' then coalesce(pt.proof_original_name, pb.proof_original_name) end as "ComprovantePagamento",
        m.cpf as "SocioCpf",
        case when f.paid = 'S' then coalesce(pt.bank_number, pt.your_number, pb.reference) end as "ReferenciaPagamento",
        case when f.paid = 'S' then null else ${holdReasonSql(sql`p`, f.now)} end as "holdReason",
        p.payment_data_changed_at as "holdChanged"
      from payout_statements f
      join service_points p on p.id = f.service_point_id
      left join payment_batches pb on pb.id = f.batch_id
      -- A payout the bank paid through a run: its own transfer's reference and proof (each point has its own transfer).
      left join payment_transfers pt on pt.id = f.transfer_id and f.paid = 'S'
      left join vehicles v on v.id = f.vehicle_id
      left join members m on m.id = v.member_id
      where f.service_point_id = ${f.servicePointId}
        and ${f.from ? sql`f.appointment_date >= ${f.from}` : sql`true`}
        and ${f.to ? sql`f.appointment_date <= ${f.to}` : sql`true`}
        and ${f.paid ? sql`f.paid = ${f.paid}` : sql`true`}
      order by f.os_number desc, f.id`,
    )
  ).map(({ holdReason, holdChanged, ...row }) => ({ ...row, MotivoRetencao: holdText(holdReason, holdChanged) }));

/**
 * The proof of one of the point's paid payouts (its run transfer's, else its batch's), or undefined: another point's payout,
 * unpaid, or no proof.
 */
export async function statementProof(db: Db, servicePointId: string, payoutId: string) {
  const [row] = await rows<{ storedName: string; originalName: string; mimeType: string }>(
    db,
    sql`select coalesce(pt.proof_file, pb.proof_file) as "storedName",
        case when pt.proof_file is not null then pt.proof_original_name else pb.proof_original_name end as "originalName",
        case when pt.proof_file is not null then pt.proof_mime_type else pb.proof_mime_type end as "mimeType"
      from payout_statements f
      left join payment_transfers pt on pt.id = f.transfer_id
      left join payment_batches pb on pb.id = f.batch_id
      where f.id = ${payoutId} and f.service_point_id = ${servicePointId} and f.paid = 'S'
        and coalesce(pt.proof_file, pb.proof_file) is not null`,
  );
  return row;
}
