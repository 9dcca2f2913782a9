// The vehicle inspection routes (issue 53): an order's check-in and check-out inspection (items with a status, note and
// photos, damage marks on the vehicle's outline, km and fuel), each write idempotent so the outbox can replay it, and the
// conclusion that chains the inspection's content into the order's evidence (schemas shared by server and client; the client
// imports types only).
import { Type, type Static } from "typebox";
import { int, intOrNull, list, MAX, Message, nonBlank, obj, oneOf, oneOfOrNull, params, str, strOrNull, text, uuid } from "./fields.ts";
import { defineRoute } from "./route.ts";

// The domain's lists (src/domain/inspection.ts), written again here: the contract imports nothing outside contract/, and
// tests/unit/inspection.test.ts holds the two to each other.
export const INSPECTION_KINDS = ["entrada", "saida"] as const;
export const ITEM_STATUSES = ["ok", "atencao", "critico"] as const;
export const FUEL_LEVELS = ["E", "1/4", "1/2", "3/4", "F"] as const;
export const CHECKLIST_TYPES = ["carro", "suv", "moto"] as const;
export const OUTLINE_VIEWS = ["topo", "esquerda", "direita", "frente", "traseira"] as const;
export const MAX_KM = 999_999;

export const ChecklistLine = obj({ chave: str(), rotulo: str() });

export const InspectionItem = obj({
  chave: str("the program's item key, or livre-<id> for the attendant's own"),
  rotulo: str(),
  status: oneOfOrNull(ITEM_STATUSES, "ok, atencao, critico; null: not checked yet"),
  observacao: str(),
  fotos: list(str("stored file name")),
});

export const InspectionMark = obj({
  idMarca: str("the phone's id of the mark"),
  numero: int("1, 2, 3 … as drawn on the outline"),
  vista: oneOf(OUTLINE_VIEWS),
  x: Type.Number({ description: "0..1 from the view's left edge" }),
  y: Type.Number({ description: "0..1 from the view's top edge" }),
  observacao: str(),
  fotos: list(str("stored file name")),
});

export const Inspection = obj({
  IdVistoria: str(),
  tipo: oneOf(INSPECTION_KINDS),
  modelo: oneOf(CHECKLIST_TYPES, "the checklist used"),
  km: intOrNull(),
  kmLido: intOrNull("what the reader proposed from the dashboard photo"),
  combustivel: oneOfOrNull(FUEL_LEVELS),
  fotoPainel: strOrNull("the dashboard photo's stored name"),
  criadaEm: str("ISO 8601"),
  concluidaEm: strOrNull("ISO 8601; a concluded inspection no longer changes"),
  concluidaPor: strOrNull("the attendant's name"),
  confirmadaPor: strOrNull("the name the member typed when acknowledging it on the follow link"),
  confirmadaEm: strOrNull("ISO 8601"),
  itens: list(InspectionItem),
  marcas: list(InspectionMark),
});
export type InspectionView = Static<typeof Inspection>;

const kindField = { tipo: oneOf(INSPECTION_KINDS) };
const order = { idSocioVeiculoAgenda: uuid };
/** The acting attendant, when not the token's user. */
const actor = { idPontoAtendimentoUsuario: Type.Optional(uuid) };

const writeErrors = {
  404: "another point's order, an attendant not of this point, or a file this point did not upload",
  409: "the order is cancelled or finished, or this inspection was concluded",
} as const;

export const getInspections = defineRoute({
  method: "GET",
  url: "/vistorias/:id",
  summary: "The order's check-in and check-out inspections (null until begun) and the checklist its vehicle gets.",
  access: "point",
  params: params("id"),
  response: {
    200: obj({
      modelo: oneOf(CHECKLIST_TYPES),
      itensModelo: list(ChecklistLine),
      entrada: Type.Union([Inspection, Type.Null()]),
      saida: Type.Union([Inspection, Type.Null()]),
    }),
  },
  errors: { 404: "not found, or another point's order" },
});

