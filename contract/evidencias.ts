// The evidence routes of the contract: an order's photos and videos, notes, laudos and recibos (add, list, delete) (schemas
// shared by server and client; the client imports types only).
import { Type, type Static } from "typebox";
import {
  bool,
  intOrNull,
  list,
  MAX,
  Message,
  nonBlank,
  nullableNumber,
  nullableText,
  numOrNull,
  obj,
  params,
  str,
  strOrNull,
  text,
  uuid,
  uuidFields,
} from "./fields.ts";
import { defineRoute } from "./route.ts";

/** The fields every kind of evidence carries. */
const base = {
  IdSocioVeiculoAgenda: str(),
  IdUsuario: strOrNull("the attendant who added it"),
  DataLog: str("when it was added, ISO 8601"),
};

export const Foto = obj({ IdSocioVeiculoAgendaExecucaoFoto: str(), ...base, Foto: str("stored file name (a photo or a video)") });
export const Anotacao = obj({
  IdSocioVeiculoAgendaExecucaoAnotacao: str(),
  ...base,
  Anotacao: str("the note's text"),
  VisivelSocio: bool("shown on the member's follow page (issue 39)"),
});
/** Arquivo and NomeArquivo are both the stored name (the contract's clients link it to /uploads/files/); NomeOriginal is shown. */
const document = {
  ...base,
  Arquivo: str("stored file name"),
  NomeArquivo: str("stored file name (download link)"),
  NomeOriginal: str("the name to show"),
  descricao: strOrNull(),
};
export const Laudo = obj({ IdSocioVeiculoAgendaLaudo: str(), ...document });
export const NotaFiscal = obj({
  IdSocioVeiculoAgendaNotaFiscal: str(),
  ...document,
  valor: numOrNull("amount (BRL)"),
  tamanho: intOrNull("file size in bytes"),
});

const listErrors = { 404: "not found, or another point's order" } as const;
const deleteErrors = { 404: "not found, or another point's order", 409: "a cancelled order" } as const;
/** A file of the evidence chain: kept as sealed once the order is finished (the member's signed address relies on it). */
const fileDeleteErrors = { 404: "not found, or another point's order", 409: "a cancelled or finished order" } as const;
const addErrors = {
  404: "another point's order, an attendant not of this point, or a file this point did not upload",
  409: "a cancelled order",
} as const;

/** The acting attendant, when not the token's user. */
const actor = { idPontoAtendimentoUsuario: Type.Optional(uuid) };

export const listPhotos = defineRoute({
  method: "GET",
  url: "/agendamentos/get-fotos/:id",
  summary: "The order's photos and videos, oldest first.",
  access: "point",
  params: params("id"),
  response: { 200: obj({ message: str(), fotos: list(Foto) }) },
  errors: listErrors,
});

export const addPhoto = defineRoute({
  method: "POST",
  url: "/agendamentos/adicionar-foto",
  summary: "Attaches an uploaded photo or video to an order not cancelled; the same file twice is attached once.",
  access: "point",
  body: Type.Object({ idSocioVeiculoAgenda: uuid, ...actor, foto: nonBlank(MAX.file) }),
  response: { 200: obj({ message: str(), IdSocioVeiculoAgendaExecucaoFoto: str() }) },
  errors: addErrors,
});

export const deletePhoto = defineRoute({
  method: "POST",
  url: "/agendamentos/deletar-foto",
  summary: "Removes a photo or video of an open order (a finished order's evidence is sealed: 409).",
  access: "point",
  body: uuidFields("idSocioVeiculoAgendaExecucaoFoto"),
  response: { 200: Message },
  errors: fileDeleteErrors,
});

export const listNotes = defineRoute({
  method: "GET",
  url: "/agendamentos/get-anotacoes/:id",
  summary: "The order's notes, oldest first.",
  access: "point",
  params: params("id"),
  response: { 200: obj({ message: str(), anotacoes: list(Anotacao) }) },
  errors: listErrors,
});

