// Pagamentos' Remessas and Diário financeiro (issue 49) in real Chromium with the app's stylesheet, the server stubbed as the
// contract says: a run's page with the actions its state allows (none for an approver, none once cancelled); 'Gerar arquivo'
// generating on the server and then downloading the .rem by its GET path, the message in the live region; 'Marcar como enviada
// ao banco' confirmed, a refusal kept in the dialog; 'Cancelar remessa' requiring its reason; the return file read as text
// (one character per byte) and sent with its name, the counts and the unknown 'seu número' shown; the runs' list and the paying
// accounts; the journal's filters and its CSV; axe clean on the pages at 360 and 1024 px and on each dialog.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { page, userEvent } from "vitest/browser";
import Papa from "papaparse";
import PaymentsSection from "../../src/features/central/components/payments-section";
import { monthRange, wallClock } from "../../src/domain/dates";
import type { JournalEntry, PaymentRun, PaymentTransfer, RunState } from "../../src/features/central/api/payment-runs";
import { axeViolations } from "./axe";
import {
  address,
  byRole,
  entry,
  json,
  mountAt,
  profile,
  run,
  RUN_ID,
  serve,
  text,
  transfer,
  type Call,
  type Handler,
} from "./central-payments-fixtures";
import "../../src/styles.css";

const RUN_PAGE = `/central/pagamentos?remessa=${RUN_ID}`;
const RUN_PATH = `/central/pagamentos/remessas/${RUN_ID}`;
const brl = (n: number) => new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" }).format(n).replace(/\s/g, " ");

let current: PaymentRun;
let transfers: PaymentTransfer[];
let calls: Call[];
let extra: Record<string, Handler>;
/** The files the page handed to the browser to save: their names and bytes. */
let saved: { name: string; blob?: Blob }[];
const blobs = new Map<string, Blob>();

