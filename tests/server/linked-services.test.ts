// Linked services of an OS carry the service's price (ValorServico) and this row's payout (ValorRepasse, the finish's rule),
// and the seed's payout rows use each linked service's own payout and name.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { BACKENDS, call, fixtures, makeTestApp, queryRows, type Fixtures, type TestApp } from "./helpers";
import { executionServices, payoutStatements } from "../../server/db/schema";

interface Row {
  id: string;
  label: string;
  status: string;
  PecaPorContaDoSocio: string | null;
  ValorServico: number;
  ValorRepasse: number | null;
}

describe.each(BACKENDS)("linked services' values on %s", (backend) => {
  let t: TestApp;
  let f: Fixtures;
  let plates: Map<string, string>;
  const corolla = (point: string, kind: "progress" | "done") => f.pick(point, kind).find((a) => plates.get(a.vehicle) === "HMG3C21")!;
  const linked = async (token: string, id: string) => {
    const res = await call(t, token, "GET", `/agendamentos/servicos-vinculados/${id}`);
    expect(res.statusCode).toBe(200);
    return (res.json() as { servicos: Row[] }).servicos;
  };

  beforeAll(async () => {
    t = await makeTestApp(backend);
    f = await fixtures(t);
    plates = new Map(
      (await queryRows<{ id: string; plate: string }>(t.db, sql`select id, plate from vehicles`)).map((v) => [v.id, v.plate]),
    );
  });
  afterAll(() => t?.close());

  it("adds the service's price and the payout per row (parts by the member: extra + payout)", async () => {
    const rows = await linked(f.token1, corolla(f.p1, "progress").id);
    const byLabel = Object.fromEntries(rows.map((r) => [r.label, r]));
    expect(byLabel["REVISÃO DE FREIOS - PASSEIO"]).toMatchObject({
      status: "A",
      PecaPorContaDoSocio: "S",
      ValorServico: 220,
      ValorRepasse: 160,
    });
    expect(byLabel["ALINHAMENTO E BALANCEAMENTO - PASSEIO"]).toMatchObject({
      status: "P",
      PecaPorContaDoSocio: null,
      ValorServico: 150,
      ValorRepasse: 100,
    });
  });

  it("pays the extra value alone when the parts were not the member's, and extra + payout otherwise", async () => {
    const rows = await linked(f.token1, corolla(f.p1, "progress").id);
    const brakes = rows.find((r) => r.label === "REVISÃO DE FREIOS - PASSEIO")!;
    const alignment = rows.find((r) => r.label === "ALINHAMENTO E BALANCEAMENTO - PASSEIO")!;
    await t.db.update(executionServices).set({ extraValue: 35.5 }).where(eq(executionServices.id, brakes.id));
    await t.db.update(executionServices).set({ extraValue: 42.25, partByMember: "N" }).where(eq(executionServices.id, alignment.id));
    const after = await linked(f.token1, corolla(f.p1, "progress").id);
    expect(after.find((r) => r.id === brakes.id)).toMatchObject({ ValorRepasse: 195.5, ValorServico: 220 });
    expect(after.find((r) => r.id === alignment.id)).toMatchObject({ ValorRepasse: 42.25, ValorServico: 150 });
  });

  it("seeds the Corolla's yearly HIGIENIZAÇÃO at the other point, with its own payout row", async () => {
    const done = corolla(f.p2, "done");
    const rows = await linked(f.token2, done.id);
    expect(rows.map((r) => `${r.label}:${r.status}:${r.ValorRepasse}`).sort()).toEqual([
      "HIGIENIZAÇÃO DO AR-CONDICIONADO - PASSEIO:A:90",
      "TROCA DE ÓLEO - PASSEIO:A:80",
    ]);
    const payouts = await t.db.select().from(payoutStatements).where(eq(payoutStatements.appointmentId, done.id));
    expect(payouts.map((p) => `${p.serviceName}:${p.payout}`).sort()).toEqual(["HIGIENIZAÇÃO DO AR-CONDICIONADO:90", "TROCA DE ÓLEO:80"]);
    const limits = (await call(t, f.token1, "POST", "/servico/verificar-limite-anual", { idSocioVeiculo: done.vehicle })).json();
    expect(limits.servicos.find((s: { nomeServico: string }) => s.nomeServico === "HIGIENIZAÇÃO DO AR-CONDICIONADO")).toMatchObject({
      limiteAnual: 1,
      podeUsar: false,
    });
  });
});