export const addNote = defineRoute({
  method: "POST",
  url: "/agendamentos/adicionar-anotacao",
  summary: "Adds a note to an order not cancelled; with the client's id for the note, a repeated call adds it once.",
  access: "point",
  body: Type.Object({
    idSocioVeiculoAgenda: uuid,
    ...actor,
    /**
     * The note's id, chosen by the client (issue 50: a note typed offline goes through the outbox, which may repeat the call
     * after a lost answer): the same id again answers the note already added; absent, the server chooses one.
     */
    idSocioVeiculoAgendaExecucaoAnotacao: Type.Optional(uuid),
    anotacao: nonBlank(MAX.note),
    /** Show the note on the member's follow page (issue 39); false when absent. */
    visivelSocio: Type.Optional(Type.Boolean()),
    /**
     * When the note was typed (ISO 8601), as the device says: kept when within the last 7 days and not ahead of the server's
     * clock (a note typed offline and sent later keeps its hour); otherwise, or absent, the server stamps it now.
     */
    data: Type.Optional(text(MAX.date)),
  }),
  response: { 200: obj({ message: str(), IdSocioVeiculoAgendaExecucaoAnotacao: str() }) },
  errors: { ...addErrors, 409: "a cancelled order, or a note id already used for another note" },
});

export const deleteNote = defineRoute({
  method: "POST",
  url: "/agendamentos/deletar-anotacao",
  summary: "Removes a note of an order not cancelled.",
  access: "point",
  body: uuidFields("idSocioVeiculoAgendaExecucaoAnotacao"),
  response: { 200: Message },
  errors: deleteErrors,
});

export const listReports = defineRoute({
  method: "GET",
  url: "/agendamentos/get-laudos/:id",
  summary: "The order's laudos, oldest first.",
  access: "point",
  params: params("id"),
  response: { 200: obj({ message: str(), laudos: list(Laudo) }) },
  errors: listErrors,
});

export const addReport = defineRoute({
  method: "POST",
  url: "/agendamentos/adicionar-laudo",
  summary: "Attaches an uploaded laudo to an order not cancelled; the same file twice is attached once.",
  access: "point",
  body: Type.Object({
    idSocioVeiculoAgenda: uuid,
    ...actor,
    /** The stored name (our client); then nomeArquivo is the name to show. */
    laudo: Type.Optional(nullableText(MAX.file)),
    /** The stored name when laudo is absent (the original client), else the name to show. */
    nomeArquivo: nonBlank(MAX.file),
    data: Type.Optional(text(MAX.date)),
    descricao: Type.Optional(nullableText(MAX.reason)),
  }),
  response: { 200: obj({ message: str(), laudo: str("the laudo's id") }) },
  errors: addErrors,
});

export const deleteReport = defineRoute({
  method: "POST",
  url: "/agendamentos/deletar-laudo",
  summary: "Removes a laudo of an open order (a finished order's evidence is sealed: 409).",
  access: "point",
  body: uuidFields("idSocioVeiculoAgendaLaudo"),
  response: { 200: Message },
  errors: fileDeleteErrors,
});

export const listReceipts = defineRoute({
  method: "GET",
  url: "/agendamentos/get-notas-fiscais/:id",
  summary: "The order's recibos (the contract's notas fiscais), oldest first.",
  access: "point",
  params: params("id"),
  response: { 200: obj({ message: str(), notas: list(NotaFiscal) }) },
  errors: listErrors,
});

export const addReceipt = defineRoute({
  method: "POST",
  url: "/agendamentos/adicionar-nota-fiscal",
  summary: "Attaches an uploaded recibo to an order not cancelled; the same file twice is attached once.",
  access: "point",
  body: Type.Object({
    idSocioVeiculoAgenda: uuid,
    ...actor,
    /** The stored name. */
    notaFiscal: nonBlank(MAX.file),
    /** The name to show (the upload's original name when absent or equal to notaFiscal). */
    nomeArquivo: Type.Optional(text(MAX.file)),
    data: Type.Optional(text(MAX.date)),
    /** Amount (BRL). */
    valor: Type.Optional(nullableNumber(0, 10_000_000)),
    descricao: Type.Optional(nullableText(MAX.reason)),
  }),
  response: { 200: obj({ message: str(), notaFiscal: str("the recibo's id") }) },
  errors: addErrors,
});

export const deleteReceipt = defineRoute({
  method: "POST",
  url: "/agendamentos/deletar-nota-fiscal",
  summary: "Removes a recibo of an open order (a finished order's evidence is sealed: 409).",
  access: "point",
  body: uuidFields("idSocioVeiculoAgendaNotaFiscal"),
  response: { 200: Message },
  errors: fileDeleteErrors,
});

export type Foto = Static<typeof Foto>;
export type Anotacao = Static<typeof Anotacao>;
export type Laudo = Static<typeof Laudo>;
export type NotaFiscal = Static<typeof NotaFiscal>;
