// The program's inspection checklists as the central keeps them (issue 53): the items of each list (carro, suv, moto) with
// their order and whether they are in use; an admin adds, renames, reorders and takes items out (an item taken out stays,
// inactive: inspections that used it keep its label) (schemas shared by server and client; the client imports types only).
import { Type } from "typebox";
import { bool, Done, int, list, obj, oneOf, str } from "./fields.ts";
import { defineRoute } from "./route.ts";
import { CHECKLIST_TYPES } from "./vistorias.ts";

export const ChecklistEntry = obj({
  chave: str("the item's key (inspections record it)"),
  rotulo: str(),
  posicao: int("1, 2, 3 … the order the phone lists it in"),
  ativo: bool("false: taken out (new inspections do not list it)"),
});

export const listChecklists = defineRoute({
  method: "GET",
  url: "/central/vistorias/modelos",
  summary: "The program's inspection checklists, each item in order (inactive ones last); any central role reads them.",
  access: "central",
  response: { 200: obj({ modelos: list(obj({ modelo: oneOf(CHECKLIST_TYPES), itens: list(ChecklistEntry) })) }) },
});

export const saveChecklistItem = defineRoute({
  method: "POST",
  url: "/central/vistorias/modelos/item",
  summary:
    "Adds an item to a checklist (no chave: a key is made from the label) or changes one (label, position, in use); admins only; recorded in the item's history.",
  access: "central",
  body: Type.Object({
    modelo: oneOf(CHECKLIST_TYPES),
    chave: Type.Optional(Type.String({ minLength: 1, maxLength: 60, pattern: "^[a-z0-9-]+$" })),
    rotulo: Type.String({ minLength: 1, maxLength: 80, pattern: "\\S" }),
    posicao: Type.Optional(Type.Integer({ minimum: 1, maximum: 99 })),
    ativo: Type.Optional(Type.Boolean()),
  }),
  response: { 200: obj({ ...Done.properties, chave: str() }) },
  errors: { 403: "not a central admin", 404: "no such item on that checklist", 409: "the checklist already has 40 items" },
});
