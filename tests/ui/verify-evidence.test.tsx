// "Verificar evidências" in real Chromium (the verify worker, WebCrypto, blob-served files): its progress in a polite live
// region, "Evidências íntegras" with what was checked, each failure named with its file and chain item (a missing one from the
// real server, downloaded with the given header), a chain that cannot be loaded, the video's plate line, and axe.
import { afterAll, describe, expect, it } from "vitest";
import { act } from "./act";
import { renderWithQuery } from "./render";
import { axeViolations } from "./axe";
import type { EvidenceChain } from "../../contract/evidencias-cadeia";
import { VerifyEvidence, shortFileName } from "../../src/components/evidence/verify-evidence";
import { videoPlateText } from "../../src/components/evidence/video-plate";
import { stopVerify } from "../../src/lib/workers/verify-bridge";
import { ApprovalsPanel } from "../../src/features/central/components/approvals-panel";
import type { PendingService } from "../../src/features/central/api/approvals";
import { buildChain, revokeChainUrls, withAlteredFile, withBadSignature, withEditedEntry } from "../support/evidence-chain";
import { api, demoSession } from "../workers/helpers";
import "../../src/styles.css";

afterAll(() => {
  revokeChainUrls();
  stopVerify();
});

const status = () => document.querySelector<HTMLElement>("[role=status]")!;
const button = () => document.querySelector<HTMLButtonElement>(".verify-evidence button")!;

