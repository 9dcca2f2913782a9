// The rows of files on their way (OutboxFileList) and a card's rows over the outbox (useOrderFiles), in real Chromium: the one
// vocabulary ('Salvo no aparelho', 'Comprimindo...', 'Enviando NN%', 'Enviado', 'Falhou — tentar de novo'), the bar only while
// sending, retry through the outbox, thumbnails, just-sent rows kept until the saved list shows them, and axe.
import { afterEach, describe, expect, it } from "vitest";
import { act } from "./act";
import { renderWithQuery } from "./render";
import { axeViolations } from "./axe";
import { bus } from "../../src/lib/bus";
import { OutboxFileList } from "../../src/components/media/outbox-files";
import { outboxStore, type OutboxJobView } from "../../src/lib/outbox/outbox-store";
import { setOutboxSession } from "../../src/lib/outbox/outbox-session";
import { useOrderFiles } from "../../src/lib/outbox/use-order-outbox";
import type { OutboxRecord } from "../../workers/outbox/outbox-db";
import "../../src/styles.css";

const view = (id: string, state: OutboxJobView["state"], extra: Partial<OutboxJobView> = {}): OutboxJobView => ({
  id,
  name: `${id}.jpg`,
  kind: "image",
  state,
  progress: 0,
  createdAt: 0,
  orderId: "os-1",
  attempts: 0,
  startsOrder: false,
  kinds: ["adicionar-foto"],
  ...extra,
});

const rowTexts = () => [...document.querySelectorAll("li")].map((li) => li.textContent);

afterEach(() => {
  outboxStore.jobs = {};
  outboxStore.landed = {};
});

describe("OutboxFileList", () => {
  it("names each file with its state in the one vocabulary; a bar only while sending", async () => {
    await renderWithQuery(
      <main>
        <OutboxFileList
          label="Arquivos a enviar"
          jobs={[
            view("a", "stored"),
            view("b", "compressing"),
            view("c", "uploading", { progress: 42 }),
            view("d", "uploading", { progress: 10, stalled: true }),
            view("e", "uploaded", { progress: 100 }),
            view("f", "attached"),
          ]}
        />
      </main>,
    );
    const list = document.querySelector("ul[aria-label='Arquivos a enviar']")!;
    expect(list).not.toBeNull();
    expect(rowTexts()).toEqual([
      "a.jpgSalvo no aparelho",
      "b.jpgComprimindo...",
      "c.jpgEnviando 42%",
      "d.jpgSalvo no aparelho",
      "e.jpgEnviando 100%",
      "f.jpgEnviado",
    ]);
    const bars = [...document.querySelectorAll("progress")];
    expect(bars.map((b) => [b.getAttribute("aria-label"), b.value])).toEqual([
      ["Progresso de c.jpg", 42],
      ["Progresso de e.jpg", 100],
    ]);
    expect(await axeViolations(document.body)).toEqual([]);
  });

  it("renders nothing without jobs", async () => {
    await renderWithQuery(<OutboxFileList label="Arquivos a enviar" jobs={[]} />);
    expect(document.querySelector("ul")).toBeNull();
  });

  it("shows a failed file's reason and retries it through the outbox with 'Falhou — tentar de novo'", async () => {
    const failed = view("g", "failed", { error: "Arquivo grande demais." });
    outboxStore.jobs = { g: failed };
    await renderWithQuery(
      <main>
        <OutboxFileList label="Arquivos a enviar" jobs={[failed]} />
      </main>,
    );
    expect(document.querySelector("li")!.textContent).toContain("Arquivo grande demais.");
    const retry = document.querySelector<HTMLButtonElement>("button[aria-label='Falhou — tentar de novo: g.jpg']")!;
    expect(retry.textContent).toBe("Falhou — tentar de novo");
    expect(document.querySelector("button[aria-label='Descartar g.jpg']")).not.toBeNull();
    expect(await axeViolations(document.body)).toEqual([]);
    await act(async () => retry.click());
    expect(outboxStore.jobs.g).toMatchObject({ state: "uploading", error: undefined });
  });

  it("shows a photo's thumbnail when the caller has its File", async () => {
    const url = URL.createObjectURL(new Blob(["x"], { type: "image/jpeg" }));
    await renderWithQuery(<OutboxFileList label="Arquivos a enviar" jobs={[view("h", "stored")]} thumbs={new Map([["h", url]])} />);
    expect(document.querySelector("li img")!.getAttribute("src")).toBe(url);
    URL.revokeObjectURL(url);
  });
});

const record = (id: string, state: OutboxRecord["state"], extra: Partial<OutboxRecord> = {}): OutboxRecord => ({
  id,
  state,
  kind: "image",
  name: `${id}.jpg`,
  type: "image/jpeg",
  size: 10,
  attempts: 0,
  nextAttemptAt: 0,
  progress: 0,
  createdAt: 0,
  owner: { userId: "u1", pointId: "p1" },
  steps: [{ kind: "adicionar-foto", body: { idSocioVeiculoAgenda: "os-1" } }],
  ...extra,
});

function Card({ saved }: { saved: readonly string[] | undefined }) {
  const rows = useOrderFiles("os-1", () => {}, "adicionar-foto", saved);
  return <OutboxFileList label="Arquivos a enviar" jobs={rows} />;
}

describe("useOrderFiles", () => {
  it("keeps a just-sent file as 'Enviado' until the saved list shows it, then lets it go", async () => {
    setOutboxSession({ token: "t", owner: { userId: "u1", pointId: "p1" } });
    const emit = (j: OutboxRecord) => act(async () => bus.emit("outbox:event", { type: "state", job: j }));
    await renderWithQuery(<Card saved={undefined} />);
    await emit(record("k", "uploading"));
    await emit(record("other-order", "uploading", { steps: [{ kind: "adicionar-foto", body: { idSocioVeiculoAgenda: "os-2" } }] }));
    expect(rowTexts()).toEqual(["k.jpgEnviando 0%"]);
    await emit(record("k", "uploaded", { storedName: "k-stored.jpg", progress: 100 }));
    await emit(record("k", "attached", { storedName: "k-stored.jpg", progress: 100 }));
    // Offline the saved list cannot be read: the row says what happened instead of vanishing.
    expect(rowTexts()).toEqual(["k.jpgEnviado"]);
    expect(outboxStore.landed.k).toBeDefined();
    // The refetched list has it: the row gives way, and is not kept for later.
    document.body.innerHTML = "";
    await renderWithQuery(<Card saved={["k-stored.jpg"]} />);
    expect(rowTexts()).toEqual([]);
    expect(outboxStore.landed.k).toBeUndefined();
    setOutboxSession(null);
  });
});