export const setInspectionItem = defineRoute({
  method: "POST",
  url: "/vistorias/item",
  summary:
    "Sets an item's status and note (the inspection begins with its first write). A free item needs its rotulo; the same call again changes nothing more.",
  access: "point",
  body: Type.Object({
    ...order,
    ...kindField,
    ...actor,
    chave: nonBlank(60),
    rotulo: Type.Optional(nonBlank(80)),
    status: Type.Optional(Type.Unsafe<(typeof ITEM_STATUSES)[number] | null>({ type: ["string", "null"], enum: [...ITEM_STATUSES, null] })),
    observacao: Type.Optional(text(MAX.reason)),
  }),
  response: { 200: Message },
  errors: { ...writeErrors, 400: "an item outside the checklist without a rotulo, or too many free items" },
});

export const setInspectionMark = defineRoute({
  method: "POST",
  url: "/vistorias/marca",
  summary: "Places (or moves) a damage mark on the outline; the server numbers it. The same idMarca again updates that mark.",
  access: "point",
  body: Type.Object({
    ...order,
    ...kindField,
    ...actor,
    idMarca: uuid,
    vista: oneOf(OUTLINE_VIEWS),
    x: Type.Number({ minimum: 0, maximum: 1 }),
    y: Type.Number({ minimum: 0, maximum: 1 }),
    observacao: Type.Optional(text(MAX.reason)),
  }),
  response: { 200: obj({ success: Type.Optional(Type.Boolean()), message: str(), numero: int() }) },
  errors: { ...writeErrors, 400: "too many marks" },
});

export const removeInspectionMark = defineRoute({
  method: "POST",
  url: "/vistorias/remover-marca",
  summary: "Takes a mark (and its photos) off an inspection not concluded; a mark already gone is not an error.",
  access: "point",
  body: Type.Object({ ...order, ...kindField, ...actor, idMarca: uuid }),
  response: { 200: Message },
  errors: writeErrors,
});

export const attachInspectionPhoto = defineRoute({
  method: "POST",
  url: "/vistorias/foto",
  summary:
    "Attaches an uploaded photo to an item, a mark or (painel) the dashboard; chained as the order's evidence. The same file twice is attached once.",
  access: "point",
  body: Type.Object({
    ...order,
    ...kindField,
    ...actor,
    foto: nonBlank(MAX.file),
    chave: Type.Optional(nonBlank(60)),
    idMarca: Type.Optional(uuid),
    painel: Type.Optional(Type.Boolean()),
  }),
  response: { 200: Message },
  errors: { ...writeErrors, 400: "not exactly one of chave, idMarca and painel, or too many photos" },
});

export const setInspectionOdometer = defineRoute({
  method: "POST",
  url: "/vistorias/hodometro",
  summary: "Records the km the attendant confirmed (beside what the reader proposed) and the fuel level.",
  access: "point",
  body: Type.Object({
    ...order,
    ...kindField,
    ...actor,
    km: Type.Optional(Type.Unsafe<number | null>({ type: ["integer", "null"], minimum: 0, maximum: MAX_KM })),
    kmLido: Type.Optional(Type.Unsafe<number | null>({ type: ["integer", "null"], minimum: 0, maximum: MAX_KM })),
    combustivel: Type.Optional(
      Type.Unsafe<(typeof FUEL_LEVELS)[number] | null>({ type: ["string", "null"], enum: [...FUEL_LEVELS, null] }),
    ),
  }),
  response: { 200: Message },
  errors: writeErrors,
});

export const concludeInspection = defineRoute({
  method: "POST",
  url: "/vistorias/concluir",
  summary:
    "Concludes the inspection: every item checked, an Atenção or Crítico item with a photo, km and fuel given; its content is hashed into the order's evidence chain. Again: nothing more.",
  access: "point",
  body: Type.Object({ ...order, ...kindField, ...actor }),
  response: { 200: Message },
  errors: { ...writeErrors, 400: "what is still missing (named in the message)" },
});