async function until(check: () => boolean, ms = 20_000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out; status: ${status()?.textContent}`);
    await act(() => new Promise((r) => setTimeout(r, 30)));
  }
}

/** Renders the button over `load`, clicks it, and returns every text the live region showed until the verdict. */
async function verify(load: () => Promise<EvidenceChain>, headers?: Record<string, string>): Promise<string[]> {
  await renderWithQuery(
    <main>
      <VerifyEvidence load={load} headers={headers} />
    </main>,
  );
  expect(button().textContent).toBe("Verificar evidências");
  const texts: string[] = [];
  const watch = new MutationObserver(() => texts.push(status().textContent ?? ""));
  watch.observe(status(), { subtree: true, childList: true, characterData: true });
  await act(async () => button().click());
  await until(() => !button().disabled);
  watch.disconnect();
  return texts.filter((t, i) => t && t !== texts[i - 1]);
}

describe("VerifyEvidence", () => {
  it("shows real progress file by file, then 'Evidências íntegras' with the files, chain and signature checked; axe clean", async () => {
    const { chain } = await buildChain(["video-inicial", "foto", "foto", "laudo", "video-final", "recibo", "foto"], true, 200_000);
    const texts = await verify(async () => chain);
    expect(texts[0]).toBe("Verificando evidências…");
    expect(texts).toContain("Verificando evidências… 0 de 7 arquivos");
    // Each text the region showed is a count of files done that only grows (how many a fast machine shows varies).
    const counts = texts.slice(1, -1).map((t) => Number(/^Verificando evidências… (\d) de 7 arquivos$/.exec(t)?.[1]));
    expect(counts.every((n, i) => Number.isInteger(n) && n >= (counts[i - 1] ?? 0))).toBe(true);
    expect(status().getAttribute("aria-live")).toBe("polite");
    expect(status().textContent).toBe("Evidências íntegras7 arquivos, cadeia e assinatura conferidas");
    expect(button().textContent).toBe("Verificar de novo");
    expect(await axeViolations(document.body)).toEqual([]);
  });

  it("says the signature comes when the order is concluded, for an open order", async () => {
    const { chain } = await buildChain(["video-inicial"], false);
    await verify(async () => chain);
    expect(status().textContent).toBe("Evidências íntegras1 arquivo, cadeia conferida; a assinatura vem quando a OS for concluída");
  });

  it("names the altered file, the broken link and the bad signature; axe clean", async () => {
    const built = await buildChain(["foto", "video-inicial", "foto", "laudo"], true);
    const video = built.chain.entradas[1]!.arquivo;
    const photo = built.chain.entradas[2]!.arquivo;
    const chain = withBadSignature(withEditedEntry(withAlteredFile(built, 2), 3));
    await verify(async () => chain);
    const items = [...status().querySelectorAll("li")].map((li) => li.textContent);
    expect(status().querySelector("strong")!.textContent).toBe("As evidências não conferem");
    expect(items).toEqual([
      `Arquivo alterado: vídeo inicial (arquivo ${shortFileName(video)}, item 2 da cadeia)`,
      `Elo da cadeia quebrado no item 3 (foto, arquivo ${shortFileName(photo)})`,
      "Assinatura do servidor inválida",
    ]);
    expect(shortFileName(video)).toBe(`${video.slice(0, 2)}…${video.slice(-6)}`);
    expect(await axeViolations(document.body)).toEqual([]);
  });

  it("names a file the server no longer has", async () => {
    const built = await buildChain(["foto", "laudo"], false);
    // The real server's file route, with the session's header: the file is not there (404).
    const { token } = await demoSession();
    const gone = `${api}/uploads/files/${crypto.randomUUID()}.jpg`;
    const chain = { ...built.chain, entradas: built.chain.entradas.map((e) => (e.seq === 2 ? { ...e, url: gone } : e)) };
    await verify(async () => chain, { authToken: token });
    const laudo = shortFileName(built.chain.entradas[1]!.arquivo);
    expect(status().querySelector("li")!.textContent).toBe(`Arquivo ausente: laudo (arquivo ${laudo}, item 2 da cadeia)`);
  });

  it("gives no verdict when a file cannot be downloaded for another reason (no session: 401), and says so", async () => {
    const built = await buildChain(["foto"], false);
    const guarded = `${api}/uploads/files/${crypto.randomUUID()}.jpg`;
    const chain = { ...built.chain, entradas: built.chain.entradas.map((e) => ({ ...e, url: guarded })) };
    await verify(async () => chain);
    const photo = shortFileName(built.chain.entradas[0]!.arquivo);
    expect(status().textContent).toBe(
      `Não foi possível baixar foto (arquivo ${photo}) para conferir: o servidor respondeu com erro 401. Tente de novo.`,
    );
  });

  it("says why a chain could not be loaded", async () => {
    await verify(() => Promise.reject(new Error("Ordem de serviço não encontrada.")));
    expect(status().textContent).toBe("Ordem de serviço não encontrada.");
  });

  it("words the initial video's plate check", () => {
    const plate = (situacao: "confere" | "nao-confere" | "nao-lida", placaLida: string | null, confirmadaPeloAtendente = false) =>
      videoPlateText({ situacao, placaLida, confirmadaPeloAtendente });
    expect(plate("confere", "ABC-1234")).toBe("Placa no vídeo: ABC-1234 (confere)");
    expect(plate("nao-confere", "XYZ9A87")).toBe("Placa no vídeo: XYZ9A87 (não confere)");
    expect(plate("nao-confere", "XYZ9A87", true)).toBe("Placa no vídeo: XYZ9A87 (não confere, confirmada pelo atendente)");
    expect(plate("nao-lida", null)).toBe("Placa no vídeo: não lida");
    expect(videoPlateText(null)).toBeNull();
  });
});

describe("the central's evidence panel", () => {
  const row: PendingService = {
    IdSocioVeiculoAgendaExecucaoServico: "b8c2f3a4-1111-4222-8333-944455566677",
    IdSocioVeiculoAgenda: "7d1f9a52-3c4b-4e8f-9a10-2b3c4d5e6f70",
    IdPontoAtendimento: "p1",
    NomeFantasia: "Auto Center Teste",
    NumeroOS: 41,
    DataAgendamento: "2025-05-06T00:00:00.000Z",
    Placa: "ABC1D23",
    Veiculo: "Fiat Argo 2022",
    Servico: "Alinhamento - Carro",
    Valor: 120,
    ObservacoesCredenciado: null,
    Atendente: "Ana",
    DataSolicitacao: "2025-05-06T13:00:00.000Z",
    VideoInicial: "0a1b2c3d-0000-4000-8000-000000000001.mp4",
    Fotos: [],
    FotosServico: [],
    VideoServico: null,
    Anotacoes: [],
    ValorServico: 120,
    ValorRepasse: 100,
    QtdeEvidencias: 1,
    ItemVistoria: null,
  };

  it("shows the plate read in the initial video and verifies the order's evidence from the central's route; axe clean", async () => {
    const { chain } = await buildChain(["video-inicial", "foto"], true);
    const answer = { ...chain, placaVideo: { placaLida: "XYZ9A87", situacao: "nao-confere" as const, confirmadaPeloAtendente: true } };
    const asked: string[] = [];
    const real = window.fetch;
    // The console's calls answered here (the chain's route, the item's history); the files are the chain's blob URLs.
    window.fetch = async (input, init) => {
      const url = String(input instanceof Request ? input.url : input);
      asked.push(url);
      if (url.endsWith(`/central/ordens/${row.IdSocioVeiculoAgenda}/evidencias`)) return Response.json(answer);
      if (url.includes("/central/historico/")) return Response.json({ success: true, data: [] });
      return real(input, init);
    };
    try {
      await renderWithQuery(
        <ApprovalsPanel row={row} canDecide={false} busy={false} onApprove={() => {}} onReject={() => {}} onClose={() => {}} />,
      );
      const dialog = document.querySelector("dialog")!;
      await until(() => dialog.textContent!.includes("Placa no vídeo: XYZ9A87 (não confere, confirmada pelo atendente)"));
      const verifyButton = [...dialog.querySelectorAll("button")].find((b) => b.textContent === "Verificar evidências")!;
      await act(async () => verifyButton.click());
      await until(() => dialog.querySelector("[role=status]")!.textContent!.startsWith("Evidências íntegras"));
      expect(dialog.querySelector("[role=status]")!.textContent).toBe("Evidências íntegras2 arquivos, cadeia e assinatura conferidas");
      // Read once for the plate line and afresh for the verification.
      expect(asked.filter((u) => u.endsWith("/evidencias"))).toHaveLength(2);
      expect(await axeViolations(dialog)).toEqual([]);
    } finally {
      window.fetch = real;
    }
  });
});
