// The inspection's pure rules (issue 53): which checklist a vehicle type gets, what blocks a conclusion, the canonical text the
// evidence chain hashes (order-independent, every field in it), km as typed, and the contract's lists and the migration's
// checklists held to the domain's.
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import {
  checklistTypeOf,
  CHECKLIST_TYPES,
  DEFAULT_CHECKLISTS,
  FUEL_LEVELS,
  INSPECTION_KINDS,
  inspectionContentText,
  inspectionGaps,
  ITEM_STATUSES,
  MAX_KM,
  OUTLINE_VIEWS,
  parseKm,
  type InspectionContent,
} from "../../src/domain/inspection";
import * as C from "../../contract/vistorias";

describe("inspection rules", () => {
  it("gives motorcycles and SUVs their own checklist, every other vehicle the car's", () => {
    expect(checklistTypeOf("MOTO")).toBe("moto");
    expect(checklistTypeOf("Motocicleta")).toBe("moto");
    expect(checklistTypeOf("SUV")).toBe("suv");
    expect(checklistTypeOf("PASSEIO")).toBe("carro");
    expect(checklistTypeOf("CAMINHONETE")).toBe("carro");
    expect(checklistTypeOf(null)).toBe("carro");
  });

  it("names every item without a status, an Atenção or Crítico item without a photo, and a missing km or fuel level", () => {
    const gaps = inspectionGaps({
      items: [
        { key: "pneus", label: "Pneus", status: "ok", photos: [] },
        { key: "luzes", label: "Luzes", status: null, photos: [] },
        { key: "lataria", label: "Lataria e pintura", status: "atencao", photos: [] },
        { key: "vidros", label: "Para-brisa e vidros", status: "critico", photos: ["a.jpg"] },
      ],
      km: null,
      fuel: null,
    });
    expect(gaps).toEqual([
      { kind: "sem-status", key: "luzes", label: "Luzes" },
      { kind: "sem-foto", key: "lataria", label: "Lataria e pintura" },
      { kind: "sem-km" },
      { kind: "sem-combustivel" },
    ]);
    expect(inspectionGaps({ items: [{ key: "pneus", label: "Pneus", status: "ok", photos: [] }], km: 0, fuel: "E" })).toEqual([]);
  });

  it("hashes the same text whatever order the items and marks arrived in, and a different one for any changed field", () => {
    const base: InspectionContent = {
      ordem: "o1",
      tipo: "entrada",
      modelo: "carro",
      km: 45210,
      kmLido: 45210,
      combustivel: "1/2",
      fotoPainel: "p.jpg",
      itens: [
        { chave: "pneus", rotulo: "Pneus", status: "ok", observacao: "", fotos: [] },
        { chave: "lataria", rotulo: "Lataria e pintura", status: "atencao", observacao: "risco", fotos: ["a.jpg", "b.jpg"] },
      ],
      marcas: [
        { numero: 2, vista: "esquerda", x: 0.5, y: 0.25, observacao: "", fotos: ["c.jpg"] },
        { numero: 1, vista: "topo", x: 0.1, y: 0.9, observacao: "amassado", fotos: [] },
      ],
      concluidaPor: "u1",
      concluidaEm: "2026-12-07T12:00:00.000Z",
    };
    const text = inspectionContentText(base);
    expect(inspectionContentText({ ...base, itens: [...base.itens].reverse(), marcas: [...base.marcas].reverse() })).toBe(text);
    expect(JSON.parse(text)).toMatchObject({ versao: "vistoria-v1", km: 45210, itens: [{ chave: "lataria" }, { chave: "pneus" }] });
    const changed: Partial<InspectionContent>[] = [
      { km: 45211 },
      { combustivel: "3/4" },
      { fotoPainel: "" },
      { itens: [{ ...base.itens[0], status: "atencao" }, base.itens[1]] },
      { itens: [base.itens[0], { ...base.itens[1], fotos: ["b.jpg", "a.jpg"] }] },
      { marcas: [base.marcas[0], { ...base.marcas[1], x: 0.11 }] },
      { concluidaEm: "2026-12-07T12:00:00.001Z" },
    ];
    for (const c of changed) expect(inspectionContentText({ ...base, ...c })).not.toBe(text);
  });

  it("reads a km as typed, refusing more than the odometer's six digits", () => {
    expect(parseKm("45.210")).toBe(45210);
    expect(parseKm("45210 km")).toBe(45210);
    expect(parseKm("0")).toBe(0);
    expect(parseKm("")).toBeNull();
    expect(parseKm("1.000.000")).toBeNull();
  });

  it("the contract's lists are the domain's", () => {
    expect(C.INSPECTION_KINDS).toEqual(INSPECTION_KINDS);
    expect(C.ITEM_STATUSES).toEqual(ITEM_STATUSES);
    expect(C.FUEL_LEVELS).toEqual(FUEL_LEVELS);
    expect(C.CHECKLIST_TYPES).toEqual(CHECKLIST_TYPES);
    expect(C.OUTLINE_VIEWS).toEqual(OUTLINE_VIEWS);
    expect(C.MAX_KM).toBe(MAX_KM);
  });

  it("the migration installs the domain's default checklists, item by item in order", () => {
    const sql = fs.readFileSync(new URL("../../server/db/migrations/0018_inspections.sql", import.meta.url), "utf8");
    const rows = [...sql.matchAll(/\('(carro|suv|moto)', '([^']+)', '([^']+)', (\d+)\)/g)].map((m) => ({
      checklist: m[1],
      key: m[2],
      label: m[3],
      position: Number(m[4]),
    }));
    for (const type of CHECKLIST_TYPES) {
      const installed = rows.filter((r) => r.checklist === type).sort((a, b) => a.position - b.position);
      expect(installed.map((r) => ({ key: r.key, label: r.label }))).toEqual(DEFAULT_CHECKLISTS[type]);
    }
  });
});
