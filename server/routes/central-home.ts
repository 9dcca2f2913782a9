// /central/inicio: the central's worklist home — approvals waiting and the oldest's age, payouts due by point and total, points
// needing attention by flag — counted in one SQL query at the request's instant (server only).
import type { FastifyInstance } from "fastify";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { schemaOf } from "../../contract/route.ts";
import * as C from "../../contract/central-home.ts";
import { brasiliaToday } from "../lib/dates.ts";
import { homeCounts } from "../repositories/point-attention.ts";
import type { RouteDeps } from "./deps.ts";

export async function centralHomeRoutes(plain: FastifyInstance, { db, clock }: RouteDeps) {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();

  app.get(C.getHome.url, { schema: schemaOf(C.getHome) }, async () => {
    const now = clock();
    return { data: await homeCounts(db, now, brasiliaToday(() => now).date.slice(0, 7)) };
  });
}
