// Retorno de Serviço end to end (built app, real server, real Chromium, desktop and Pixel 7): the list equals the server's rows
// (NOVO on open ones), status / type / date filters narrow it, the load error and its retry; create with a photo sent through
// the outbox (closing blocked while it uploads, the server row then holds the stored file name), each validation message
// (shown under its field, cleared on edit), a refused save, view, edit and delete after confirmation, each re-read from the
// server; axe on the screen and every modal. Creates its own returns (on the demo point's concluded orders) and deletes them.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, BrowserContextOptions, Locator, Page, Route } from "playwright-core";
import { addDays, apiCall, apiToken, brasiliaToday, DESKTOP, launch, MOBILE, openSignedIn, violations } from "./browser";

const base = inject("baseUrl");
let browser: Browser;
let token = "";
let pointId = "";

type Row = {
  IdRetornoServico: string;
  Status: string;
  Tipo: string;
  Descricao: string;
  DataLog: string;
  Fotos: string | null;
  Videos: string | null;
  NumeroOS: number;
};
const api = <T>(p: string, body?: unknown) => apiCall<T>(base, token, p, body);
const serverRows = async () => (await api<{ success: boolean; data: Row[] }>(`/retorno-servico/lista/${pointId}`)).data;
const brasiliaDay = (iso: string) => new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(new Date(iso));
const fold = (s: string) => s.normalize("NFD").replace(/\p{M}/gu, "").toUpperCase();

beforeAll(async () => {
  browser = await launch();
  token = await apiToken(base);
  pointId = (await api<{ data: { IdPontoAtendimento: string } }>("/credenciado/get")).data.IdPontoAtendimento;
});
afterAll(() => browser?.close());

/** A real JPEG made by the browser (the server checks the type from the bytes). */
async function jpeg(page: Page): Promise<Buffer> {
  const b64 = await page.evaluate(async () => {
    const c = new OffscreenCanvas(160, 120);
    const ctx = c.getContext("2d")!;
    ctx.fillStyle = "#c33";
    ctx.fillRect(0, 0, 160, 120);
    ctx.fillStyle = "#fff";
    ctx.fillRect(40, 30, 80, 60);
    const bytes = new Uint8Array(await (await c.convertToBlob({ type: "image/jpeg", quality: 0.9 })).arrayBuffer());
    let s = "";
    for (const b of bytes) s += String.fromCharCode(b);
    return btoa(s);
  });
  return Buffer.from(b64, "base64");
}

const viewports: [string, BrowserContextOptions, boolean][] = [
  ["desktop", DESKTOP, false],
  ["Pixel 7", MOBILE, true],
];