beforeEach(async () => {
  await page.viewport(360, 800);
  current = run();
  transfers = [transfer(1), transfer(2)];
  extra = {};
  saved = [];
  blobs.clear();
  // A download is an anchor clicked: recorded here with its blob, never left to the browser.
  vi.spyOn(URL, "createObjectURL").mockImplementation((b: Blob | MediaSource) => {
    const url = `blob:test/${blobs.size}`;
    blobs.set(url, b as Blob);
    return url;
  });
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
    if (this.download) saved.push({ name: this.download, blob: blobs.get(this.href) });
  });
  calls = serve(
    new Proxy({} as Record<string, Handler>, {
      get: (_, key: string) =>
        extra[key] ??
        {
          "GET /central/pontos": () => json({ data: [] }),
          "GET /central/pagamentos/contas-pagadoras": () => json({ data: [profile()] }),
          "GET /central/pagamentos/remessas": () =>
            json({ data: [current, run({ IdRemessa: "r11", Numero: 11, Status: "retorno_importado", Nsa: 41, Pagas: 2, Rejeitadas: 1 })] }),
          [`GET ${RUN_PATH}`]: () => json({ data: current, transferencias: transfers, repasses: [] }),
        }[key],
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const mount = (role: "payer" | "approver" | "admin" = "payer", at = RUN_PAGE) => mountAt(at, <PaymentsSection role={role} />);
const actions = () => [...document.querySelectorAll('[role=group][aria-label="Ações da remessa"] button')].map((b) => text(b));
const heading = () => vi.waitFor(() => expect(text(document.querySelector(".payments-run-title"))).toBe("Remessa 12"), { timeout: 5000 });
const statusLine = () => text(document.querySelector(".payments-run-feedback[role=status]"));
const alertLine = () => text(document.querySelector(".payments-run-feedback[role=alert]"));
const dialog = () => [...document.querySelectorAll("dialog")].at(-1)!;
const posts = () => calls.filter((c) => c.method === "POST");
const search = () => Object.fromEntries(new URLSearchParams(address().split("?")[1] ?? ""));

describe("a run's page", () => {
  const STATES: [RunState, Partial<PaymentRun>, string[]][] = [
    ["rascunho", {}, ["Gerar arquivo", "Cancelar remessa"]],
    [
      "arquivo_gerado",
      { Nsa: 42, GeradaPor: "Paula Pagadora", GeradaEm: "2026-11-19T14:00:00.000Z" },
      ["Baixar arquivo novamente", "Marcar como enviada ao banco", "Cancelar remessa"],
    ],
    [
      "enviado",
      { Nsa: 42, EnviadaPor: "Paula Pagadora", EnviadaEm: "2026-11-19T15:00:00.000Z" },
      ["Baixar arquivo novamente", "Importar retorno do banco"],
    ],
    [
      "retorno_importado",
      { Nsa: 42, Pagas: 1, Rejeitadas: 1, RetornoImportadoEm: "2026-11-21T12:00:00.000Z" },
      ["Baixar arquivo novamente"],
    ],
    ["cancelada", { CanceladaPor: "Paula Pagadora", CanceladaEm: "2026-11-19T16:00:00.000Z", MotivoCancelamento: "Data errada" }, []],
  ];
  for (const [status, over, expected] of STATES) {
    it(`offers a payer, on a run ${status}, exactly: ${expected.join(", ") || "nothing"}`, async () => {
      current = run({ Status: status, ...over });
      await mount();
      await heading();
      expect(actions()).toEqual(expected);
      expect(document.querySelector('[role=group][aria-label="Ações da remessa"]') === null).toBe(expected.length === 0);
    });
  }

  it("shows an approver every fact and transfer, and no action at all", async () => {
    current = run({ Status: "arquivo_gerado", Nsa: 42 });
    transfers = [
      transfer(1, { Status: "pago", Comprovante: "comprovante.pdf", DataEfetivacao: "2026-11-20", NossoNumero: "BANCO123" }),
      transfer(2),
    ];
    await mount("approver");
    await heading();
    expect(actions()).toEqual([]);
    expect(byRole("button", "Anexar comprovante à transferência R000012-001")).toBeUndefined();
    expect(text(document.body)).toContain("Seu perfil (Aprovador) só consulta as remessas");
    // The proof is still there to read.
    expect(byRole("button", "comprovante.pdf: baixar o comprovante da transferência R000012-001")).toBeDefined();
    expect(await axeViolations(document.body)).toEqual([]);
  });

  it("lists the facts and the transfers: seu número, value, payee, OS, status with the bank's reason, bank number, date, proof", async () => {
    await page.viewport(1280, 900);
    current = run({
      Status: "retorno_importado",
      Nsa: 42,
      Pagas: 1,
      Rejeitadas: 1,
      GeradaPor: "Paula Pagadora",
      GeradaEm: "2026-11-19T14:00:00.000Z",
    });
    transfers = [
      transfer(1, { Status: "pago", NossoNumero: "BANCO123", DataEfetivacao: "2026-11-20" }),
      transfer(2, { Status: "rejeitado", Motivo: "Conta encerrada", Ocorrencias: "BD" }),
    ];
    await mount();
    await heading();
    // Each label and its value (the colon between them is drawn by the style sheet).
    const facts = text(document.querySelector(".payments-run-facts"));
    for (const part of [
      "Conta pagadora Itaú principal",
      "Data do pagamento 20/11/2026",
      "NSA 42",
      "Transferências 2",
      "Repasses 3",
      `Total ${brl(255.6)}`,
      "Pagas 1",
      "Rejeitadas 1",
      "Criada 19/11/2026, 10:04 · Paula Pagadora",
      "Arquivo gerado 19/11/2026, 11:00 · Paula Pagadora",
    ])
      expect(facts).toContain(part);
    expect(text(document.querySelector(".payments-run-head"))).toBe("Remessa 12 RETORNO IMPORTADO");
    const rows = [...document.querySelectorAll(".transfers-table tbody tr")].map((tr) =>
      [...tr.querySelectorAll("td")].map((td) => text(td)),
    );
    expect(rows).toEqual([
      [
        "Auto Center Boa Viagem",
        "PAGA",
        "R000012-001",
        brl(175.5),
        "Auto Center Boa Viagem Ltda · PIX CNPJ: 11.222.333/0001-81",
        "10, 13",
        "BANCO123",
        "20/11/2026",
        "Sem comprovante",
        "Anexar comprovante",
      ],
      [
        "Oficina Serra Azul",
        "REJEITADA Conta encerrada",
        "R000012-002",
        brl(80.1),
        "Oficina Serra Azul ME · 341 - Itaú · Ag. 1234 · Conta 56789-0 · Corrente",
        "20",
        "—",
        "—",
        "—",
        "",
      ],
    ]);
    expect(await axeViolations(document.body)).toEqual([]);
  });

  it("'Gerar arquivo' generates on the server, then downloads the .rem by its GET path; the message in the live region", async () => {
    extra[`POST ${RUN_PATH}/gerar`] = () => {
      current = run({ Status: "arquivo_gerado", Nsa: 42, GeradaPor: "Paula Pagadora", GeradaEm: "2026-11-19T14:00:00.000Z" });
      return json({ success: true, message: "Arquivo da remessa 12 gerado (NSA 42).", data: current });
    };
    extra[`GET ${RUN_PATH}/arquivo`] = () =>
      new Response("0".repeat(240) + "\r\n", {
        headers: {
          "content-type": "text/plain; charset=us-ascii",
          "content-disposition": 'attachment; filename="remessa-12-nsa-42-2026-11-20.rem"',
        },
      });
    await mount();
    await heading();
    expect(await axeViolations(document.body)).toEqual([]);
    await userEvent.click(byRole("button", "Gerar arquivo")!);
    await vi.waitFor(() => expect(statusLine()).toBe("Arquivo da remessa 12 gerado (NSA 42). O download do arquivo começou."));
    const steps = calls
      .filter((c) => c.path.startsWith(RUN_PATH) && c.path !== RUN_PATH)
      .map((c) => `${c.method} ${c.path.slice(RUN_PATH.length)}`);
    expect(steps).toEqual(["POST /gerar", "GET /arquivo"]);
    expect(saved.map((s) => s.name)).toEqual(["remessa-12-nsa-42-2026-11-20.rem"]);
    expect(await saved[0]!.blob!.text()).toBe("0".repeat(240) + "\r\n");
    await vi.waitFor(() => expect(actions()).toEqual(["Baixar arquivo novamente", "Marcar como enviada ao banco", "Cancelar remessa"]));
    // 'Gerar arquivo' is gone: the focus is not lost with it.
    await vi.waitFor(() => expect(document.activeElement).not.toBe(document.body));
    expect(document.querySelector(".payments-run-card")!.contains(document.activeElement)).toBe(true);

    // Again: the same bytes, from the same path.
    await userEvent.click(byRole("button", "Baixar arquivo novamente")!);
    await vi.waitFor(() => expect(statusLine()).toBe("Arquivo da remessa 12 (NSA 42) baixado de novo (o mesmo arquivo)."));
    expect(saved).toHaveLength(2);
    expect(calls.filter((c) => c.path === `${RUN_PATH}/arquivo`).map((c) => c.query)).toEqual([{ parte: "1" }, { parte: "1" }]);
    // A download refused: the server's reason, in the alert region.
    extra[`GET ${RUN_PATH}/arquivo`] = () => json({ success: false, message: "Esta remessa foi cancelada." }, 409);
    await userEvent.click(byRole("button", "Baixar arquivo novamente")!);
    await vi.waitFor(() => expect(alertLine()).toBe("Não foi possível baixar o arquivo da remessa: Esta remessa foi cancelada."));
    expect(statusLine()).toBe("");
    // Unreachable: no reason to give.
    extra[`GET ${RUN_PATH}/arquivo`] = () => Promise.reject(new TypeError("Failed to fetch"));
    await userEvent.click(byRole("button", "Baixar arquivo novamente")!);
    await vi.waitFor(() => expect(alertLine()).toBe("Não foi possível baixar o arquivo da remessa. Tente novamente."));
  });

  it("a run its layout splits (Itaú: PIX apart) downloads both files after 'Gerar arquivo', each again by its own button", async () => {
    const files = [
      { Parte: 1, Nsa: 42, Conteudo: "pix" as const, Transferencias: 1, NomeArquivo: "remessa-12-nsa-42-pix-2026-11-20.rem" },
      { Parte: 2, Nsa: 43, Conteudo: "conta" as const, Transferencias: 1, NomeArquivo: "remessa-12-nsa-43-conta-2026-11-20.rem" },
    ];
    extra[`POST ${RUN_PATH}/gerar`] = () => {
      current = run({
        Status: "arquivo_gerado",
        Nsa: 42,
        Arquivos: files,
        GeradaPor: "Paula Pagadora",
        GeradaEm: "2026-11-19T14:00:00.000Z",
      });
      transfers = [transfer(1, { Arquivo: 1 }), transfer(2, { Arquivo: 2 })];
      const message =
        "Remessa 12: 2 arquivos gerados, um só com os PIX (NSA 42) e outro com as transferências para contas (NSA 43), como o banco exige. Envie os dois.";
      return json({ success: true, message, data: current });
    };
    extra[`GET ${RUN_PATH}/arquivo`] = (c) =>
      new Response(`${c.query.parte}`.repeat(240) + "\r\n", {
        headers: { "content-disposition": `attachment; filename="${files[Number(c.query.parte) - 1]!.NomeArquivo}"` },
      });
    await mount();
    await heading();
    await userEvent.click(byRole("button", "Gerar arquivo")!);
    await vi.waitFor(() => expect(statusLine()).toMatch(/Envie os dois\. O download dos arquivos começou\.$/));
    expect(saved.map((s) => s.name)).toEqual(files.map((f) => f.NomeArquivo));
    expect(await saved[1]!.blob!.text()).toBe("2".repeat(240) + "\r\n");
    await vi.waitFor(() =>
      expect(actions()).toEqual([
        "Baixar arquivo dos PIX (NSA 42)",
        "Baixar arquivo das transferências para contas (NSA 43)",
        "Marcar como enviada ao banco",
        "Cancelar remessa",
      ]),
    );
    expect(document.querySelector(".payments-run-facts")!.textContent).toContain("42 (PIX) e 43 (contas)");
    await userEvent.click(byRole("button", "Baixar arquivo das transferências para contas (NSA 43)")!);
    await vi.waitFor(() => expect(statusLine()).toBe("Arquivo da remessa 12 (NSA 43) baixado de novo (o mesmo arquivo)."));
    expect(saved.map((s) => s.name).at(-1)).toBe(files[1]!.NomeArquivo);
    await userEvent.click(byRole("button", "Marcar como enviada ao banco")!);
    await vi.waitFor(() =>
      expect(document.querySelector("dialog")?.textContent).toContain("os arquivos da remessa 12 (NSA 42 e 43) foram enviados"),
    );
    expect(await axeViolations(document.body)).toEqual([]);
  });

  it("says the server's refusal to generate in the alert region", async () => {
    extra[`POST ${RUN_PATH}/gerar`] = () =>
      json({ success: false, message: "A data de pagamento desta remessa (20/11/2026) já passou: cancele-a e crie outra." }, 409);
    await mount();
    await heading();
    await userEvent.click(byRole("button", "Gerar arquivo")!);
    await vi.waitFor(() => expect(alertLine()).toBe("A data de pagamento desta remessa (20/11/2026) já passou: cancele-a e crie outra."));
    expect(calls.some((c) => c.path.endsWith("/arquivo"))).toBe(false);
    expect(saved).toEqual([]);
  });

  it("'Marcar como enviada ao banco' asks first; a refusal stays in the dialog; done, the run is sent", async () => {
    current = run({ Status: "arquivo_gerado", Nsa: 42 });
    let refuse = true;
    extra[`POST ${RUN_PATH}/enviar`] = () => {
      if (refuse)
        return json(
          { success: false, message: "Só uma remessa com arquivo gerado, ainda não enviada, pode ser marcada como enviada." },
          409,
        );
      current = run({ Status: "enviado", Nsa: 42, EnviadaPor: "Paula Pagadora", EnviadaEm: "2026-11-19T15:00:00.000Z" });
      return json({ success: true, message: "Remessa 12 marcada como enviada ao banco.", data: current });
    };
    await mount();
    await heading();
    await userEvent.click(byRole("button", "Marcar como enviada ao banco")!);
    await vi.waitFor(() => expect(text(dialog().querySelector("h2"))).toBe("Marcar como enviada ao banco"));
    expect(text(dialog())).toContain("Confirme que o arquivo da remessa 12 (NSA 42) foi enviado ao banco.");
    expect(await axeViolations(document.body)).toEqual([]);
    await userEvent.click(byRole("button", "Marcar como enviada", dialog())!);
    await vi.waitFor(() => expect(text(dialog().querySelector("[role=alert]"))).toContain("Só uma remessa com arquivo gerado"));
    refuse = false;
    await userEvent.click(byRole("button", "Marcar como enviada", dialog())!);
    await vi.waitFor(() => expect(document.querySelector("dialog")).toBeNull());
    expect(statusLine()).toBe("Remessa 12 marcada como enviada ao banco.");
    await vi.waitFor(() => expect(actions()).toEqual(["Baixar arquivo novamente", "Importar retorno do banco"]));
    expect(text(document.querySelector(".payments-run-head"))).toBe("Remessa 12 ENVIADA AO BANCO");
  });

  it("'Cancelar remessa' requires the reason, sends it, and says the server's message; a cancelled run has no action", async () => {
    current = run({ Status: "arquivo_gerado", Nsa: 42 });
    extra[`POST ${RUN_PATH}/cancelar`] = ({ body }) => {
      const { motivo } = body as { motivo: string };
      current = run({
        Status: "cancelada",
        Nsa: 42,
        CanceladaPor: "Paula Pagadora",
        CanceladaEm: "2026-11-19T16:00:00.000Z",
        MotivoCancelamento: motivo,
      });
      return json({ success: true, message: "Remessa 12 cancelada: 3 repasses voltaram a poder ser pagos.", data: current });
    };
    await mount();
    await heading();
    await userEvent.click(byRole("button", "Cancelar remessa")!);
    await vi.waitFor(() => expect(text(dialog().querySelector("h2"))).toBe("Cancelar a remessa 12"));
    expect(text(dialog())).toContain(`Os 3 repasses desta remessa (${brl(255.6)}) voltam a poder ser pagos.`);
    expect(await axeViolations(document.body)).toEqual([]);

    // No reason (blank): refused in the dialog, nothing sent.
    const reason = page.getByRole("dialog").getByLabelText("Motivo do cancelamento");
    await userEvent.fill(reason, "   ");
    await userEvent.click(byRole("button", "Cancelar remessa", dialog())!);
    await vi.waitFor(() => expect(text(dialog().querySelector("[role=alert]"))).toBe("Informe o motivo do cancelamento."));
    expect((await reason.element()).getAttribute("aria-invalid")).toBe("true");
    expect(posts()).toEqual([]);
    expect(await axeViolations(document.body)).toEqual([]);

    await userEvent.fill(reason, "  Data de pagamento errada  ");
    await userEvent.click(byRole("button", "Cancelar remessa", dialog())!);
    await vi.waitFor(() => expect(document.querySelector("dialog")).toBeNull());
    expect(posts().map((c) => [c.path, c.body])).toEqual([[`${RUN_PATH}/cancelar`, { motivo: "Data de pagamento errada" }]]);
    expect(statusLine()).toBe("Remessa 12 cancelada: 3 repasses voltaram a poder ser pagos.");
    await vi.waitFor(() => expect(text(document.querySelector(".payments-run-head"))).toBe("Remessa 12 CANCELADA"));
    expect(actions()).toEqual([]);
    // The dialog's opener is gone with the actions: the focus is on the run's heading, not lost.
    await vi.waitFor(() => expect(document.activeElement?.classList.contains("payments-run-title")).toBe(true));
    expect(text(document.querySelector(".payments-run-facts"))).toContain("Motivo do cancelamento Data de pagamento errada");
  });
});

describe("Remessas", () => {
  it("lists the runs and the paying accounts; a run opens its page; the state filter asks the server", async () => {
    await page.viewport(1280, 900);
    current = run({ Status: "arquivo_gerado", Nsa: 42 });
    await mount("payer", "/central/pagamentos?ver=remessas");
    await vi.waitFor(() => expect(document.querySelectorAll(".runs-table tbody tr")).toHaveLength(2), { timeout: 5000 });
    const rows = [...document.querySelectorAll(".runs-table tbody tr")].map((tr) => [...tr.querySelectorAll("td")].map((td) => text(td)));
    expect(rows).toEqual([
      ["12", "ARQUIVO GERADO", "42", "Itaú principal", "20/11/2026", "2 transferências · 3 repasses", brl(255.6), "—", "Abrir"],
      [
        "11",
        "RETORNO IMPORTADO",
        "41",
        "Itaú principal",
        "20/11/2026",
        "2 transferências · 3 repasses",
        brl(255.6),
        "2 pagas · 1 rejeitada",
        "Abrir",
      ],
    ]);
    expect(text(document.querySelector(".payments-profile"))).toBe(
      "Itaú principal 341 – Itaú Unibanco · Ag. 1234 · Conta 56789-0 · último NSA 41",
    );
    expect(document.querySelector('[aria-current="page"]')?.textContent).toBe("Remessas");
    expect(await axeViolations(document.body)).toEqual([]);

    await userEvent.selectOptions(page.getByLabelText("Situação da remessa"), "enviado");
    await vi.waitFor(() => expect(calls.some((c) => c.path === "/central/pagamentos/remessas" && c.query.status === "enviado")).toBe(true));

    await userEvent.click(byRole("link", "Abrir a remessa 12")!);
    await vi.waitFor(() => expect(search()).toEqual({ remessa: RUN_ID }));
    await heading();
    await userEvent.click(byRole("link", "Voltar às remessas")!);
    await vi.waitFor(() => expect(search()).toEqual({ ver: "remessas" }));
  });

  it("shows an approver the lists without 'Importar retorno do banco' nor 'Adicionar conta pagadora'", async () => {
    await mount("approver", "/central/pagamentos?ver=remessas");
    await vi.waitFor(() => expect(document.querySelectorAll(".runs-cards > li")).toHaveLength(2), { timeout: 5000 });
    expect(byRole("button", "Importar retorno do banco")).toBeUndefined();
    expect(byRole("button", "Adicionar conta pagadora")).toBeUndefined();
    expect(await axeViolations(document.body)).toEqual([]);
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(360);
  });

  it("imports the bank's return file as text (one character per byte) with its name, and shows the counts and the unknown numbers", async () => {
    let answer: () => Response = () =>
      json({ success: false, message: "O arquivo não é um retorno CNAB 240: a primeira linha não é um header de arquivo." }, 400);
    extra["POST /central/pagamentos/retorno"] = () => answer();
    await mount("payer", "/central/pagamentos?ver=remessas");
    await vi.waitFor(() => expect(byRole("button", "Importar retorno do banco")).toBeDefined(), { timeout: 5000 });
    await userEvent.click(byRole("button", "Importar retorno do banco")!);
    await vi.waitFor(() => expect(text(dialog().querySelector("h2"))).toBe("Importar retorno do banco"));
    expect(await axeViolations(document.body)).toEqual([]);

    // No file: said, nothing sent.
    await userEvent.click(byRole("button", "Importar", dialog())!);
    await vi.waitFor(() => expect(text(dialog().querySelector("[role=alert]"))).toBe("Escolha o arquivo de retorno."));
    expect(posts()).toEqual([]);

    // A Latin-1 byte (Ç, 0xC7) stays one character, so every field after it keeps its position.
    const bytes = new Uint8Array([...new TextEncoder().encode("34100000"), 0xc7, ...new TextEncoder().encode("AO\r\n")]);
    const input = (await page.getByRole("dialog").getByLabelText("Arquivo de retorno (CNAB 240)").element()) as HTMLInputElement;
    await userEvent.upload(input, new File([bytes], "RET001.RET", { type: "" }));
    await userEvent.click(byRole("button", "Importar", dialog())!);
    await vi.waitFor(() => expect(text(dialog().querySelector("[role=alert]"))).toContain("não é um retorno CNAB 240"));
    expect(posts().map((c) => c.body)).toEqual([{ nomeArquivo: "RET001.RET", conteudo: "34100000ÇAO\r\n" }]);

    answer = () =>
      json({
        success: true,
        message: "Retorno importado: 1 transferência paga, 1 rejeitada.",
        pagas: 1,
        rejeitadas: 1,
        jaImportadas: 0,
        agendadas: 2,
        desconhecidas: ["R000099-001"],
      });
    await userEvent.click(byRole("button", "Importar", dialog())!);
    await vi.waitFor(() =>
      expect(text(dialog().querySelector(".payments-return-message"))).toBe("Retorno importado: 1 transferência paga, 1 rejeitada."),
    );
    const result = dialog().querySelector("[role=status]")!;
    expect([...result.querySelectorAll("dt")].map((d) => text(d))).toEqual([
      "Transferências pagas",
      "Transferências rejeitadas",
      "Agendadas pelo banco (aguardam o próximo retorno)",
      "Já importadas antes",
    ]);
    expect([...result.querySelectorAll("dd")].map((d) => text(d))).toEqual(["1", "1", "2", "0"]);
    expect(text(result.querySelector(".payments-return-unknown"))).toBe(
      "Um “seu número” do arquivo não pertence a nenhuma remessa do programa:",
    );
    expect([...result.querySelectorAll("li")].map((li) => text(li))).toEqual(["R000099-001"]);
    expect(dialog().querySelector("[role=alert]")).toBeNull();
    expect(await axeViolations(document.body)).toEqual([]);
  });
});

describe("Diário financeiro", () => {
  const ENTRIES: JournalEntry[] = [
    entry(3, {
      Acao: "transferencia-rejeitada",
      Entidade: "payment_transfer",
      IdPontoAtendimento: "p2",
      NomeFantasia: "Oficina Serra Azul",
      Antes: "pendente",
      Depois: "rejeitado",
      Observacao: "R000012-002: Conta encerrada",
      Em: "2026-11-21T12:00:00.000Z",
      Usuario: "Rui Admin",
      IdUsuario: "u2",
    }),
    entry(2, {
      Acao: "pagar",
      Entidade: "payout",
      IdRemessa: null,
      NumeroRemessa: null,
      IdPontoAtendimento: "p1",
      NomeFantasia: "Auto Center Boa Viagem",
      Antes: "N",
      Depois: "S",
      Observacao: '=HYPERLINK("http://x")',
    }),
    entry(1),
  ];

  it("lists the money actions, filters them by user, run and period, and exports the CSV", async () => {
    const month = monthRange(wallClock().date);
    extra["GET /central/pagamentos/diario"] = ({ query }) =>
      json({ data: ENTRIES.filter((e) => !query.idUsuario || e.IdUsuario === query.idUsuario) });
    await mount("approver", "/central/pagamentos?ver=diario");
    await vi.waitFor(() => expect(document.querySelectorAll(".journal-cards > li")).toHaveLength(3), { timeout: 5000 });
    const journalCalls = () => calls.filter((c) => c.path === "/central/pagamentos/diario");
    expect(journalCalls()[0]!.query).toEqual({ dataInicio: month.first, dataFim: month.last });
    const first = document.querySelector(".journal-cards > li")!;
    expect(text(first.querySelector("h3"))).toBe("Transferência rejeitada");
    expect(text(first)).toContain("Oficina Serra Azul");
    expect(text(first)).toContain("Remessa 12");
    // The change read 'de … para' (the arrow hidden).
    expect(first.querySelector(".payments-journal-change")!.textContent).toBe("de pendente → para rejeitado");
    expect(await axeViolations(document.body)).toEqual([]);
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(360);

    // The users seen are the choices; filtering by one keeps the others.
    const user = page.getByLabelText("Usuário", { exact: true });
    const userSelect = (await user.element()) as HTMLSelectElement;
    expect([...userSelect.options].map((o) => o.text)).toEqual(["Todos os usuários", "Paula Pagadora", "Rui Admin"]);
    await userEvent.selectOptions(user, "u2");
    await vi.waitFor(() => expect(journalCalls().at(-1)!.query.idUsuario).toBe("u2"));
    await vi.waitFor(() => expect(document.querySelectorAll(".journal-cards > li")).toHaveLength(1));
    expect([...userSelect.options].map((o) => o.text)).toEqual(["Todos os usuários", "Paula Pagadora", "Rui Admin"]);
    await userEvent.selectOptions(page.getByLabelText("Remessa", { exact: true }), RUN_ID);
    await vi.waitFor(() =>
      expect(journalCalls().at(-1)!.query).toEqual({ idUsuario: "u2", idRemessa: RUN_ID, dataInicio: month.first, dataFim: month.last }),
    );
    await userEvent.selectOptions(user, "");
    await userEvent.selectOptions(page.getByLabelText("Remessa", { exact: true }), "");
    await vi.waitFor(() => expect(document.querySelectorAll(".journal-cards > li")).toHaveLength(3));

    await userEvent.click(byRole("button", "Exportar CSV")!);
    await vi.waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toBe(`diario-financeiro-${wallClock().date}.csv`);
    const bytes = new Uint8Array(await saved[0]!.blob!.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    // text() drops the byte order mark.
    const lines = Papa.parse<string[]>(await saved[0]!.blob!.text(), { delimiter: ";", skipEmptyLines: true }).data;
    expect(lines[0]).toEqual(["Data e hora", "Usuário", "Ação", "Item", "ID do item", "Ponto", "Remessa", "Antes", "Depois", "Observação"]);
    expect(lines.slice(1).map((l) => l.slice(0, 3))).toEqual([
      ["21/11/2026, 09:00", "Rui Admin", "Transferência rejeitada"],
      ["19/11/2026, 10:04", "Paula Pagadora", "Pagamento registrado"],
      ["19/11/2026, 10:04", "Paula Pagadora", "Remessa criada"],
    ]);
    expect(lines[1]!.slice(3)).toEqual([
      "Transferência",
      RUN_ID,
      "Oficina Serra Azul",
      "12",
      "pendente",
      "rejeitado",
      "R000012-002: Conta encerrada",
    ]);
    // A note that looks like a formula is written as text.
    expect(lines[2]![9]).toBe('\'=HYPERLINK("http://x")');
  });
});
