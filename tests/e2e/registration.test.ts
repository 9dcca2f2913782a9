// Dados Cadastrais end to end (built app, real server, real Chromium, desktop and Pixel 7): the view shows the server's values;
// Editar -> Salvar stays disabled until something changes; Cancelar restores the snapshot; required fields, CNPJ check digits, CEP
// and opening hours refused under their fields without a call; a failed save keeps the form; a save ('Salvando...') is re-read
// from the server, then undone the same way. The point's original data is put back after the file whatever happens, since
// other files rely on it (Qtde. Elevadores and the opening hours drive the agenda's slots).
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, BrowserContext, BrowserContextOptions, Locator, Page } from "playwright-core";
import { apiCall, apiToken, builtChunk, DESKTOP, launch, MOBILE, openSignedIn, violations } from "./browser";

const base = inject("baseUrl");
const UPDATE = "/ponto-atendimento/atualizar-dados-cadastrais";
let browser: Browser;
let token = "";
let pointId = "";
type Registration = Record<string, string | number | null>;
let original: Registration;

const api = <T>(p: string, body?: unknown) => apiCall<T>(base, token, p, body);
const serverData = async () => (await api<{ success: boolean; data: Registration }>(`/ponto-atendimento/dados-cadastrais/${pointId}`)).data;
const hour = (iso: string | number | null) => (typeof iso === "string" ? iso.slice(11, 16) : "");
const hoursText = (d: Registration, start: string, end: string) =>
  d[start] && d[end] ? `${hour(d[start])} às ${hour(d[end])}` : "Fechado";

beforeAll(async () => {
  browser = await launch();
  token = await apiToken(base);
  pointId = (await api<{ data: { IdPontoAtendimento: string } }>("/credenciado/get")).data.IdPontoAtendimento;
  original = await serverData();
});
afterAll(async () => {
  // Whatever a failed test left behind, the point's registration goes back to what it was before this file.
  if (original) await api(UPDATE, { ...original, IdPontoAtendimento: pointId });
  await browser?.close();
});

const openPage = (ctx: BrowserContext): Promise<Page> =>
  openSignedIn(ctx, `${base}/dados-cadastrais`, (page) => page.getByRole("button", { name: "Editar" }));
const saveButtons = (page: Page) => page.getByRole("button", { name: /^(Salvar|Salvando\.\.\.)$/ });
const day = (page: Page, name: string) => page.getByRole("group", { name, exact: true });
/** The error line a control points at with aria-describedby. */
const errorOf = async (page: Page, control: Locator) => {
  const id = await control.getAttribute("aria-describedby");
  return (await page.locator(`[id="${id}"]`).textContent()) ?? "";
};
/** The value listed next to a label in view mode (dt/dd pairs). */
const shown = (page: Page, card: string, label: string) =>
  page.getByRole("region", { name: card }).locator(`xpath=.//dt[normalize-space(.)="${label}"]/following-sibling::dd[1]`).textContent();
/** Counts the update calls the page makes. */
function countUpdates(page: Page) {
  const seen = { n: 0 };
  page.on("request", (r) => {
    if (r.url().endsWith(UPDATE)) seen.n++;
  });
  return seen;
}

const viewports: [string, BrowserContextOptions][] = [
  ["desktop", DESKTOP],
  ["Pixel 7", MOBILE],
];

