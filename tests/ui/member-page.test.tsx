// The member's follow page (src/member) in real Chromium at 360 px with its own stylesheet and the API scripted through fetch:
// an open order's point, vehicle, steps (Brasília times), services, media and notes; the rating (the token and the score in the
// POST body, then the thanks and the score shown) and the return (multipart with the token, the service, the description and
// the photo, then the request listed) of an ended order; the invalid-link page; the 30 s poll only while open; axe clean.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { page, userEvent } from "vitest/browser";
import type { MemberView } from "../../contract/acompanhamento";
import { MemberPage } from "../../src/member/member-page";
import { MEMBER_POLL_MS, memberViewQuery } from "../../src/member/query-options";
import { dateTimeText } from "../../src/lib/br-format";
import { axeViolations } from "./axe";
import { renderWithQuery } from "./render";
import "../../src/member/member.css";

const TOKEN = "Qm9hVmlhZ2VtLVJlY2lmZS1QRS1PUy0xMDQyLXRva2V";
if (TOKEN.length !== 43) throw new Error("the fixture token must have the real shape");
const PHOTO = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

const openOrder = (): MemberView => ({
  ponto: { nome: "Auto Center Boa Viagem", endereco: "Av. Boa Viagem, 100 - Recife/PE", telefone: "(81) 3333-4444" },
  veiculo: { placa: "ABC1D23", descricao: "Fiat Argo 2022" },
  socio: "Maria",
  os: { numero: 1042, situacao: "em-andamento", agendadoPara: "2026-03-10T12:00:00.000Z" },
  linhaDoTempo: [
    { etapa: "agendado", titulo: "Agendado", em: "2026-03-09T18:30:00.000Z" },
    { etapa: "iniciado", titulo: "Serviço iniciado", em: "2026-03-10T12:07:00.000Z" },
    { etapa: "servico", titulo: "Troca de óleo aprovada", em: "2026-03-10T13:15:00.000Z" },
    { etapa: "concluido", titulo: "Concluído", em: null },
  ],
  servicos: [
    { id: "s1", descricao: "Troca de óleo", situacao: "aprovado", garantiaAte: null, fotos: [PHOTO], video: null, retornoAberto: false },
    { id: "s2", descricao: "Alinhamento", situacao: "pendente", garantiaAte: null, fotos: [], video: null, retornoAberto: false },
  ],
  videoInicial: null,
  videoFinal: null,
  fotos: [`${PHOTO}#geral`],
  notas: [{ texto: "Pastilhas com 40% de vida útil.", em: "2026-03-10T13:20:00.000Z" }],
  avaliacao: null,
  podeAvaliar: false,
  retornos: [],
  podePedirRetorno: false,
  validoAte: null,
  vistorias: [],
});

const endedOrder = (): MemberView => ({
  ...openOrder(),
  os: { numero: 1042, situacao: "concluido", agendadoPara: "2026-03-10T12:00:00.000Z" },
  linhaDoTempo: openOrder().linhaDoTempo.map((s) => (s.etapa === "concluido" ? { ...s, em: "2026-03-10T15:40:00.000Z" } : s)),
  servicos: [
    { id: "s1", descricao: "Troca de óleo", situacao: "aprovado", garantiaAte: "2099-12-31", fotos: [], video: null, retornoAberto: false },
    { id: "s2", descricao: "Alinhamento", situacao: "aprovado", garantiaAte: "2020-01-31", fotos: [], video: null, retornoAberto: false },
  ],
  podeAvaliar: true,
  podePedirRetorno: true,
  validoAte: "2026-04-09T15:40:00.000Z",
});

/** The server as the page sees it: each route's answer, and every call made (its URL and body). */
let view: () => Response;
let onRating: (body: unknown) => Response;
let onReturn: (form: FormData) => Response;
const calls: { url: string; body: unknown }[] = [];
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

beforeEach(async () => {
  calls.length = 0;
  await page.viewport(360, 800);
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const body = init?.body instanceof FormData ? init.body : init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ url, body });
    if (url.endsWith("/api/acompanhamento")) return view();
    if (url.endsWith("/api/acompanhamento/avaliacao")) return onRating(body);
    if (url.endsWith("/api/acompanhamento/retorno")) return onReturn(body as FormData);
    if (url.endsWith("/api/acompanhamento/evidencias")) return json({ success: false, message: "não usado" }, 404);
    return new Response("", { status: 404 });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const text = () => document.body.textContent ?? "";
