// The central's inspection checklists (issue 53): any central role reads them; only an admin adds, renames, reorders and takes
// items out, each change recorded with who made it; a new item reaches the point's next inspection, one taken out leaves it;
// two admins adding the same label at once get two distinct keys (PGlite, and PostgreSQL with TEST_DATABASE_URL).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { addCentralUser, BACKENDS, call, centralLogin, fixtures, makeTestApp, type Fixtures, type TestApp } from "./helpers";
import { centralActions, inspectionChecklistItems } from "../../server/db/schema";
import { CHECKLIST_MESSAGES, keyOfLabel } from "../../server/routes/central-vistorias";
import { DEFAULT_CHECKLISTS } from "../../src/domain/inspection";

describe.each(BACKENDS)("central inspection checklists on %s", (backend) => {
  let t: TestApp;
  let f: Fixtures;
  let admin = "";
  let approver = "";
  beforeAll(async () => {
    t = await makeTestApp(backend, { loginRateLimit: { max: 1000, windowMs: 60_000 } });
    f = await fixtures(t);
    admin = await centralLogin(t);
    approver = await addCentralUser(t, "Ana Aprovadora", "ana.checklists@central.test", "approver");
  });
  afterAll(() => t?.close());

  type Lists = { modelos: { modelo: string; itens: { chave: string; rotulo: string; posicao: number; ativo: boolean }[] }[] };
  const lists = async (token = admin) => {
    const res = await call(t, token, "GET", "/central/vistorias/modelos");
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as Lists).modelos;
  };
  const save = (body: object, token = admin) => call(t, token, "POST", "/central/vistorias/modelos/item", body);
  /** The checklist a point's order gets, and its lines. */
  const pointChecklist = async (order: string) =>
    (await call(t, f.token1, "GET", `/vistorias/${order}`)).json() as {
      modelo: "carro" | "suv" | "moto";
      itensModelo: { chave: string }[];
    };

  it("lists the program's three checklists as installed, to any central role; a point's token is refused", async () => {
    const modelos = await lists(approver);
    expect(modelos.map((m) => m.modelo)).toEqual(["carro", "suv", "moto"]);
    for (const m of modelos) {
      const installed = DEFAULT_CHECKLISTS[m.modelo as keyof typeof DEFAULT_CHECKLISTS];
      expect(m.itens.map((i) => ({ key: i.chave, label: i.rotulo }))).toEqual(installed);
      expect(m.itens.map((i) => i.posicao)).toEqual(installed.map((_, n) => n + 1));
    }
    expect((await call(t, f.token1, "GET", "/central/vistorias/modelos")).statusCode).toBe(403);
  });

  it("lets only an admin change a list", async () => {
    const res = await save({ modelo: "carro", rotulo: "Engate" }, approver);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe("Somente administradores da central podem alterar as listas de vistoria.");
  });

  it("adds an item the point's next inspection lists, renames and takes it out, each change recorded", async () => {
    const order = f.pick(f.p1, "pending")[0]!.id;
    const { modelo } = await pointChecklist(order);
    const added = await save({ modelo, rotulo: "  Engate   e reboque " });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toEqual({ success: true, message: CHECKLIST_MESSAGES.added("Engate e reboque"), chave: "engate-e-reboque" });
    const list = (await lists()).find((m) => m.modelo === modelo)!;
    expect(list.itens.at(-1)).toEqual({ chave: "engate-e-reboque", rotulo: "Engate e reboque", posicao: list.itens.length, ativo: true });
    expect((await pointChecklist(order)).itensModelo.map((i) => i.chave)).toContain("engate-e-reboque");

    expect((await save({ modelo, chave: "engate-e-reboque", rotulo: "Engate", posicao: 1 })).statusCode).toBe(200);
    expect((await pointChecklist(order)).itensModelo[0]!.chave).toBe("engate-e-reboque");
    expect((await save({ modelo, chave: "engate-e-reboque", rotulo: "Engate", ativo: false })).json().message).toBe(
      CHECKLIST_MESSAGES.saved("Engate"),
    );
    expect((await pointChecklist(order)).itensModelo.map((i) => i.chave)).not.toContain("engate-e-reboque");
    // Out of use: listed last for the central, kept for the inspections that used it.
    expect((await lists()).find((m) => m.modelo === modelo)!.itens.at(-1)).toMatchObject({ chave: "engate-e-reboque", ativo: false });

    const [row] = await t.db
      .select()
      .from(inspectionChecklistItems)
      .where(and(eq(inspectionChecklistItems.checklist, modelo), eq(inspectionChecklistItems.itemKey, "engate-e-reboque")));
    const history = await t.db.select().from(centralActions).where(eq(centralActions.entityId, row!.id)).orderBy(centralActions.id);
    expect(history.map((h) => [h.action, h.previous, h.next])).toEqual([
      ["criar", null, `Engate e reboque (posição ${list.itens.length})`],
      ["alterar", `Engate e reboque (posição ${list.itens.length})`, "Engate (posição 1)"],
      ["alterar", "Engate (posição 1)", "Engate (posição 1, fora de uso)"],
    ]);

    const missing = await save({ modelo, chave: "nao-existe", rotulo: "X" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(CHECKLIST_MESSAGES.notFound);
  });

  it("makes keys from labels: accents dropped, never an attendant's own item's prefix", () => {
    expect(keyOfLabel("Para-brisa e vidros")).toBe("para-brisa-e-vidros");
    expect(keyOfLabel("Ar-condicionado (filtro)")).toBe("ar-condicionado-filtro");
    expect(keyOfLabel("Câmbio")).toBe("cambio");
    expect(keyOfLabel("Livre uso")).toBe("item-livre-uso");
    expect(keyOfLabel("!!!")).toBe("item");
  });

  it("two admins adding the same label at once get two keys, one after the other", async () => {
    const other = await addCentralUser(t, "Beto Admin", "beto.checklists@central.test", "admin");
    const [a, b] = await Promise.all([save({ modelo: "moto", rotulo: "Baú" }), save({ modelo: "moto", rotulo: "Baú" }, other)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect([a.json().chave, b.json().chave].sort()).toEqual(["bau", "bau-2"]);
    const moto = (await lists()).find((m) => m.modelo === "moto")!.itens;
    const positions = moto.filter((i) => i.chave.startsWith("bau")).map((i) => i.posicao);
    expect(new Set(positions).size).toBe(2);
  });
});
