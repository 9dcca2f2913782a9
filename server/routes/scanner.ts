// /scanner: plate lookup (member with an open appointment here, member without, or bare false) and WhatsApp invites kept in an outbox (server only).
import type { FastifyInstance } from "fastify";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { badRequest } from "../lib/http-errors.ts";
import { schemaOf } from "../../contract/route.ts";
import * as C from "../../contract/scanner.ts";
import { assertOwnPoint } from "../plugins/tenant.ts";
import { normalizePlate, plateFormat } from "../../src/domain/plate.ts";
import { insertInvitation, vehicleByPlate } from "../repositories/vehicles.ts";
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
  app.get(C.findByPlate.url, { schema: schemaOf(C.findByPlate) }, async (request) => {
    const p = request.params;
    assertOwnPoint(request, p.idPontoAtendimento);
    const plate = normalizePlate(p.placa);
    if (!plateFormat(plate)) return false as const;
    return (await vehicleByPlate(db, request.auth.servicePointId, plate)) ?? (false as const);
  });

  app.post(C.sendInvite.url, { schema: schemaOf(C.sendInvite) }, async (request) => {
    const b = request.body;
    if (!b.telefone.trim()) throw badRequest("Por favor, informe o número de telefone.");
    const phone = normalizePhone(b.telefone);
    if (!phone) throw badRequest("Número de telefone inválido. Use DDD e número, por exemplo (81) 99999-9999.");
    const plate = normalizePlate(b.placa);
    if (!plateFormat(plate)) throw badRequest("Placa inválida.");
    await insertInvitation(db, { servicePointId: request.auth.servicePointId, userId: request.auth.userId, phone, plate });
    return { message: "Convite enviado com sucesso!" };
  });
}
