// The vehicle inspection (vistoria, issue 53): its kinds, the item statuses and fuel levels, the checklist a vehicle type gets,
// the rules a finished inspection must meet, and the canonical text of its content that the evidence chain hashes (pure;
// server, UI and tests share one definition, so both ends hash the same bytes).

/** Check-in (on arrival) and check-out (at the finish). */
export const INSPECTION_KINDS = ["entrada", "saida"] as const;
export type InspectionKind = (typeof INSPECTION_KINDS)[number];

/** OK / Atenção / Crítico. */
export const ITEM_STATUSES = ["ok", "atencao", "critico"] as const;
export type ItemStatus = (typeof ITEM_STATUSES)[number];

/** The fuel gauge as an attendant reads it: empty, a quarter, half, three quarters, full. */
export const FUEL_LEVELS = ["E", "1/4", "1/2", "3/4", "F"] as const;
export type FuelLevel = (typeof FUEL_LEVELS)[number];

/** The checklists the program keeps: one per kind of vehicle. */
export const CHECKLIST_TYPES = ["carro", "suv", "moto"] as const;
export type ChecklistType = (typeof CHECKLIST_TYPES)[number];

/** The sides of the vehicle outline a damage mark is placed on. */
export const OUTLINE_VIEWS = ["topo", "esquerda", "direita", "frente", "traseira"] as const;
export type OutlineView = (typeof OUTLINE_VIEWS)[number];

/** Free items the attendant adds beside the program's list: their keys start with this. */
export const FREE_ITEM_PREFIX = "livre-";
/** At most this many free items and damage marks per inspection (a screen an attendant fills in, not a database). */
export const MAX_FREE_ITEMS = 20;
export const MAX_MARKS = 40;
/** Photos per item or mark. */
export const MAX_PHOTOS_PER_ENTRY = 6;
/** A km reading above this is a typo (the odometer's six digits). */
export const MAX_KM = 999_999;

/**
 * The checklist a vehicle gets from its type as the program records it (vehicles.vehicle_type: PASSEIO, CAMINHONETE, SUV,
 * MOTO …): motorcycles theirs, SUVs theirs, every other vehicle the car's.
 */
export function checklistTypeOf(vehicleType: string | null | undefined): ChecklistType {
  const t = (vehicleType ?? "").trim().toUpperCase();
  if (t.startsWith("MOTO")) return "moto";
  if (t === "SUV") return "suv";
  return "carro";
}

/** One line of the program's checklist. */
export interface ChecklistItem {
  key: string;
  label: string;
}

const CAR_ITEMS: ChecklistItem[] = [
  { key: "pneus", label: "Pneus" },
  { key: "luzes", label: "Luzes" },
  { key: "vidros", label: "Para-brisa e vidros" },
  { key: "lataria", label: "Lataria e pintura" },
  { key: "interior", label: "Interior" },
  { key: "fluidos", label: "Fluidos" },
  { key: "bateria", label: "Bateria" },
  { key: "freios", label: "Freios (visual)" },
];

/**
 * The program's lists as first installed (migration 0018 writes them; the central edits them afterwards): the items
 * for cars and SUVs (an SUV's spare tyre and roof rack too), a motorcycle's own.
 */
export const DEFAULT_CHECKLISTS: Record<ChecklistType, ChecklistItem[]> = {
  carro: CAR_ITEMS,
  suv: [...CAR_ITEMS, { key: "estepe", label: "Estepe" }, { key: "rack", label: "Rack e bagageiro" }],
  moto: [
    { key: "pneus", label: "Pneus" },
    { key: "luzes", label: "Luzes e setas" },
    { key: "carenagem", label: "Carenagem e pintura" },
    { key: "retrovisores", label: "Retrovisores" },
    { key: "banco", label: "Banco" },
    { key: "fluidos", label: "Fluidos" },
    { key: "bateria", label: "Bateria" },
    { key: "freios", label: "Freios (visual)" },
    { key: "corrente", label: "Corrente e transmissão" },
  ],
};

