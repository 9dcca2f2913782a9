// The point's side of the member follow link (issue 39): make an order's link (the token shown once), read its state, revoke
// it; own orders only (server only).
import type { FastifyInstance } from "fastify";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { schemaOf } from "../../contract/route.ts";
import * as C from "../../contract/acompanhamento.ts";
import { conflict, notFound } from "../lib/http-errors.ts";
import { lockOwnAppointment, ownAppointment } from "../plugins/tenant.ts";
import * as links from "../repositories/follow-links.ts";
import { followMessage, linkIsLive, linkValidUntil, newFollowToken, whatsAppNumber } from "../services/follow-links.ts";
import type { RouteDeps } from "./deps.ts";

export const FOLLOW_LINK_MESSAGES = {
  created: "Link de acompanhamento criado.",
  revoked: "Link de acompanhamento revogado.",
  cancelled: "Este agendamento foi cancelado: não há serviço para acompanhar.",
  over: "O prazo de acompanhamento desta OS terminou (30 dias após a conclusão).",
  noLink: "Esta OS não tem link de acompanhamento ativo.",
} as const;

export async function followLinksRoutes(plain: FastifyInstance, { db, clock }: RouteDeps) {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();

  // Under the order's row lock: the old link's revocation and the new one land together, and a parallel call waits for it
  // (the partial unique index on live links is the last word).
  app.post(C.createFollowLink.url, { schema: schemaOf(C.createFollowLink) }, async (request) => {
    const now = clock();
    const made = await db.transaction(async (tx) => {
      const appt = await lockOwnAppointment(tx, request, request.params.id);
      if (appt.status === "E") throw conflict(FOLLOW_LINK_MESSAGES.cancelled);
      const until = linkValidUntil({ status: appt.status, finishedAt: await links.orderFinishedAt(tx, appt.id) });
      if (until && now >= until) throw conflict(FOLLOW_LINK_MESSAGES.over);
      await links.revokeLiveLink(tx, appt.id, now);
      const { token, tokenHash } = newFollowToken();
      const link = await links.insertLink(tx, { appointmentId: appt.id, tokenHash, createdBy: request.auth.userId, createdAt: now });
      return { token, link, appointmentId: appt.id };
    });
    const order = (await links.memberOrder(db, made.appointmentId))!;
    return {
      success: true as const,
      message: FOLLOW_LINK_MESSAGES.created,
      token: made.token,
      caminho: `/acompanhar#${made.token}`,
      mensagem: followMessage(order.memberName, order.vehicle.plate, order.point.tradeName),
      telefoneWhatsApp: whatsAppNumber(order.memberPhone),
      criadoEm: made.link.createdAt.toISOString(),
    };
  });

  app.get(C.followLinkState.url, { schema: schemaOf(C.followLinkState) }, async (request) => {
    const appt = await ownAppointment(db, request, request.params.id);
    const [latest, order] = await Promise.all([links.latestLink(db, appt.id), links.memberOrder(db, appt.id)]);
    const until = linkValidUntil({ status: appt.status, finishedAt: order?.finishedAt ?? null });
    return {
      ativo: latest ? linkIsLive(latest, clock()) : false,
      criadoEm: latest?.link.createdAt.toISOString() ?? null,
      validoAte: until?.toISOString() ?? null,
      revogadoEm: latest?.link.revokedAt?.toISOString() ?? null,
      telefoneSocio: order?.memberPhone ?? null,
    };
  });

  app.delete(C.revokeFollowLink.url, { schema: schemaOf(C.revokeFollowLink) }, async (request) => {
    const appt = await ownAppointment(db, request, request.params.id);
    const revoked = await links.revokeLiveLink(db, appt.id, clock());
    if (revoked === 0) throw notFound(FOLLOW_LINK_MESSAGES.noLink);
    return { message: FOLLOW_LINK_MESSAGES.revoked };
  });
}
