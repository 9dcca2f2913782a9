// Vehicle inspections (issue 53): an order's check-in and check-out, written item by item (each call idempotent, so the
// outbox can replay it after a cut), every photo chained as the order's evidence, and the conclusion that stores the
// inspection's content as a file and chains it too. Every write runs under the order's row lock, then the inspection's
// (server only).
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { badRequest, conflict, notFound } from "../lib/http-errors.ts";
import { schemaOf } from "../../contract/route.ts";
import * as C from "../../contract/vistorias.ts";
import type { Db } from "../db/client.ts";
import { actingUser, lockOwnAppointment, NOT_FOUND, ownAppointment } from "../plugins/tenant.ts";
import * as repo from "../repositories/inspections.ts";
import { pointFileByName } from "../repositories/stored-files.ts";
import { storeJsonEvidence } from "../services/json-evidence.ts";
import { appendEvidence } from "../services/evidence-chain.ts";
import {
  checklistTypeOf,
  FREE_ITEM_PREFIX,
  inspectionContentText,
  inspectionGaps,
  MAX_FREE_ITEMS,
  MAX_MARKS,
  MAX_PHOTOS_PER_ENTRY,
  type ChecklistType,
  type FuelLevel,
  type InspectionKind,
} from "../../src/domain/inspection.ts";
import { INSPECTION_MESSAGES as M } from "../lib/inspection-messages.ts";
import type { RouteDeps } from "./deps.ts";

interface WriteBody {
  idSocioVeiculoAgenda: string;
  tipo: InspectionKind;
  idPontoAtendimentoUsuario?: string;
}