/** An item as the inspection holds it. */
export interface InspectionItemState {
  key: string;
  label: string;
  status: ItemStatus | null;
  note: string;
  /** Stored file names of its photos. */
  photos: string[];
}

export interface InspectionMarkState {
  /** 1, 2, 3 … as shown on the outline. */
  number: number;
  view: OutlineView;
  /** Position on the view, 0..1 from the left and from the top. */
  x: number;
  y: number;
  note: string;
  photos: string[];
}

/** What a finished inspection is: the content the evidence chain commits to. */
export interface InspectionContent {
  /** The order (appointment) id. */
  ordem: string;
  tipo: InspectionKind;
  /** The checklist used (carro, suv, moto). */
  modelo: ChecklistType;
  km: number | null;
  /** What the reader proposed for the km (null: it read nothing or was not asked). */
  kmLido: number | null;
  combustivel: FuelLevel | null;
  /** The dashboard photo's stored name, or "". */
  fotoPainel: string;
  itens: { chave: string; rotulo: string; status: ItemStatus | null; observacao: string; fotos: string[] }[];
  marcas: { numero: number; vista: OutlineView; x: number; y: number; observacao: string; fotos: string[] }[];
  /** Who finished it (point user id) and when (ISO 8601, UTC, milliseconds). */
  concluidaPor: string;
  concluidaEm: string;
}

/** Why an inspection cannot be finished yet, in the order a screen lists them. */
export type InspectionGap =
  | { kind: "sem-status"; key: string; label: string }
  | { kind: "sem-foto"; key: string; label: string }
  | { kind: "sem-km" }
  | { kind: "sem-combustivel" };

/**
 * What still blocks finishing: every item needs a status, an Atenção or Crítico item a photo; the km and the fuel level are
 * required on both inspections (the entry's km and the exit's are what the member compares).
 */
export function inspectionGaps(input: {
  items: Pick<InspectionItemState, "key" | "label" | "status" | "photos">[];
  km: number | null;
  fuel: FuelLevel | null;
}): InspectionGap[] {
  const gaps: InspectionGap[] = [];
  for (const item of input.items) {
    if (item.status === null) gaps.push({ kind: "sem-status", key: item.key, label: item.label });
    else if (item.status !== "ok" && item.photos.length === 0) gaps.push({ kind: "sem-foto", key: item.key, label: item.label });
  }
  if (input.km === null) gaps.push({ kind: "sem-km" });
  if (input.fuel === null) gaps.push({ kind: "sem-combustivel" });
  return gaps;
}

/**
 * The exact bytes an inspection's chain entry hashes: its content as JSON with keys in a fixed order, items by key, marks by
 * number, photos in the order they were added. Stored as the entry's file (vistoria-<kind>-<order>.json), so the verifier
 * hashes it like any other file.
 */
export function inspectionContentText(c: InspectionContent): string {
  const items = [...c.itens]
    .sort((a, b) => (a.chave < b.chave ? -1 : a.chave > b.chave ? 1 : 0))
    .map((i) => ({ chave: i.chave, rotulo: i.rotulo, status: i.status, observacao: i.observacao, fotos: [...i.fotos] }));
  const marks = [...c.marcas]
    .sort((a, b) => a.numero - b.numero)
    .map((m) => ({ numero: m.numero, vista: m.vista, x: m.x, y: m.y, observacao: m.observacao, fotos: [...m.fotos] }));
  return JSON.stringify({
    versao: "vistoria-v1",
    ordem: c.ordem,
    tipo: c.tipo,
    modelo: c.modelo,
    km: c.km,
    kmLido: c.kmLido,
    combustivel: c.combustivel,
    fotoPainel: c.fotoPainel,
    itens: items,
    marcas: marks,
    concluidaPor: c.concluidaPor,
    concluidaEm: c.concluidaEm,
  });
}

/** A km as typed ("45.210", "45210 km"): the digits, or null when there are none or too many. */
export function parseKm(text: string): number | null {
  const digits = text.replace(/\D/g, "");
  if (!digits || digits.length > 6) return null;
  const km = Number(digits);
  return km <= MAX_KM ? km : null;
}
