// /scanner: plate lookup (member with an open appointment here, member without, or bare false) and WhatsApp invites kept in an outbox (server only).
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { invitations } from "../db/schema.ts";
import { rows } from "../lib/db-rows.ts";
import { badRequest } from "../lib/http-errors.ts";
import { MAX, params, text } from "../../contract/fields.ts";
import { route } from "../../contract/route.ts";
import { assertOwnPoint } from "../plugins/tenant.ts";
import { normalizePlate, plateFormat } from "../../src/domain/plate.ts";
import type { RouteDeps } from "./deps.ts";

/** The contract's normalisation for WhatsApp numbers: digits only, country code 55 added to national numbers. */
export function normalizePhone(raw: string): string | null {
  const digits = raw.replace(/[()\-\s+.]/g, "");
  if (!/^\d+$/.test(digits)) return null;
  const full = digits.length <= 11 ? `55${digits}` : digits;
  return /^55\d{10,11}$/.test(full) ? full : null;
}

export async function scannerRoutes(plain: FastifyInstance, { db }: RouteDeps) {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    "/scanner/get-agendamento-pontoatendimento-by-placa/:idPontoAtendimento/:placa",
    {
      schema: route({ params: params("idPontoAtendimento", "placa") }),
    },
    async (request) => {
      const p = request.params;
      assertOwnPoint(request, p.idPontoAtendimento);
      const plate = normalizePlate(p.placa);
      if (!plateFormat(plate)) return false;
      const [found] = await rows<Record<string, unknown>>(
        db,
        sql`
      select m.name as "NomeSocio", m.id as "IdSocio", a.id as "IdSocioVeiculoAgenda", v.id as "IdSocioVeiculo",
        ${request.auth.servicePointId}::uuid as "IdPontoAtendimento", to_char(a.date, 'DD/MM/YYYY') as "DataAgendamento",
        to_char(a.time, 'HH24:MI') as "HoraAgendamento", a.status as "StatusAgendamento", a.os_number as "NumeroOS",
        v.year as "AnoVeiculo", v.plate as "PlacaVeiculo", v.engine_size as "LitragemVeiculo", v.brand as "MarcaVeiculo",
        v.model as "ModeloVeiculo", e.started_at as "InicioExecucaoOS"
      from vehicles v join members m on m.id = v.member_id
        left join appointments a on a.vehicle_id = v.id and a.service_point_id = ${request.auth.servicePointId} and a.status = 'A'
        left join executions e on e.appointment_id = a.id
      where upper(replace(v.plate, '-', '')) = ${plate} and v.status = 'A'
      order by a.date desc nulls last, a.time desc nulls last
      limit 1`,
      );
      return found ?? false;
    },
  );

  app.post(
    "/scanner/enviar-convite",
    {
      schema: route({ body: Type.Object({ telefone: text(MAX.phone), placa: text(MAX.plate) }) }),
    },
    async (request) => {
      const b = request.body;
      if (!b.telefone.trim()) throw badRequest("Por favor, informe o número de telefone.");
      const phone = normalizePhone(b.telefone);
      if (!phone) throw badRequest("Número de telefone inválido. Use DDD e número, por exemplo (81) 99999-9999.");
      const plate = normalizePlate(b.placa);
      if (!plateFormat(plate)) throw badRequest("Placa inválida.");
      await db.insert(invitations).values({ servicePointId: request.auth.servicePointId, userId: request.auth.userId, phone, plate });
      return { message: "Convite enviado com sucesso!" };
    },
  );
}
