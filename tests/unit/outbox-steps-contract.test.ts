// Each outbox step kind is a POST route of the contract, and the body its builder makes (plus the stored file's fields) is that
// route's body: every field one the schema declares, every required one there. A builder or a route drifting apart fails here
// (node, unit project).
import { describe, expect, it } from "vitest";
import { CONTRACT_ROUTES } from "../../contract/routes";
import {
  documentSteps,
  finishOrderSteps,
  noteSteps,
  photoSteps,
  returnFileSteps,
  serviceFileSteps,
  startOrderSteps,
  stepRequest,
  STEP_KINDS,
  type StepKind,
} from "../../src/domain/outbox-steps";

const at = new Date("2026-03-04T12:00:00Z");
const person = { idSocioVeiculoAgenda: "a1", idPontoAtendimentoUsuario: "u1", idSocio: "s1", data: "04/03/2026" };

/** Every builder of the app, called as the screens call them. */
const BUILT = [
  ...startOrderSteps({ ...person, hora: "09:00" }),
  ...finishOrderSteps(person),
  ...noteSteps(
    {
      idSocioVeiculoAgendaExecucaoAnotacao: "n1",
      idSocioVeiculoAgenda: "a1",
      idPontoAtendimentoUsuario: "u1",
      anotacao: "x",
      visivelSocio: true,
    },
    at,
  ),
  ...photoSteps("a1", "u1"),
  ...documentSteps("adicionar-laudo", "a1", "u1", at),
  ...documentSteps("adicionar-nota-fiscal", "a1", "u1", at),
  ...returnFileSteps("anexar-foto-retorno", "r1"),
  ...returnFileSteps("anexar-video-retorno", "r1"),
  ...serviceFileSteps("a1", "l1", "foto"),
];

interface ObjectSchema {
  properties?: Record<string, unknown>;
  required?: string[];
}

describe("the outbox's steps against the contract", () => {
  it("builds a step of every kind (a kind without a builder is not checked)", () => {
    expect([...new Set(BUILT.map((s) => s.kind))].sort()).toEqual(Object.keys(STEP_KINDS).sort());
  });

  it.each(BUILT.map((s) => [s.kind, s] as const))("%s sends a body its POST route declares", (kind: StepKind, step) => {
    const { path, body } = stepRequest(step, { storedName: "stored.jpg" });
    const route = CONTRACT_ROUTES.find((r) => r.method === "POST" && r.url === path);
    expect(route, `POST ${path}`).toBeDefined();
    const schema = route!.body as ObjectSchema | undefined;
    expect(schema?.properties, `${kind}: the route's body is an object schema`).toBeDefined();
    const sent = Object.keys(body);
    expect(
      sent.filter((f) => !(f in schema!.properties!)),
      `${kind}: fields the route does not declare`,
    ).toEqual([]);
    expect(
      (schema!.required ?? []).filter((f) => !sent.includes(f)),
      `${kind}: required fields not sent`,
    ).toEqual([]);
  });
});