const waitForText = (t: string) => vi.waitFor(() => expect(text()).toContain(t), { timeout: 5000 });

describe("the member's follow page", () => {
  it("shows an open order: point, vehicle, steps with Brasília times, services, photos and notes; the token only in POST bodies", async () => {
    view = () => json(openOrder());
    await renderWithQuery(<MemberPage token={TOKEN} />);
    await waitForText("Ordem de serviço nº 1042");
    const body = text();
    for (const t of [
      "Olá, Maria!",
      "Em andamento",
      "Fiat Argo 2022",
      "ABC1D23",
      "Auto Center Boa Viagem",
      "Av. Boa Viagem, 100 - Recife/PE",
      "Agendado",
      "Serviço iniciado",
      "Troca de óleo aprovada",
      "Concluído",
      "Troca de óleo",
      "Aprovado",
      "Alinhamento",
      "Aguardando aprovação",
      "Pastilhas com 40% de vida útil.",
      "Esta página se atualiza sozinha",
    ]) {
      expect(body).toContain(t);
    }
    // The same text as the app's Intl formatter (pt-BR, America/Sao_Paulo): 09/03/2026, 15:30 for 18:30 UTC.
    expect(body).toContain("09/03/2026, 15:30");
    for (const iso of ["2026-03-09T18:30:00.000Z", "2026-03-10T12:07:00.000Z", "2026-03-10T13:15:00.000Z", "2026-03-10T13:20:00.000Z"]) {
      expect(body).toContain(dateTimeText(iso));
    }
    const steps = [...document.querySelectorAll(".m-timeline li")];
    expect(steps.map((li) => li.getAttribute("data-step"))).toEqual(["agendado", "iniciado", "servico", "concluido"]);
    expect(steps[2]!.getAttribute("aria-current")).toBe("step");
    expect(steps[3]!.textContent).toContain("Etapa pendente");
    const tel = document.querySelector<HTMLAnchorElement>('a[href^="tel:"]')!;
    expect(tel.getAttribute("href")).toBe("tel:+558133334444");
    expect(tel.getAttribute("aria-label")).toBe("Ligar para (81) 3333-4444");
    const photos = [...document.querySelectorAll<HTMLImageElement>(".m-photos img")];
    expect(photos.map((i) => i.alt)).toEqual(["Foto 1 do serviço Troca de óleo", "Foto 1"]);
    expect(photos.every((i) => i.loading === "lazy")).toBe(true);
    // Open: neither rating nor return yet.
    expect(body).not.toContain("Avaliar o serviço");
    expect(body).not.toContain("Pedir retorno");
    expect(calls[0]).toEqual({ url: "/api/acompanhamento", body: { token: TOKEN } });
    expect(calls.every((c) => !c.url.includes(TOKEN))).toBe(true);
    expect(await axeViolations(document.body)).toEqual([]);
  });

  it("plays the initial and final videos from their signed addresses, asking for the metadata only", async () => {
    view = () =>
      json({
        ...endedOrder(),
        videoInicial: "/api/acompanhamento/arquivos/a.mp4?l=1&e=2&s=x",
        videoFinal: "/api/acompanhamento/arquivos/b.mp4?l=1&e=2&s=y",
      });
    await renderWithQuery(<MemberPage token={TOKEN} />);
    await waitForText("Vídeo inicial");
    const videos = [...document.querySelectorAll<HTMLVideoElement>("video")];
    expect(videos.map((v) => [v.getAttribute("aria-label"), v.getAttribute("src"), v.preload, v.controls])).toEqual([
      ["Vídeo inicial", "/api/acompanhamento/arquivos/a.mp4?l=1&e=2&s=x", "metadata", true],
      ["Vídeo final", "/api/acompanhamento/arquivos/b.mp4?l=1&e=2&s=y", "metadata", true],
    ]);
  });

  it("polls every 30 s while the order is open and stops once it ended or the link died", () => {
    const interval = memberViewQuery(TOKEN).refetchInterval as (q: { state: { data?: MemberView; error: unknown } }) => number | false;
    expect(MEMBER_POLL_MS).toBe(30_000);
    expect(interval({ state: { data: openOrder(), error: null } })).toBe(30_000);
    expect(interval({ state: { data: { ...openOrder(), os: { ...openOrder().os, situacao: "agendado" } }, error: null } })).toBe(30_000);
    expect(interval({ state: { data: endedOrder(), error: null } })).toBe(false);
    expect(interval({ state: { data: { ...openOrder(), os: { ...openOrder().os, situacao: "cancelado" } }, error: null } })).toBe(false);
    expect(memberViewQuery(TOKEN).refetchIntervalInBackground).toBe(false);
  });

  it("rates an ended order: the token and the score in the body, then the thanks and the score shown", async () => {
    let rated: MemberView["avaliacao"] = null;
    view = () => json({ ...endedOrder(), avaliacao: rated, podeAvaliar: !rated });
    onRating = () => {
      rated = { nota: 4, comentario: "Atendimento rápido.", em: "2026-03-10T16:00:00.000Z" };
      return json({ success: true, message: "Avaliação registrada." });
    };
    await renderWithQuery(<MemberPage token={TOKEN} />);
    await waitForText("Avaliar o serviço");
    const four = await vi.waitFor(() => page.getByRole("radio", { name: "4 estrelas" }).element() as HTMLInputElement);
    for (const n of [1, 2, 3, 4, 5])
      expect(page.getByRole("radio", { name: n === 1 ? "1 estrela" : `${n} estrelas` }).element()).toBeTruthy();
    // Sending without a score says what is missing and sends nothing.
    await userEvent.click(page.getByRole("button", { name: "Enviar avaliação" }));
    await waitForText("Escolha de 1 a 5 estrelas.");
    expect(calls.some((c) => c.url.endsWith("/avaliacao"))).toBe(false);
    expect(await axeViolations(document.body)).toEqual([]);

    await userEvent.click(four.closest("label")!);
    expect(four.checked).toBe(true);
    await userEvent.fill(page.getByRole("textbox", { name: "Comentário (opcional)" }), "Atendimento rápido.");
    await waitForText("981 caracteres restantes");
    await userEvent.click(page.getByRole("button", { name: "Enviar avaliação" }));
    await waitForText("Obrigado pela avaliação!");
    await waitForText("4 de 5 estrelas");
    expect(calls.find((c) => c.url.endsWith("/avaliacao"))!.body).toEqual({ token: TOKEN, nota: 4, comentario: "Atendimento rápido." });
    expect(text()).toContain("Atendimento rápido.");
    expect(document.querySelector(".m-stars")).toBeNull();
    expect(await axeViolations(document.body)).toEqual([]);
  });

  it("shows the server's refusal of a rating and keeps the form", async () => {
    view = () => json(endedOrder());
    onRating = () => json({ success: false, message: "Esta ordem de serviço já foi avaliada." }, 409);
    await renderWithQuery(<MemberPage token={TOKEN} />);
    const five = await vi.waitFor(() => page.getByRole("radio", { name: "5 estrelas" }).element() as HTMLInputElement);
    await userEvent.click(five.closest("label")!);
    await userEvent.click(page.getByRole("button", { name: "Enviar avaliação" }));
    await waitForText("Esta ordem de serviço já foi avaliada.");
    expect(calls.find((c) => c.url.endsWith("/avaliacao"))!.body).toEqual({ token: TOKEN, nota: 5 });
    expect(page.getByRole("button", { name: "Enviar avaliação" }).element()).toBeTruthy();
  });

  it("asks for a return of a service within its warranty: multipart with token, service, description and photo", async () => {
    let returns: MemberView["retornos"] = [];
    // An old plate, written as the point's screens write it (issue 50); once asked, the service's return is open.
    view = () =>
      json({
        ...endedOrder(),
        veiculo: { placa: "JOG9221", descricao: "VW Gol 2012" },
        retornos: returns,
        servicos: endedOrder().servicos.map((s) => ({ ...s, retornoAberto: returns.length > 0 && s.id === "s1" })),
        podePedirRetorno: returns.length === 0,
      });
    let sent: FormData | undefined;
    onReturn = (form) => {
      sent = form;
      returns = [{ descricao: "Vazamento de óleo no cárter.", em: "2026-03-12T12:00:00.000Z", situacao: "Aberto" }];
      return json({ success: true, message: "Pedido de retorno registrado." });
    };
    await renderWithQuery(<MemberPage token={TOKEN} />);
    await waitForText("Pedir retorno");
    expect(text()).toContain("JOG-9221");
    await userEvent.click(page.getByRole("button", { name: "Pedir retorno" }));
    const select = await vi.waitFor(() => page.getByRole("combobox", { name: "Serviço" }).element() as HTMLSelectElement);
    // Only the service whose warranty has not ended, with its last day; being the only one, it comes chosen.
    expect([...select.options].map((o) => o.textContent)).toEqual(["Selecione o serviço", "Troca de óleo — Garantia até 31/12/2099"]);
    expect(select.value).toBe("s1");

    await userEvent.click(page.getByRole("button", { name: "Enviar pedido" }));
    await waitForText("Descreva o problema.");
    await userEvent.fill(page.getByRole("textbox", { name: "Descreva o problema" }), "Vazamento de óleo no cárter.");
    const png = Uint8Array.from(atob(PHOTO.split(",")[1]!), (c) => c.charCodeAt(0));
    const photo = new File([png], "vazamento.png", { type: "image/png" });
    await userEvent.upload(page.getByLabelText("Foto do problema (opcional)"), [photo]);
    const preview = await vi.waitFor(() => page.getByRole("img", { name: "Prévia da foto escolhida" }).element() as HTMLImageElement);
    expect(preview.src).toMatch(/^blob:/);
    expect(await axeViolations(document.body)).toEqual([]);

    await userEvent.click(page.getByRole("button", { name: "Enviar pedido" }));
    await waitForText("Pedido de retorno enviado em 12/03/2026, 09:00");
    expect(text()).toContain("Pedido de retorno enviado.");
    expect(text()).toContain("Vazamento de óleo no cárter.");
    expect(sent!.get("token")).toBe(TOKEN);
    expect(sent!.get("idServico")).toBe("s1");
    expect(sent!.get("descricao")).toBe("Vazamento de óleo no cárter.");
    const foto = sent!.get("foto") as File;
    expect([foto.name, foto.type, foto.size]).toEqual(["vazamento.png", "image/png", photo.size]);
    expect(calls.find((c) => c.url.endsWith("/retorno"))!.url).toBe("/api/acompanhamento/retorno");
    // Its only eligible service has an open return now: 'Pedir retorno' is no longer offered.
    await vi.waitFor(() =>
      expect(document.querySelectorAll("button")).not.toContainEqual(expect.objectContaining({ textContent: "Pedir retorno" })),
    );
    expect(await axeViolations(document.body)).toEqual([]);
  });

  it("says the link is invalid or expired when the server does not know it", async () => {
    view = () => json({ success: false, message: "Link de acompanhamento inválido ou expirado." }, 404);
    await renderWithQuery(<MemberPage token={TOKEN} />);
    await waitForText("Este link de acompanhamento não é válido ou expirou. Peça um novo link ao ponto de atendimento.");
    expect(calls).toHaveLength(1);
    expect(await axeViolations(document.body)).toEqual([]);
  });

  it("loads the evidence verifier near its section; it reads the chain with the token in the POST body", async () => {
    view = () => json(endedOrder());
    await renderWithQuery(<MemberPage token={TOKEN} />);
    await waitForText("Evidências");
    document.querySelector(".m-evidence")!.scrollIntoView();
    const verify = await vi.waitFor(() => page.getByRole("button", { name: "Verificar evidências" }).element(), { timeout: 10_000 });
    await userEvent.click(verify);
    await waitForText("não usado");
    expect(calls.find((c) => c.url.endsWith("/evidencias"))).toEqual({ url: "/api/acompanhamento/evidencias", body: { token: TOKEN } });
    expect(await axeViolations(document.body)).toEqual([]);
  });

  it("asks nothing for a malformed token", async () => {
    view = () => json(openOrder());
    await renderWithQuery(<MemberPage token="abc" />);
    await waitForText("Este link de acompanhamento não é válido ou expirou.");
    expect(calls).toHaveLength(0);
  });

  it("offers a retry when the server cannot be reached", async () => {
    let down = true;
    view = () => (down ? json({ success: false, message: "Serviço indisponível." }, 503) : json(openOrder()));
    await renderWithQuery(<MemberPage token={TOKEN} />);
    await vi.waitFor(() => expect(page.getByRole("button", { name: "Tentar novamente" }).element()).toBeTruthy(), { timeout: 8000 });
    down = false;
    await userEvent.click(page.getByRole("button", { name: "Tentar novamente" }));
    await waitForText("Ordem de serviço nº 1042");
  });
});