describe.each(viewports)("Dados Cadastrais (%s)", (_label, options) => {
  let ctx: BrowserContext;
  beforeAll(async () => {
    ctx = await browser.newContext({ ...options, bypassCSP: true }); // bypassCSP only to load axe
  });
  afterAll(() => ctx?.close());

  it("shows the server's values in view mode, in the spec's three cards; axe clean", async () => {
    const page = await openPage(ctx);
    const d = await serverData();
    expect(await shown(page, "Dados do Credenciado", "Razão Social")).toBe(d.RazaoSocial);
    expect(await shown(page, "Dados do Credenciado", "CNPJ")).toBe(d.Cnpj);
    expect(await shown(page, "Dados do Credenciado", "Inscrição Estadual")).toBe(d.InscricaoEstadual ?? "Não informado");
    expect(await shown(page, "Dados do Credenciado", "Qtde. Elevadores")).toBe(String(d.QtdeElevadores));
    expect(await shown(page, "Dados do Credenciado", "CEP")).toBe(d.EnderecoCep);
    expect(await shown(page, "Endereço", "Endereço")).toBe(d.Endereco);
    expect(await shown(page, "Endereço", "UF")).toBe(d.EnderecoUf);
    expect(await shown(page, "Endereço", "Cidade")).toBe(d.EnderecoCidade);
    expect(await shown(page, "Endereço", "Bairro")).toBe(d.EnderecoBairro);
    expect(await shown(page, "Endereço", "Complemento")).toBe(d.EnderecoComplemento ?? "Não informado");
    expect(await shown(page, "Horários de Funcionamento", "Segunda a Sexta")).toBe(hoursText(d, "SegSexInicio", "SegSexFim"));
    expect(await shown(page, "Horários de Funcionamento", "Sábados")).toBe(hoursText(d, "SabadoInicio", "SabadoFim"));
    expect(await shown(page, "Horários de Funcionamento", "Domingos")).toBe(hoursText(d, "DomingoInicio", "DomingoFim"));
    expect(await shown(page, "Horários de Funcionamento", "Feriados")).toBe(hoursText(d, "FeriadoInicio", "FeriadoFim"));
    // The demo point is open on weekdays and closed on Sundays (seeded).
    expect(await shown(page, "Horários de Funcionamento", "Segunda a Sexta")).toMatch(/^\d{2}:00 às \d{2}:00$/);
    expect(await shown(page, "Horários de Funcionamento", "Domingos")).toBe("Fechado");
    expect(await violations(page)).toEqual([]);
  });

  it("edits from a snapshot: Salvar disabled until the form differs, Cancelar restores it without a call; axe clean", async () => {
    const page = await openPage(ctx);
    const updates = countUpdates(page);
    const d = await serverData();
    await page.getByRole("button", { name: "Editar" }).click();
    const name = page.getByLabel("Razão Social");
    await expect(name.inputValue()).resolves.toBe(d.RazaoSocial);
    await expect(page.getByLabel("CNPJ").inputValue()).resolves.toBe(d.Cnpj);
    await expect(page.getByLabel("Qtde. Elevadores").inputValue()).resolves.toBe(String(d.QtdeElevadores));
    await expect(page.getByLabel("UF").inputValue()).resolves.toBe(d.EnderecoUf);
    await expect(page.getByLabel("UF").locator("option").count()).resolves.toBe(28); // the 27 UFs and the placeholder
    await expect(day(page, "Segunda a Sexta").getByLabel("Início").inputValue()).resolves.toBe(hour(d.SegSexInicio));
    // Sunday is closed: its selects show the placeholder Fechado; the weekday's would show Início / Fim.
    const sunday = day(page, "Domingos").getByLabel("Início");
    await expect(sunday.inputValue()).resolves.toBe("");
    await expect(sunday.locator("option:checked").textContent()).resolves.toBe("Fechado");
    await expect(day(page, "Segunda a Sexta").getByLabel("Fim").locator('option[value=""]').textContent()).resolves.toBe("Fim");
    await expect(day(page, "Segunda a Sexta").getByLabel("Fim").locator("option").allTextContents()).resolves.toHaveLength(25);
    expect(await saveButtons(page).count()).toBe(2); // at the top and at the bottom
    expect(await page.getByRole("button", { name: "Cancelar" }).count()).toBe(2);
    for (const b of await saveButtons(page).all()) expect(await b.isDisabled()).toBe(true);
    await page.getByText("Altere algum campo para salvar.").waitFor();
    expect(await violations(page)).toEqual([]);

    await name.fill(`${d.RazaoSocial} X`);
    for (const b of await saveButtons(page).all()) expect(await b.isEnabled()).toBe(true);
    await name.fill(String(d.RazaoSocial)); // back to the snapshot: nothing to save again
    for (const b of await saveButtons(page).all()) expect(await b.isDisabled()).toBe(true);

    await page.getByLabel("Complemento").fill("Descartado pelo Cancelar");
    await day(page, "Domingos").getByLabel("Início").selectOption("09:00");
    await page.getByRole("button", { name: "Cancelar" }).last().click();
    await page.getByRole("button", { name: "Editar" }).waitFor();
    expect(await shown(page, "Endereço", "Complemento")).toBe(d.EnderecoComplemento ?? "Não informado");
    expect(await shown(page, "Horários de Funcionamento", "Domingos")).toBe("Fechado");
    await page.getByRole("button", { name: "Editar" }).click();
    await expect(page.getByLabel("Complemento").inputValue()).resolves.toBe(d.EnderecoComplemento ?? "");
    await expect(day(page, "Domingos").getByLabel("Início").inputValue()).resolves.toBe("");
    await page.getByRole("button", { name: "Cancelar" }).first().click();
    expect(updates.n).toBe(0);
    expect(await serverData()).toEqual(d);
  });

  it("says so when the form's code cannot be downloaded, stays in view mode, and opens the form on the next Editar", async () => {
    // The form (and its input masks) is not in the page's first code: it comes with 'Editar'. Its own context with no service
    // worker: a precached chunk would not reach the route that refuses it.
    const own = await browser.newContext({ ...options, serviceWorkers: "block" });
    const formChunk = builtChunk("src/features/dados-cadastrais/components/registration-form.tsx");
    let refuse = true;
    await own.route(
      (url) => url.pathname === formChunk,
      (route) => (refuse ? route.abort("internetdisconnected") : route.continue()),
    );
    try {
      const page = await openPage(own);
      // From the keyboard: this context has just signed in, and on desktop the sign-in's toast may lie over the header's
      // 'Editar' for its few seconds (a pointer on it pauses it), depending on when its container loads.
      await page.getByRole("button", { name: "Editar" }).press("Enter");
      await page.getByText("Não foi possível abrir o formulário. Verifique sua conexão e tente novamente.").waitFor();
      expect(await page.getByLabel("Razão Social").count()).toBe(0);
      await page.getByRole("region", { name: "Endereço" }).waitFor(); // still the view
      refuse = false;
      await page.getByRole("button", { name: "Editar" }).press("Enter");
      // The form, with focus on its first field.
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("cadastro-RazaoSocial");
      await expect(page.getByLabel("Razão Social").inputValue()).resolves.toBe((await serverData()).RazaoSocial);
    } finally {
      await own.close();
    }
  });

  it("refuses required fields, a wrong CNPJ or CEP and bad opening hours under their fields, without a call", async () => {
    const page = await openPage(ctx);
    const updates = countUpdates(page);
    const d = await serverData();
    await page.getByRole("button", { name: "Editar" }).click();
    const name = page.getByLabel("Razão Social");
    const cnpj = page.getByLabel("CNPJ");
    const cep = page.getByLabel("CEP");
    const district = page.getByLabel("Bairro");
    const lifts = page.getByLabel("Qtde. Elevadores");
    await name.fill("   ");
    await cnpj.fill("");
    await cnpj.pressSequentially("11222333000182");
    await expect(cnpj.inputValue()).resolves.toBe("11.222.333/0001-82");
    await cep.fill("");
    await cep.pressSequentially("5102");
    await district.fill("");
    await lifts.fill("");
    await page.getByLabel("UF").selectOption("");
    await day(page, "Sábados").getByLabel("Início").selectOption("13:00");
    await day(page, "Sábados").getByLabel("Fim").selectOption("12:00");
    await day(page, "Domingos").getByLabel("Início").selectOption("09:00");
    await day(page, "Feriados").getByLabel("Início").selectOption("10:00");
    await day(page, "Feriados").getByLabel("Fim").selectOption("10:00");
    await saveButtons(page).first().click();

    await expect(errorOf(page, name)).resolves.toBe("Razão Social é obrigatória");
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("cadastro-RazaoSocial"); // the first invalid field
    await expect(name.getAttribute("aria-invalid")).resolves.toBe("true");
    await expect(errorOf(page, cnpj)).resolves.toBe("CNPJ inválido: confira os dígitos verificadores.");
    await expect(errorOf(page, cep)).resolves.toBe("CEP inválido: informe os 8 dígitos (00000-000).");
    await expect(errorOf(page, district)).resolves.toBe("Bairro é obrigatório");
    await expect(errorOf(page, lifts)).resolves.toBe("Qtde. Elevadores é obrigatória");
    await expect(errorOf(page, page.getByLabel("UF"))).resolves.toBe("UF é obrigatória");
    await day(page, "Sábados").getByText("Sábados: o início deve ser antes do fim.").waitFor();
    await day(page, "Domingos").getByText("Domingos: informe início e fim, ou deixe os dois vazios.").waitFor();
    await day(page, "Feriados").getByText("Feriados: o início deve ser antes do fim.").waitFor();
    expect(await violations(page)).toEqual([]);

    // Editing a field clears its own error only.
    await name.fill("Oficina Teste Ltda");
    await expect(errorOf(page, name)).resolves.toBe("");
    await expect(errorOf(page, cnpj)).resolves.toBe("CNPJ inválido: confira os dígitos verificadores.");
    await cnpj.fill("");
    await saveButtons(page).last().click();
    await expect(errorOf(page, cnpj)).resolves.toBe("CNPJ é obrigatório");
    await lifts.fill("2.5");
    await day(page, "Sábados").getByLabel("Fim").selectOption("14:00");
    await day(page, "Sábados").getByText("Sábados: o início deve ser antes do fim.").waitFor({ state: "detached" });
    await saveButtons(page).last().click();
    await expect(errorOf(page, lifts)).resolves.toBe("Qtde. Elevadores deve ser um número inteiro de 0 a 99.");
    expect(updates.n).toBe(0);
    await page.getByRole("button", { name: "Cancelar" }).first().click();
    expect(await serverData()).toEqual(d);
  });

  it("keeps the form and shows the failure when the save fails", async () => {
    const page = await openPage(ctx);
    await page.getByRole("button", { name: "Editar" }).click();
    await page.getByLabel("Complemento").fill("Não gravado");
    await page.route(`**/api${UPDATE}`, (route) => route.abort());
    await saveButtons(page).first().click();
    await page.getByRole("alert").filter({ hasText: "Erro ao atualizar dados cadastrais" }).first().waitFor({ timeout: 15_000 });
    await page.unroute(`**/api${UPDATE}`);
    await expect(page.getByLabel("Complemento").inputValue()).resolves.toBe("Não gravado");
    expect(await saveButtons(page).first().isEnabled()).toBe(true);
    expect((await serverData()).EnderecoComplemento).toBe(original.EnderecoComplemento);
    await page.getByRole("button", { name: "Cancelar" }).first().click();
  });

  it("saves ('Salvando...'), shows and re-reads the change from the server, then puts the original back the same way", async () => {
    const page = await openPage(ctx);
    const d = await serverData();
    const lifts = Number(d.QtdeElevadores);
    const complement = `Galpão ${Date.now().toString(36)}`;
    await page.getByRole("button", { name: "Editar" }).click();
    await page.getByLabel("Qtde. Elevadores").fill(String(lifts + 1));
    await page.getByLabel("Complemento").fill(complement);
    await day(page, "Feriados").getByLabel("Início").selectOption("09:00");
    await day(page, "Feriados").getByLabel("Fim").selectOption("13:00");
    // Hold the request until 'Salvando...' has been seen, then let it through to the real server.
    let release: () => void = () => {};
    const held = new Promise<void>((r) => (release = r));
    await page.route(`**/api${UPDATE}`, async (route) => {
      await held;
      await route.continue();
    });
    await saveButtons(page).last().click();
    await page.getByRole("button", { name: "Salvando..." }).first().waitFor();
    expect(await page.getByRole("button", { name: "Salvando..." }).count()).toBe(2);
    expect(await page.getByLabel("Complemento").isDisabled()).toBe(true);
    release();
    await page.getByText("Dados atualizados com sucesso!").waitFor({ timeout: 15_000 });
    await page.unroute(`**/api${UPDATE}`);
    await page.getByRole("button", { name: "Editar" }).waitFor();
    expect(await shown(page, "Dados do Credenciado", "Qtde. Elevadores")).toBe(String(lifts + 1));
    expect(await shown(page, "Endereço", "Complemento")).toBe(complement);
    expect(await shown(page, "Horários de Funcionamento", "Feriados")).toBe("09:00 às 13:00");
    const after = await serverData();
    expect(after).toEqual({
      ...d,
      QtdeElevadores: lifts + 1,
      EnderecoComplemento: complement,
      FeriadoInicio: "1970-01-01T09:00:00.000Z",
      FeriadoFim: "1970-01-01T13:00:00.000Z",
    });
    // Still shown after a reload: it came from the server.
    await page.reload();
    await page.getByRole("button", { name: "Editar" }).waitFor({ timeout: 15_000 });
    expect(await shown(page, "Endereço", "Complemento")).toBe(complement);

    // Undo through the form: the agenda's slots depend on the lifts and hours.
    await page.getByRole("button", { name: "Editar" }).click();
    await page.getByLabel("Qtde. Elevadores").fill(String(lifts));
    await page.getByLabel("Complemento").fill(String(d.EnderecoComplemento ?? ""));
    await day(page, "Feriados").getByLabel("Início").selectOption(hour(d.FeriadoInicio));
    await day(page, "Feriados").getByLabel("Fim").selectOption(hour(d.FeriadoFim));
    await saveButtons(page).first().click();
    await page.getByRole("button", { name: "Editar" }).waitFor({ timeout: 15_000 });
    expect(await serverData()).toEqual(d);
  });
});