describe.each(viewports)("Retorno de Serviço (%s)", (label, options, mobile) => {
  const tag = `${mobile ? "m" : "d"}${Date.now().toString(36)}`;
  /** The visible rows: the table on desktop, the cards on a phone. */
  const rows = (page: Page): Locator =>
    mobile
      ? page.getByRole("list", { name: "Retorno de Serviço" }).getByRole("listitem")
      : page.getByRole("table", { name: "Retorno de Serviço" }).locator("tbody tr");
  const rowWith = (page: Page, text: string) => rows(page).filter({ hasText: text });
  const open = async () => {
    const ctx = await browser.newContext({ ...options, bypassCSP: true }); // only to load axe
    const page = await openSignedIn(ctx, `${base}/retorno-servico`, (p) =>
      p.getByRole("heading", { name: "Retorno de Serviço", level: 1 }),
    );
    return { ctx, page };
  };
  /** The rows shown equal the server's rows that pass `keep`, matched by their descriptions. */
  const expectRows = async (page: Page, keep: (r: Row) => boolean) => {
    const want = (await serverRows()).filter(keep);
    if (want.length === 0) {
      await page.getByText("Nenhum retorno de serviço encontrado.").waitFor();
      return want;
    }
    await expect.poll(() => rows(page).count(), { timeout: 10_000 }).toBe(want.length);
    const shown = await rows(page).allInnerTexts();
    for (const r of want)
      expect(
        shown.some((text) => text.includes(r.Descricao)),
        r.Descricao,
      ).toBe(true);
    return want;
  };

  it("lists the server's returns with NOVO on open ones; status, type and dates narrow the list; load error and retry; axe clean", async () => {
    // Two returns of this run, so every filter has rows of its own to keep or drop.
    const appts = (await api<{ data: { IdSocioVeiculoAgenda: string }[] }>(`/retorno-servico/agendamentos-disponiveis/${pointId}`)).data;
    for (const [Tipo, Status, what] of [
      ["ATENDIMENTO", "A", "aberto"],
      ["OUTROS", "C", "concluído"],
    ]) {
      const res = await api<{ success: boolean }>("/retorno-servico/adicionar", {
        data: { IdSocioVeiculoAgenda: appts[0]!.IdSocioVeiculoAgenda, Tipo, Status, Descricao: `Filtro ${what} ${label} ${tag}` },
      });
      expect(res.success).toBe(true);
    }
    const { ctx, page } = await open();
    const all = await expectRows(page, () => true);
    expect(all.length).toBeGreaterThanOrEqual(4); // two seeded on earlier days, two of this test
    await page
      .getByRole("status")
      .filter({ hasText: `${all.length} retorno(s)` })
      .waitFor();
    for (const r of all) {
      const row = rowWith(page, r.Descricao);
      expect(await row.getByText("NOVO", { exact: true }).count(), r.Descricao).toBe(r.Status === "A" ? 1 : 0);
    }
    expect(await violations(page)).toEqual([]);

    await page.getByLabel("Status").selectOption({ label: "EM CHAMADO" });
    await expectRows(page, (r) => r.Status === "P");
    await page.getByLabel("Status").selectOption({ label: "ABERTO" });
    await expectRows(page, (r) => r.Status === "A");
    await page.getByLabel("Tipo").selectOption("ATENDIMENTO");
    await expectRows(page, (r) => r.Status === "A" && fold(r.Tipo) === "ATENDIMENTO");
    expect(new URL(page.url()).search).toBe("?status=A&tipo=ATENDIMENTO"); // kept in the URL
    await page.getByRole("button", { name: "Limpar filtros" }).click();
    await expectRows(page, () => true);

    // Dates: the registration day in Brasília, both bounds included.
    const today = brasiliaToday();
    await page.getByLabel("Registrado a partir de").fill(today);
    const todays = await expectRows(page, (r) => brasiliaDay(r.DataLog) >= today);
    expect(todays.length).toBeLessThan(all.length); // the seeded returns are older: the dates are applied
    await page.getByLabel("Registrado a partir de").fill(addDays(today, -5));
    await page.getByLabel("Registrado até").fill(addDays(today, -1));
    const earlier = await expectRows(
      page,
      (r) => brasiliaDay(r.DataLog) >= addDays(today, -5) && brasiliaDay(r.DataLog) <= addDays(today, -1),
    );
    expect(earlier.length).toBeGreaterThan(0);
    expect(earlier.some((r) => r.Descricao.includes(tag))).toBe(false);
    await page.getByLabel("Registrado a partir de").fill("2020-01-01");
    await page.getByLabel("Registrado até").fill("2020-01-31");
    await expectRows(page, () => false);
    // Reload keeps the filters.
    await page.reload();
    await page.getByText("Nenhum retorno de serviço encontrado.").waitFor({ timeout: 15_000 });
    expect(await page.getByLabel("Registrado até").inputValue()).toBe("2020-01-31");
    await page.getByRole("button", { name: "Limpar filtros" }).click();
    await expectRows(page, () => true);

    // The list's load error, then its retry.
    await ctx.route("**/api/retorno-servico/lista/**", (route) =>
      route.fulfill({ status: 500, contentType: "application/json", body: '{"success":false,"message":"falha"}' }),
    );
    await page.reload();
    await page.getByRole("alert").filter({ hasText: "Erro ao carregar retornos de serviço" }).waitFor({ timeout: 15_000 });
    await ctx.unroute("**/api/retorno-servico/lista/**");
    await page.getByRole("button", { name: "Tentar novamente" }).click();
    await expectRows(page, () => true);

    for (const r of (await serverRows()).filter((x) => x.Descricao.includes(tag))) {
      expect((await api<{ success: boolean }>("/retorno-servico/deletar", { idRetornoServico: r.IdRetornoServico })).success).toBe(true);
    }
    await ctx.close();
  }, 180_000);

  it("validates, creates with a photo through the outbox, views, edits and deletes a return; axe clean in every modal", async () => {
    const { ctx, page } = await open();
    const description = `Barulho no freio voltou (${label} ${tag})`;
    await page.getByRole("button", { name: "Novo Retorno" }).click();
    const dialog = page.getByRole("dialog", { name: "Novo Retorno" });
    await dialog.waitFor();
    await dialog.getByText("Imagens JPG, PNG ou GIF de até 5MB cada; vídeos MP4, AVI ou MOV de até 50MB cada.").waitFor();
    expect(await violations(page)).toEqual([]);

    // Every required field: its message under it; the new return starts ABERTO.
    expect(await dialog.getByLabel("Status").inputValue()).toBe("A");
    await dialog.getByLabel("Descrição").fill("   ");
    await dialog.getByLabel("Status").selectOption("");
    await dialog.getByRole("button", { name: "Salvar" }).click();
    for (const message of [
      "Agendamento é obrigatório",
      "Tipo do Retorno é obrigatório",
      "Status é obrigatório",
      "Descrição é obrigatória",
    ]) {
      await dialog.getByText(message, { exact: true }).waitFor();
    }
    expect(await dialog.getByLabel("Descrição").getAttribute("aria-invalid")).toBe("true");
    expect(await violations(page)).toEqual([]);
    // Editing a field clears its own error only.
    await dialog.getByLabel("Tipo do Retorno").selectOption("PEÇA");
    await dialog.getByText("Tipo do Retorno é obrigatório").waitFor({ state: "detached" });
    await dialog.getByText("Status é obrigatório").waitFor();
    await dialog.getByLabel("Status").selectOption({ label: "ABERTO" });
    await dialog.getByText("Status é obrigatório").waitFor({ state: "detached" });
    await dialog.getByLabel("Descrição").fill(description);
    await dialog.getByText("Descrição é obrigatória").waitFor({ state: "detached" });
    await dialog.getByRole("combobox", { name: "Agendamento" }).click();
    await dialog.getByRole("option").first().click();
    await dialog.getByText("Agendamento é obrigatório").waitFor({ state: "detached" });

    // A save the server does not mark as success is a failure, with the server's reason.
    await ctx.route("**/api/retorno-servico/adicionar", (route) =>
      route.fulfill({ status: 200, contentType: "application/json", body: '{"success":false,"message":"Serviço indisponível"}' }),
    );
    await dialog.getByRole("button", { name: "Salvar" }).click();
    await dialog.getByRole("alert").filter({ hasText: "Erro ao criar retorno de serviço: Serviço indisponível" }).waitFor();
    await ctx.unroute("**/api/retorno-servico/adicionar");

    // A photo: held at the upload so the blocked close is checked for real.
    const held: Route[] = [];
    await ctx.route("**/api/uploads/tus**", (route) => void held.push(route));
    await dialog
      .locator(".media-picker input[type=file]")
      .setInputFiles({ name: `freio-${tag}.jpg`, mimeType: "image/jpeg", buffer: await jpeg(page) });
    await dialog.getByRole("img", { name: `freio-${tag}.jpg` }).waitFor();
    await dialog.getByRole("button", { name: "Salvar" }).click();
    await page.getByText("Retorno de serviço criado com sucesso!").waitFor();
    await dialog.getByRole("list", { name: "Arquivos a enviar" }).getByText(`freio-${tag}.jpg`).waitFor();
    await expect.poll(() => held.length, { timeout: 15_000 }).toBeGreaterThan(0);
    await dialog.getByText(/^Enviando \d+%$/).waitFor();
    expect(await dialog.getByRole("button", { name: "Fechar" }).count()).toBe(0);
    await page.keyboard.press("Escape");
    expect(await dialog.isVisible()).toBe(true);
    expect(await violations(page)).toEqual([]);
    // Already on the server, without the photo yet.
    const created = (await serverRows()).find((r) => r.Descricao === description)!;
    expect(created).toMatchObject({ Status: "A", Tipo: "PEÇA", Fotos: null });
    for (const r of held.splice(0)) await r.continue();
    await ctx.unroute("**/api/uploads/tus**");
    await dialog.waitFor({ state: "detached", timeout: 30_000 });
    await expect
      .poll(async () => (await serverRows()).find((r) => r.Descricao === description)?.Fotos ?? null, { timeout: 15_000 })
      .not.toBeNull();
    const stored = (await serverRows()).find((r) => r.Descricao === description)!;
    expect(stored.Fotos).not.toContain(`freio-${tag}`); // the server's stored name, not the device's
    expect(stored.Fotos!.split(",")).toHaveLength(1);
    expect((await page.request.get(`${base}/api/uploads/files/${stored.Fotos}`)).status()).toBe(200);
    const row = rowWith(page, description);
    await row.waitFor();
    await row.getByText("NOVO", { exact: true }).waitFor();

    // View.
    await row.getByRole("button", { name: "Ver" }).click();
    const view = page.getByRole("dialog", { name: "Detalhes do Retorno" });
    await view.getByText(description).waitFor();
    const photo = view.getByRole("img", { name: "Foto 1 do retorno" });
    expect(new URL((await photo.getAttribute("src"))!, base).pathname).toBe(`/api/uploads/files/${stored.Fotos}`);
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(160);
    expect(await violations(page)).toEqual([]);
    await view.getByRole("button", { name: "Fechar" }).last().click();
    await view.waitFor({ state: "detached" });

    // Edit: the description cleared shows its error; then type, status and description change, the photo is kept.
    await row.getByRole("button", { name: "Editar" }).click();
    const edit = page.getByRole("dialog", { name: "Editar Retorno" });
    await edit.getByRole("list", { name: "Arquivos já enviados" }).getByRole("img").waitFor();
    expect(await edit.getByLabel("Tipo do Retorno").inputValue()).toBe("PEÇA");
    await edit.getByLabel("Descrição").fill("");
    await edit.getByRole("button", { name: "Atualizar" }).click();
    await edit.getByText("Descrição é obrigatória").waitFor();
    expect(await violations(page)).toEqual([]);
    const changed = `Freio revisado de novo (${label} ${tag})`;
    await edit.getByLabel("Descrição").fill(changed);
    await edit.getByLabel("Tipo do Retorno").selectOption("MÃO DE OBRA");
    await edit.getByLabel("Status").selectOption({ label: "CONCLUÍDO" });
    await edit.getByRole("button", { name: "Atualizar" }).click();
    await page.getByText("Retorno de serviço atualizado com sucesso!").waitFor();
    await edit.waitFor({ state: "detached" });
    const updated = (await serverRows()).find((r) => r.IdRetornoServico === stored.IdRetornoServico)!;
    expect(updated).toMatchObject({ Descricao: changed, Tipo: "MÃO DE OBRA", Status: "C", Fotos: stored.Fotos });
    const changedRow = rowWith(page, changed);
    await changedRow.getByText("CONCLUÍDO").waitFor();
    expect(await changedRow.getByText("NOVO", { exact: true }).count()).toBe(0);

    // Delete after confirmation.
    await changedRow.getByRole("button", { name: "Excluir" }).click();
    const confirm = page.getByRole("dialog", { name: "Excluir retorno de serviço" });
    await confirm.getByText("Tem certeza que deseja excluir este retorno de serviço?").waitFor();
    await confirm.getByText("Esta ação não pode ser desfeita.").waitFor();
    expect(await violations(page)).toEqual([]);
    await confirm.getByRole("button", { name: "Sim, excluir" }).click();
    await page.getByText("Retorno de serviço excluído com sucesso!").waitFor();
    await confirm.waitFor({ state: "detached" });
    await changedRow.waitFor({ state: "detached" });
    expect((await serverRows()).some((r) => r.IdRetornoServico === stored.IdRetornoServico)).toBe(false);
    await ctx.close();
  }, 180_000);
});
