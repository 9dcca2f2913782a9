// The Central console's session (/central/me, /central/logout) and its evidence files (/central/arquivos) (schemas shared by
// server and client; the client imports types only).
import { Type, type Static } from "typebox";
import { literal, obj, str } from "./fields.ts";
import { defineRoute } from "./route.ts";
import { FileAnswers } from "./uploads.ts";

/** Papel (issue 38): "approver" decides services, "payer" pays the points, "admin" does both and manages the central staff. */
export const CENTRAL_ROLES = ["approver", "payer", "admin"] as const;
export type CentralRole = (typeof CENTRAL_ROLES)[number];
export const CentralUser = obj({
  Id: str(),
  Nome: str(),
  Email: str(),
  Perfil: literal("central"),
  Papel: Type.Union([literal("approver"), literal("payer"), literal("admin")]),
});

export const getCentralUser = defineRoute({
  method: "GET",
  url: "/central/me",
  summary: "The signed-in central user.",
  access: "central",
  response: { 200: obj({ data: CentralUser }) },
});

export const logoutCentral = defineRoute({
  method: "POST",
  url: "/central/logout",
  summary: "Ends the central user's session and clears the session cookie.",
  access: "central",
  body: Type.Unknown(),
  response: { 200: obj({ message: str() }) },
});

export const getCentralFile = defineRoute({
  method: "GET",
  url: "/central/arquivos/:name",
  summary: "Any point's evidence file for the central staff (Range, ETag/304); the session cookie is accepted for <img>/<video>.",
  access: "central-file",
  params: Type.Object({ name: Type.String({ maxLength: 200 }) }),
  // The point's download's answers: both routes send the file with the same sender (server/routes/uploads.ts).
  response: FileAnswers,
  errors: { 404: "not a stored name, or gone from the storage", 416: "a Range none of whose parts fits the file" },
});

export type CentralUser = Static<typeof CentralUser>;