export async function vistoriasRoutes(plain: FastifyInstance, { db, clock, storage }: RouteDeps) {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();

  /**
   * The inspection a write goes to, under the order's lock then the inspection's: the order this point's and still open
   * (not cancelled, not finished), the attendant this point's, the inspection begun if it was not, and not concluded. On a
   * closed order or a concluded inspection, a call that would change nothing (`unchanged`: the outbox replaying a write
   * whose answer was lost) answers null, to be told as done; any change is refused (409).
   */
  async function writable(tx: Db, request: FastifyRequest, b: WriteBody, unchanged?: (inspection: repo.InspectionRow) => Promise<boolean>) {
    const appt = await lockOwnAppointment(tx, request, b.idSocioVeiculoAgenda);
    const userId = await actingUser(tx, request, b.idPontoAtendimentoUsuario);
    const current = await repo.inspectionRowOf(tx, appt.id, b.tipo);
    if (appt.status !== "A" || current?.completedAt) {
      if (current && unchanged && (await unchanged(current))) return null;
      if (appt.status !== "A") throw conflict(appt.status === "C" ? M.orderFinished : M.orderCancelled);
      throw conflict(M.concluded);
    }
    const inspection =
      current ??
      (await repo.beginInspection(tx, {
        appointmentId: appt.id,
        kind: b.tipo,
        checklist: checklistTypeOf(await repo.vehicleTypeOf(tx, appt.id)),
        createdBy: userId,
      }));
    return { appt, inspection, userId };
  }

  /** The label of one of the program's items, or undefined when the key is not on the inspection's checklist. */
  async function programLabel(tx: Db, checklist: string, key: string) {
    const items = await repo.checklistItems(tx, checklist as ChecklistType);
    return items.find((i) => i.key === key)?.label;
  }

  app.get(C.getInspections.url, { schema: schemaOf(C.getInspections) }, async (request) => {
    const appt = await ownAppointment(db, request, request.params.id);
    const modelo = checklistTypeOf(await repo.vehicleTypeOf(db, appt.id));
    const [items, views] = await Promise.all([repo.checklistItems(db, modelo), repo.inspectionsOf(db, appt.id)]);
    return {
      modelo,
      itensModelo: items.map((i) => ({ chave: i.key, rotulo: i.label })),
      entrada: views.find((v) => v.tipo === "entrada") ?? null,
      saida: views.find((v) => v.tipo === "saida") ?? null,
    };
  });

  app.post(C.setInspectionItem.url, { schema: schemaOf(C.setInspectionItem) }, async (request) => {
    const b = request.body;
    await db.transaction(async (tx) => {
      const target = await writable(tx, request, b, async (i) => {
        const item = await repo.itemOf(tx, i.id, b.chave);
        return Boolean(
          item &&
          (b.status === undefined || item.status === b.status) &&
          (b.observacao === undefined || item.note === b.observacao.trim()) &&
          (!b.rotulo || !b.chave.startsWith(FREE_ITEM_PREFIX) || item.label === b.rotulo.trim()),
        );
      });
      if (!target) return;
      const { inspection } = target;
      const existing = await repo.itemOf(tx, inspection.id, b.chave);
      let label = existing?.label ?? (await programLabel(tx, inspection.checklist, b.chave));
      if (label === undefined) {
        // Not on the checklist: the attendant's own item, which names itself.
        if (!b.chave.startsWith(FREE_ITEM_PREFIX) || !b.rotulo) throw badRequest(M.unknownItem);
        if ((await repo.freeItemCount(tx, inspection.id, FREE_ITEM_PREFIX)) >= MAX_FREE_ITEMS) throw badRequest(M.tooManyFreeItems);
        label = b.rotulo.trim();
      } else if (b.rotulo && b.chave.startsWith(FREE_ITEM_PREFIX)) label = b.rotulo.trim();
      await repo.upsertItem(tx, {
        inspectionId: inspection.id,
        key: b.chave,
        label,
        status: b.status,
        note: b.observacao?.trim(),
        now: clock(),
      });
    });
    return { message: M.itemSaved };
  });

  app.post(C.setInspectionMark.url, { schema: schemaOf(C.setInspectionMark) }, async (request) => {
    const b = request.body;
    // Kept to the column's four decimals, so a replay compares equal to what was stored.
    const x = Math.round(b.x * 10_000) / 10_000;
    const y = Math.round(b.y * 10_000) / 10_000;
    const numero = await db.transaction(async (tx) => {
      const target = await writable(tx, request, b, async (i) => {
        const m = await repo.markOf(tx, b.idMarca);
        return Boolean(
          m &&
          m.inspectionId === i.id &&
          m.view === b.vista &&
          m.x === x &&
          m.y === y &&
          (b.observacao === undefined || m.note === b.observacao.trim()),
        );
      });
      if (!target) return (await repo.markOf(tx, b.idMarca))!.number;
      const { inspection } = target;
      const mark = await repo.markOf(tx, b.idMarca);
      if (mark) {
        // Another inspection's mark id (a forged or mistaken one) is not this one's to move.
        if (mark.inspectionId !== inspection.id) throw conflict(M.markElsewhere);
        await repo.updateMark(tx, mark.id, { view: b.vista, x, y, note: b.observacao?.trim() });
        return mark.number;
      }
      if ((await repo.markCount(tx, inspection.id)) >= MAX_MARKS) throw badRequest(M.tooManyMarks);
      return repo.insertMark(tx, {
        id: b.idMarca,
        inspectionId: inspection.id,
        view: b.vista,
        x,
        y,
        note: b.observacao?.trim() ?? "",
      });
    });
    return { message: M.markSaved, numero };
  });

  app.post(C.removeInspectionMark.url, { schema: schemaOf(C.removeInspectionMark) }, async (request) => {
    const b = request.body;
    await db.transaction(async (tx) => {
      const target = await writable(tx, request, b, async (i) => (await repo.markOf(tx, b.idMarca))?.inspectionId !== i.id);
      if (target) await repo.deleteMark(tx, target.inspection.id, b.idMarca);
    });
    return { message: M.markRemoved };
  });

  app.post(C.attachInspectionPhoto.url, { schema: schemaOf(C.attachInspectionPhoto) }, async (request) => {
    const b = request.body;
    const targets = [b.chave !== undefined, b.idMarca !== undefined, b.painel === true].filter(Boolean).length;
    if (targets !== 1) throw badRequest(M.photoTarget);
    await db.transaction(async (tx) => {
      const file = await pointFileByName(tx, b.foto, request.auth.servicePointId);
      if (!file) throw notFound(NOT_FOUND.file);
      const target = await writable(tx, request, b, async (i) =>
        b.painel ? i.dashboardPhoto === file.storedName : repo.isAttached(tx, i.id, file.id),
      );
      if (!target) return;
      const { appt, inspection } = target;
      if (!file.mimeType.startsWith("image/")) throw badRequest(M.notAPhoto);
      if (b.painel) {
        await repo.setDashboardPhoto(tx, inspection.id, file.storedName);
      } else if (b.idMarca !== undefined) {
        const mark = await repo.markOf(tx, b.idMarca);
        if (!mark || mark.inspectionId !== inspection.id) throw badRequest(M.noSuchMark);
        if ((await repo.photoCount(tx, inspection.id, { markId: mark.id })) >= MAX_PHOTOS_PER_ENTRY) throw badRequest(M.tooManyPhotos);
        await repo.attachPhoto(tx, { inspectionId: inspection.id, storedFileId: file.id, markId: mark.id });
      } else {
        const key = b.chave!;
        const existing = await repo.itemOf(tx, inspection.id, key);
        const label = existing?.label ?? (await programLabel(tx, inspection.checklist, key));
        if (label === undefined) throw badRequest(M.unknownItem);
        if ((await repo.photoCount(tx, inspection.id, { itemKey: key })) >= MAX_PHOTOS_PER_ENTRY) throw badRequest(M.tooManyPhotos);
        // A photo may arrive before the item's status (the outbox sends what is ready): the item exists from then on.
        if (!existing) await repo.upsertItem(tx, { inspectionId: inspection.id, key, label, now: clock() });
        await repo.attachPhoto(tx, { inspectionId: inspection.id, storedFileId: file.id, itemKey: key });
      }
      await appendEvidence(tx, { appointmentId: appt.id, storedName: file.storedName, kind: "foto-vistoria" });
    });
    return { message: M.photoSaved };
  });

  app.post(C.setInspectionOdometer.url, { schema: schemaOf(C.setInspectionOdometer) }, async (request) => {
    const b = request.body;
    await db.transaction(async (tx) => {
      const target = await writable(
        tx,
        request,
        b,
        async (i) =>
          (b.km === undefined || i.km === b.km) &&
          (b.kmLido === undefined || i.kmRead === b.kmLido) &&
          (b.combustivel === undefined || i.fuel === b.combustivel),
      );
      if (target) await repo.setOdometer(tx, target.inspection.id, { km: b.km, kmRead: b.kmLido, fuel: b.combustivel });
    });
    return { message: M.odometerSaved };
  });

  app.post(C.concludeInspection.url, { schema: schemaOf(C.concludeInspection) }, async (request) => {
    const b = request.body;
    await db.transaction(async (tx) => {
      // A replayed conclusion (the outbox after a cut) finds it done: nothing more.
      const target = await writable(tx, request, b, async (i) => i.completedAt !== null);
      if (!target) return;
      const { appt, inspection, userId } = target;
      const current = (await repo.inspectionsOf(tx, appt.id)).find((v) => v.tipo === b.tipo);
      const program = await repo.checklistItems(tx, inspection.checklist as ChecklistType);
      const written = current?.itens ?? [];
      // Every item of the program's list counts, written or not; the attendant's own items too.
      const items = [
        ...program.map((p) => {
          const w = written.find((i) => i.chave === p.key);
          return { key: p.key, label: w?.rotulo ?? p.label, status: w?.status ?? null, photos: w?.fotos ?? [], note: w?.observacao ?? "" };
        }),
        ...written
          .filter((w) => !program.some((p) => p.key === w.chave))
          .map((w) => ({ key: w.chave, label: w.rotulo, status: w.status, photos: w.fotos, note: w.observacao })),
      ];
      const gaps = inspectionGaps({ items, km: inspection.km, fuel: inspection.fuel as FuelLevel | null });
      if (gaps.length) throw badRequest(M.gaps(gaps));
      const now = clock();
      const text = inspectionContentText({
        ordem: appt.id,
        tipo: b.tipo,
        modelo: inspection.checklist as ChecklistType,
        km: inspection.km,
        kmLido: inspection.kmRead,
        combustivel: inspection.fuel as FuelLevel | null,
        fotoPainel: inspection.dashboardPhoto ?? "",
        itens: items.map((i) => ({ chave: i.key, rotulo: i.label, status: i.status, observacao: i.note, fotos: i.photos })),
        marcas: (current?.marcas ?? []).map((m) => ({
          numero: m.numero,
          vista: m.vista,
          x: m.x,
          y: m.y,
          observacao: m.observacao,
          fotos: m.fotos,
        })),
        concluidaPor: userId,
        concluidaEm: now.toISOString(),
      });
      // The content as a file of the point's, so the chain entry and the verifier treat it like any other evidence.
      const file = await storeJsonEvidence(tx, storage, {
        servicePointId: appt.servicePointId,
        originalName: `vistoria-${b.tipo}-os-${appt.osNumber}.json`,
        text,
        uploadedBy: userId,
      });
      await repo.markConcluded(tx, inspection.id, { by: userId, at: now, contentFileId: file.id });
      await appendEvidence(tx, { appointmentId: appt.id, storedName: file.storedName, kind: "vistoria" });
    });
    return { message: M.concludedNow };
  });
}
