// The /notificacoes routes of the contract: the point's unread notices from the program's central staff (a service approved
// or rejected) and marking them read (schemas shared by server and client; the client imports types only).
import { Type, type Static } from "typebox";
import { Done, list, obj, str } from "./fields.ts";
import { defineRoute } from "./route.ts";

export const Notificacao = obj({
  IdNotificacao: str(),
  Titulo: str(),
  Conteudo: str(),
  DataHora: str("when it was written (ISO instant)"),
});

export const listNotices = defineRoute({
  method: "GET",
  url: "/notificacoes",
  summary: "The point's 20 newest unread notices from the central, newest first.",
  access: "point",
  response: { 200: obj({ data: list(Notificacao) }) },
});

export const markNoticesRead = defineRoute({
  method: "POST",
  url: "/notificacoes/lidas",
  summary: "Marks notices of the point read (ids that are not the point's, or not ids, change nothing).",
  access: "point",
  body: Type.Object({ ids: Type.Array(Type.String({ maxLength: 36 }), { maxItems: 100 }) }),
  response: { 200: Done },
});

export type Notificacao = Static<typeof Notificacao>;
