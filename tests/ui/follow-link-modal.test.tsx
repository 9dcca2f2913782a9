// 'Enviar acompanhamento' (issue 39) in real Chromium at 360 px with the app's stylesheet, the server answering as the contract
// says (contract/acompanhamento.ts): a link made and shown once with its WhatsApp address (55 + the member's phone, the text
// encoded) and 'Copiar link'; no phone; a live link's since and until; a new link; revoking after the confirmation; axe clean.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { page, userEvent } from "vitest/browser";
import { axeViolations } from "./axe";
import { renderWithQuery } from "./render";
import { FollowLinkModal } from "../../src/features/ordem-servico/components/follow-link-modal";
import { FollowLinkOffer } from "../../src/features/ordem-servico/components/follow-link-offer";
import { hasFollowOffer, markFollowOffer } from "../../src/lib/follow-offer";
import type { FollowLinkState, NewFollowLink } from "../../contract/acompanhamento";
import "../../src/styles.css";

const ORDER = "5f0c3f5e-1d7a-4a53-9d55-0d1f8f7c2a10";
const TOKEN = "q7Zx2v9LmN0pR4sT6uW8yA1cE3gI5kM7oQ9sU1wY3a_";
const MESSAGE = "Olá, Ana! Acompanhe o serviço do seu veículo ABC-1234 na Oficina Central (OS #1042):";
const realFetch = window.fetch;
const realClipboard = Object.getOwnPropertyDescriptor(navigator, "clipboard");

let state: FollowLinkState;
let phone: string | null;
const calls: { method: string; url: string }[] = [];
let copied: string[] = [];

function serverAnswers() {
  window.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? "GET";
    calls.push({ method, url });
    if (!url.endsWith(`/api/execucao/${ORDER}/acompanhamento`)) return Response.json({ message: "?" }, { status: 404 });
    if (method === "GET") return Response.json(state);
    if (method === "POST") {
      state = { ...state, ativo: true, criadoEm: "2026-03-10T17:05:00.000Z", revogadoEm: null };
      const made: NewFollowLink = {
        success: true,
        message: "Link de acompanhamento gerado.",
        token: TOKEN,
        caminho: `/acompanhar#${TOKEN}`,
        mensagem: MESSAGE,
        telefoneWhatsApp: phone,
        criadoEm: "2026-03-10T17:05:00.000Z",
      };
      return Response.json(made);
    }
    if (method === "DELETE") {
      if (!state.ativo) return Response.json({ message: "Esta OS não tem link ativo." }, { status: 404 });
      state = { ...state, ativo: false, revogadoEm: "2026-03-11T12:30:00.000Z" };
      return Response.json({ success: true, message: "Link revogado." });
    }
    return Response.json({ message: "?" }, { status: 405 });
  }) as typeof fetch;
}

beforeEach(async () => {
  await page.viewport(360, 800);
  state = { ativo: false, criadoEm: null, validoAte: null, revogadoEm: null, telefoneSocio: "(81) 98765-4321" };
  phone = "5581987654321";
  calls.length = 0;
  copied = [];
  Object.defineProperty(navigator, "clipboard", {
    configurable: true,
    value: { writeText: async (text: string) => void copied.push(text) },
  });
  serverAnswers();
});

afterEach(() => {
  window.fetch = realFetch;
  if (realClipboard) Object.defineProperty(navigator, "clipboard", realClipboard);
});

const button = (name: string) => [...document.querySelectorAll("button")].find((b) => b.textContent === name);
const linkField = () => document.querySelector<HTMLInputElement>("input.follow-address");
const whatsapp = () => [...document.querySelectorAll("a")].find((a) => a.textContent === "Enviar pelo WhatsApp");
const text = () => document.querySelector("dialog")?.textContent ?? "";
const mount = () => renderWithQuery(<FollowLinkModal orderId={ORDER} onClose={() => {}} />);

