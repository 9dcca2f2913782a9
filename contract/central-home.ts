// The Central console's worklist home (/central/inicio): what waits in each section — approvals and the oldest's age, payouts
// due by point and total, points needing attention by flag — in one request (schemas shared by server and client; the
// client imports types only).
import { Type, type Static } from "typebox";
import { int, num, obj, str, strOrNull } from "./fields.ts";
import { defineRoute } from "./route.ts";
import { PointFlagField } from "./central-points.ts";

export const CentralHome = obj({
  Aprovacoes: obj({
    Quantidade: int("linked services awaiting the central's decision"),
    MaisAntiga: strOrNull("when the oldest of them was asked for (ISO instant); null with none"),
  }),
  Repasses: obj({
    Quantidade: int("payouts not paid yet"),
    Pontos: int("points they are owed to"),
    Total: num("their sum (BRL)"),
    Retidos: int("those held back (no bank data, or payment data changed and not confirmed)"),
    TotalRetido: num("the held ones' sum (BRL)"),
  }),
  Pontos: obj({
    Total: int("every point"),
    ComSinalizacao: int("points with at least one flag"),
    PorSinal: Type.Array(obj({ Sinal: PointFlagField, Quantidade: int("points with it") }), {
      description: "every flag, in the points list's order, with how many points have it (0 included)",
    }),
  }),
  GeradoEm: str("the server's instant of these counts (ISO): ages are measured from it"),
});

export const getHome = defineRoute({
  method: "GET",
  url: "/central/inicio",
  summary: "The worklist's counts: approvals waiting and the oldest's age, payouts due by point and total, points by flag.",
  access: "central",
  response: { 200: obj({ data: CentralHome }) },
});

export type CentralHome = Static<typeof CentralHome>;
