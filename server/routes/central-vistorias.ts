// /central/vistorias/modelos (issue 53): the program's inspection checklists. Any central user reads them; an admin adds,
// renames, reorders and takes items out, under the list's row locks, each change a central_actions row of the item (server
// only).
import type { FastifyInstance } from "fastify";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { RouteDeps } from "./deps.ts";
import { schemaOf } from "../../contract/route.ts";
import * as C from "../../contract/central-vistorias.ts";
import * as repo from "../repositories/inspections.ts";
import { recordCentralActions } from "../repositories/central-actions.ts";
import { requireCentralPermission } from "../lib/central-roles.ts";
import { conflict, notFound } from "../lib/http-errors.ts";
import { CHECKLIST_TYPES, FREE_ITEM_PREFIX, type ChecklistType } from "../../src/domain/inspection.ts";

/** central_actions.entity of a checklist item's change. */
const ENTITY = "inspection_checklist_item";
/** Items per checklist (what an attendant goes through on a phone). */
export const MAX_CHECKLIST_ITEMS = 40;

export const CHECKLIST_MESSAGES = {
  added: (label: string) => `Item "${label}" incluído na lista de vistoria.`,
  saved: (label: string) => `Item "${label}" atualizado.`,
  notFound: "Item não encontrado nesta lista de vistoria.",
  full: `Esta lista de vistoria já tem ${MAX_CHECKLIST_ITEMS} itens.`,
} as const;

/** A key from a label: ASCII letters and digits joined by hyphens ("Para-brisa e vidros" -> "para-brisa-e-vidros"). */
export function keyOfLabel(label: string): string {
  const slug = label
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40)
    .replace(/-+$/, "");
  // Never an attendant's own item's prefix.
  return !slug ? "item" : slug.startsWith(FREE_ITEM_PREFIX) ? `item-${slug}` : slug;
}

const stateText = (i: { label: string; position: number; active: boolean }) =>
  `${i.label} (posição ${i.position}${i.active ? "" : ", fora de uso"})`;

export async function centralVistoriasRoutes(plain: FastifyInstance, { db, clock }: RouteDeps) {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();

  app.get(C.listChecklists.url, { schema: schemaOf(C.listChecklists) }, async () => {
    const rows = await repo.allChecklistItems(db);
    return {
      modelos: CHECKLIST_TYPES.map((modelo) => ({
        modelo,
        itens: rows
          .filter((r) => r.checklist === modelo)
          .map((r) => ({ chave: r.itemKey, rotulo: r.label, posicao: r.position, ativo: r.active })),
      })),
    };
  });

  app.post(C.saveChecklistItem.url, { schema: schemaOf(C.saveChecklistItem) }, async (request) => {
    requireCentralPermission(request, "manage-checklists");
    const b = request.body;
    const modelo = b.modelo as ChecklistType;
    const label = b.rotulo.trim().replace(/\s+/g, " ");
    return db.transaction(async (tx) => {
      const items = await repo.lockChecklist(tx, modelo);
      const at = clock();
      if (b.chave !== undefined) {
        const item = items.find((i) => i.itemKey === b.chave);
        if (!item) throw notFound(CHECKLIST_MESSAGES.notFound);
        const next = { label, position: b.posicao ?? item.position, active: b.ativo ?? item.active };
        await repo.updateChecklistItem(tx, modelo, item.itemKey, next);
        await recordCentralActions(tx, [
          {
            userId: request.central.userId,
            at,
            entity: ENTITY,
            entityId: item.id,
            action: "alterar",
            previous: stateText(item),
            next: stateText(next),
          },
        ]);
        return { success: true as const, message: CHECKLIST_MESSAGES.saved(label), chave: item.itemKey };
      }
      if (items.length >= MAX_CHECKLIST_ITEMS) throw conflict(CHECKLIST_MESSAGES.full);
      const base = keyOfLabel(label);
      let key = base;
      for (let n = 2; items.some((i) => i.itemKey === key); n++) key = `${base}-${n}`;
      const position = b.posicao ?? Math.max(0, ...items.map((i) => i.position)) + 1;
      const row = await repo.insertChecklistItem(tx, { checklist: modelo, itemKey: key, label, position });
      await recordCentralActions(tx, [
        {
          userId: request.central.userId,
          at,
          entity: ENTITY,
          entityId: row.id,
          action: "criar",
          previous: null,
          next: stateText({ label, position, active: true }),
        },
      ]);
      return { success: true as const, message: CHECKLIST_MESSAGES.added(label), chave: key };
    });
  });
}