describe("follow link modal", () => {
  it("makes a link and shows it once, with WhatsApp to 55 + the member's phone and the encoded text, and copies it", async () => {
    await mount();
    await vi.waitFor(() => expect(button("Gerar link de acompanhamento")).toBeDefined());
    expect(text()).toContain("Esta OS ainda não tem um link de acompanhamento ativo.");
    expect(await axeViolations(document.body)).toEqual([]);

    await userEvent.click(button("Gerar link de acompanhamento")!);
    await vi.waitFor(() => expect(linkField()).not.toBeNull());
    const address = `${location.origin}/acompanhar#${TOKEN}`;
    expect(linkField()!.value).toBe(address);
    expect(document.activeElement).toBe(linkField());
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(1);
    const a = whatsapp()!;
    expect(a.getAttribute("href")).toBe(`https://wa.me/5581987654321?text=${encodeURIComponent(`${MESSAGE}\n${address}`)}`);
    expect(a.target).toBe("_blank");
    expect(a.rel).toBe("noopener noreferrer");
    expect(text()).toContain("O link vale até 30 dias depois da conclusão da OS. Ele só é mostrado agora.");
    expect(text()).not.toContain("não tem celular cadastrado");

    await userEvent.click(button("Copiar link")!);
    await vi.waitFor(() => expect(document.querySelector(".follow-new [role=status]")?.textContent).toBe("Link copiado"));
    expect(copied).toEqual([address]);
    expect(await axeViolations(document.body)).toEqual([]);
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(360);
  });

  it("sends to a contact the attendant picks when the member has no phone", async () => {
    phone = null;
    await mount();
    await vi.waitFor(() => expect(button("Gerar link de acompanhamento")).toBeDefined());
    await userEvent.click(button("Gerar link de acompanhamento")!);
    await vi.waitFor(() => expect(whatsapp()).toBeDefined());
    const address = `${location.origin}/acompanhar#${TOKEN}`;
    expect(whatsapp()!.getAttribute("href")).toBe(`https://wa.me/?text=${encodeURIComponent(`${MESSAGE}\n${address}`)}`);
    expect(text()).toContain("O sócio não tem celular cadastrado: escolha o contato no WhatsApp.");
  });

  it("shows a live link's since and until, and a new link says the old one stops working", async () => {
    state = { ...state, ativo: true, criadoEm: "2026-03-10T17:05:00.000Z", validoAte: "2026-04-11T02:59:59.000Z" };
    await mount();
    await vi.waitFor(() => expect(text()).toContain("Link ativo desde 10/03/2026 14:05"));
    expect(text()).toContain("Válido até 10/04/2026 23:59.");
    const again = button("Gerar novo link")!;
    expect(document.getElementById(again.getAttribute("aria-describedby")!)?.textContent).toBe(
      "Ao gerar um novo link, o link enviado antes deixa de funcionar.",
    );
    expect(button("Revogar link")).toBeDefined();
    expect(await axeViolations(document.body)).toEqual([]);
    await userEvent.click(again);
    await vi.waitFor(() => expect(linkField()?.value).toBe(`${location.origin}/acompanhar#${TOKEN}`));
  });

  it("says an open order's link lasts until 30 days after it ends", async () => {
    state = { ...state, ativo: true, criadoEm: "2026-03-10T17:05:00.000Z" };
    await mount();
    await vi.waitFor(() => expect(text()).toContain("Vale até 30 dias depois da conclusão da OS."));
  });

  it("revokes the live link after the confirmation, and says so", async () => {
    state = { ...state, ativo: true, criadoEm: "2026-03-10T17:05:00.000Z" };
    await mount();
    await vi.waitFor(() => expect(button("Revogar link")).toBeDefined());
    await userEvent.click(button("Revogar link")!);
    await vi.waitFor(() => expect(document.querySelectorAll("dialog")).toHaveLength(2));
    expect(document.querySelectorAll("dialog")[1].textContent).toContain("O sócio deixa de ver a OS por este link");
    // 'Voltar' keeps the link.
    await userEvent.click(button("Voltar")!);
    await vi.waitFor(() => expect(document.querySelectorAll("dialog")).toHaveLength(1));
    expect(calls.some((c) => c.method === "DELETE")).toBe(false);

    await userEvent.click(button("Revogar link")!);
    await vi.waitFor(() => expect(button("Sim, revogar")).toBeDefined());
    await userEvent.click(button("Sim, revogar")!);
    await vi.waitFor(() => expect(document.querySelectorAll("dialog")).toHaveLength(1));
    expect(calls.filter((c) => c.method === "DELETE")).toHaveLength(1);
    await vi.waitFor(() => expect(button("Gerar link de acompanhamento")).toBeDefined());
    expect(document.querySelector(".follow-content > [role=status]")?.textContent).toBe("Link revogado");
    expect(text()).toContain("O último link foi revogado em 11/03/2026 09:30.");
    expect(document.activeElement?.classList.contains("follow-content")).toBe(true);
    expect(await axeViolations(document.body)).toEqual([]);
  });
});

describe("the offer made when the order starts", () => {
  const offer = () => document.querySelector(".follow-offer");

  it("is made once for an order started on this tab: 'Agora não' dismisses it for good", async () => {
    markFollowOffer(ORDER);
    await renderWithQuery(<FollowLinkOffer orderId={ORDER} onOpen={() => {}} />);
    expect(offer()?.textContent).toContain("Enviar o acompanhamento ao sócio?");
    await vi.waitFor(() => expect(calls.some((c) => c.method === "GET")).toBe(true));
    expect(await axeViolations(document.body)).toEqual([]);
    await userEvent.click(button("Agora não")!);
    await vi.waitFor(() => expect(offer()).toBeNull());
    expect(hasFollowOffer(ORDER)).toBe(false);
  });

  it("opens the link's modal, and is not made for an order not started here or with a live link", async () => {
    let opened = 0;
    markFollowOffer(ORDER);
    await renderWithQuery(<FollowLinkOffer orderId={ORDER} onOpen={() => opened++} />);
    await userEvent.click(button("Enviar acompanhamento")!);
    expect(opened).toBe(1);
    expect(hasFollowOffer(ORDER)).toBe(false);
    await vi.waitFor(() => expect(offer()).toBeNull());

    document.body.innerHTML = "";
    state = { ...state, ativo: true, criadoEm: "2026-03-10T17:05:00.000Z" };
    markFollowOffer(ORDER);
    await renderWithQuery(<FollowLinkOffer orderId={ORDER} onOpen={() => {}} />);
    await vi.waitFor(() => expect(calls.filter((c) => c.method === "GET").length).toBeGreaterThan(0));
    await vi.waitFor(() => expect(offer()).toBeNull());
  });
});
