// The initial video's plate check (issue 39) in real Chromium: the agenda's start with the OCR worker's answers injected through
// the check's dependency parameter (real progress, the question when the plate differs, 'Escolher outro vídeo' back to choosing,
// 'Sim, é deste veículo' on to the start, no question for the same plate, a reader that cannot load or is over time never
// blocking); the outcome the start hands the outbox; and the hidden <video> decoding a real recording at chosen instants.
import { afterEach, describe, expect, it, vi } from "vitest";
import { page, userEvent } from "vitest/browser";
import { axeViolations } from "./axe";
import { renderWithQuery } from "./render";
import { StartOrderFlow } from "../../src/features/agenda/start/start-order-flow";
import { useVideoPlateCheck, type VideoPlateDeps } from "../../src/lib/capture/use-video-plate-check";
import { openVideoFrames } from "../../src/lib/capture/video-frames";
import type { PlateCandidate } from "../../src/domain/plate";
import type { AgendaRow } from "../../contract/agendamentos";
import "../../src/styles.css";

const ROW = {
  IdSocioVeiculoAgenda: "0b6f1a52-3c1e-4c1f-9a55-2e7a9f0c1d11",
  IdSocio: "6d3b1e0a-8f2c-4f5e-9a7b-1c2d3e4f5a6b",
  NumeroOS: 1042,
  Nome: "Ana Souza",
  Marca: "VW",
  Veiculo: "Gol",
  Ano: "2019",
  Placa: "XYZ9876",
} as unknown as AgendaRow;

const cand = (plate: string, probability = 0.97): PlateCandidate => ({
  plate,
  format: /^[A-Z]{3}\d{4}$/.test(plate) ? "antiga" : "mercosul",
  probability,
  score: 0.9 * probability,
  rule: "continuous",
});

/** The OCR worker's answers: the plate in every frame of the video (or none); `gate` holds the 2nd frame's read until released. */
function ocr(opts: { plate: string | null; warm?: () => Promise<void>; gate?: Promise<void>; timeoutMs?: number }) {
  const seen = { frames: 0, at: [] as number[] };
  const deps: VideoPlateDeps = {
    warm: opts.warm ?? (async () => {}),
    open: async () => ({
      duration: 12,
      frameAt: async (s: number) => {
        seen.at.push(s);
        return createImageBitmap(new ImageData(4, 4));
      },
      close: () => {},
    }),
    read: async (frame) => {
      frame.close();
      seen.frames++;
      if (seen.frames === 2 && opts.gate) await opts.gate;
      return opts.plate ? [cand(opts.plate)] : [];
    },
    timeoutMs: opts.timeoutMs,
  };
  return { deps, seen };
}

const button = (name: string) => [...document.querySelectorAll("button")].find((b) => b.textContent === name);
const status = () => document.querySelector(".video-plate-status")?.textContent ?? "";
const dialogs = () => document.querySelectorAll("dialog");
const startButton = () => button("Confirmar e Iniciar Serviço")!;

async function openVideoStep(deps: VideoPlateDeps) {
  await page.viewport(360, 800);
  await renderWithQuery(<StartOrderFlow appointment={ROW} userId="u1" pointId="p1" onClose={() => {}} plateDeps={deps} />);
  await vi.waitFor(() => expect(button("Confirmar")).toBeDefined());
  await userEvent.click(button("Confirmar")!);
  await vi.waitFor(() => expect(document.querySelector("input[type=file]")).not.toBeNull());
}
const chooseVideo = (name = "chegada.webm") =>
  userEvent.upload(document.querySelector<HTMLInputElement>("input[type=file]")!, [
    new File([new Uint8Array(64)], name, { type: "video/webm" }),
  ]);

afterEach(() => {
  document.body.innerHTML = "";
});

describe("the plate check in the agenda's start", () => {
  it("shows real progress, asks when the plate differs, and goes back to choosing or on to the start", async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const { deps, seen } = ocr({ plate: "ABC1D23", gate });
    await openVideoStep(deps);
    expect(startButton().disabled).toBe(true);
    await chooseVideo();
    await vi.waitFor(() => expect(status()).toBe("Conferindo a placa no vídeo… 1 de 6 quadros"));
    expect(startButton().disabled).toBe(true);
    release();
    await vi.waitFor(() => expect(dialogs()).toHaveLength(2));
    expect(seen.at).toEqual([0.3, 0.84, 1.38, 1.92, 2.46, 3]);
    const question = dialogs()[1];
    expect(question.querySelector("h2")?.textContent).toBe("Placa diferente no vídeo");
    expect(question.textContent).toContain(
      "A placa lida no vídeo (ABC1D23) é diferente da placa da OS (XYZ-9876). O vídeo é deste veículo?",
    );
    expect(startButton().disabled).toBe(true);
    expect(await axeViolations(document.body)).toEqual([]);

    await userEvent.click(button("Escolher outro vídeo")!);
    await vi.waitFor(() => expect(dialogs()).toHaveLength(1));
    expect(document.querySelector(".start-video video")).toBeNull();
    expect(startButton().disabled).toBe(true);

    await chooseVideo("outro.webm");
    await vi.waitFor(() => expect(button("Sim, é deste veículo")).toBeDefined());
    await userEvent.click(button("Sim, é deste veículo")!);
    await vi.waitFor(() => expect(dialogs()).toHaveLength(1));
    expect(status()).toBe("Vídeo confirmado como deste veículo (placa lida: ABC1D23).");
    expect(startButton().disabled).toBe(false);
  });

  it("goes on without asking when the video shows the order's plate, and stops reading once it is locked", async () => {
    const { deps, seen } = ocr({ plate: "XYZ9876" });
    await openVideoStep(deps);
    await chooseVideo();
    await vi.waitFor(() => expect(startButton().disabled).toBe(false));
    expect(status()).toBe("A placa lida no vídeo confere com a da OS.");
    expect(dialogs()).toHaveLength(1);
    // The order's plate is the agenda's second opinion: the lock takes it on two frames at 0.97 (the usual rule), and the
    // other four instants are never read.
    expect(seen.frames).toBe(2);
  });

  it("never blocks the start when the reader cannot load", async () => {
    const offline = ocr({ plate: "ABC1D23", warm: () => Promise.reject(new Error("offline")) });
    await openVideoStep(offline.deps);
    await chooseVideo();
    await vi.waitFor(() => expect(startButton().disabled).toBe(false));
    expect(offline.seen.frames).toBe(0);
    expect(dialogs()).toHaveLength(1);
    expect(status()).toBe("");
  });

  it("never blocks the start when the reader is over its time", async () => {
    const slow = ocr({ plate: "ABC1D23", warm: () => new Promise(() => {}), timeoutMs: 300 });
    await openVideoStep(slow.deps);
    await chooseVideo();
    await vi.waitFor(() => expect(startButton().disabled).toBe(false), { timeout: 3_000 });
    expect(dialogs()).toHaveLength(1);
  });
});

/** The hook's outcome as the start hands it to the outbox. */
function Outcome({ file, deps }: { file: File; deps: VideoPlateDeps }) {
  const { state, confirm } = useVideoPlateCheck(file, "XYZ-9876", deps);
  return (
    <>
      <output>{JSON.stringify(state)}</output>
      <button type="button" onClick={confirm}>
        confirmar
      </button>
    </>
  );
}

describe("the check's outcome", () => {
  const file = new File([new Uint8Array(8)], "v.webm", { type: "video/webm" });
  const outcome = () => JSON.parse(document.querySelector("output")!.textContent!);

  it("is the plate as shown and the attendant's yes when the plate differs", async () => {
    const differs = ocr({ plate: "ABC1234" });
    await renderWithQuery(<Outcome file={file} deps={differs.deps} />);
    await vi.waitFor(() => expect(outcome()).toEqual({ kind: "differs", read: "ABC-1234" }));
    await userEvent.click(button("confirmar")!);
    await vi.waitFor(() =>
      expect(outcome()).toEqual({ kind: "done", check: "nao-confere", outcome: { read: "ABC-1234", confirmed: true } }),
    );
  });

  it("is no plate, unconfirmed, when none was read", async () => {
    const none = ocr({ plate: null });
    await renderWithQuery(<Outcome file={file} deps={none.deps} />);
    await vi.waitFor(() => expect(outcome()).toEqual({ kind: "done", check: "nao-lida", outcome: { read: null, confirmed: false } }));
    expect(none.seen.frames).toBe(6);
  });
});

/** Records `seconds` of a canvas painted red, then blue after `switchAt` seconds (Chromium's MediaRecorder: WebM, no duration). */
async function recordColours(seconds: number, switchAt: number): Promise<File> {
  const canvas = document.createElement("canvas");
  canvas.width = 320;
  canvas.height = 240;
  const ctx = canvas.getContext("2d")!;
  const stream = canvas.captureStream(30);
  const recorder = new MediaRecorder(stream, { mimeType: "video/webm" });
  const chunks: Blob[] = [];
  recorder.ondataavailable = (e) => chunks.push(e.data);
  const stopped = new Promise((r) => (recorder.onstop = r));
  const t0 = performance.now();
  recorder.start();
  await new Promise<void>((done) => {
    const paint = () => {
      const t = (performance.now() - t0) / 1000;
      ctx.fillStyle = t < switchAt ? "#ff0000" : "#0000ff";
      ctx.fillRect(0, 0, 320, 240);
      if (t < seconds) requestAnimationFrame(paint);
      else done();
    };
    paint();
  });
  recorder.stop();
  await stopped;
  stream.getTracks().forEach((tr) => tr.stop());
  return new File(chunks, "chegada.webm", { type: "video/webm" });
}

function colourOf(frame: ImageBitmap): [number, number, number] {
  const c = new OffscreenCanvas(frame.width, frame.height).getContext("2d")!;
  c.drawImage(frame, 0, 0);
  const [r, g, b] = c.getImageData(frame.width >> 1, frame.height >> 1, 1, 1).data;
  return [r, g, b];
}

describe("video frames", () => {
  it("decodes a real recording in a hidden video and draws the frame of each instant", async () => {
    const file = await recordColours(2, 1);
    const frames = await openVideoFrames(file, new AbortController().signal);
    try {
      const early = await frames.frameAt(0.3);
      expect([early.width, early.height]).toEqual([320, 240]);
      const [r1, , b1] = colourOf(early);
      expect(r1).toBeGreaterThan(200);
      expect(b1).toBeLessThan(60);
      const late = await frames.frameAt(1.6);
      const [r2, , b2] = colourOf(late);
      expect(b2).toBeGreaterThan(200);
      expect(r2).toBeLessThan(60);
    } finally {
      frames.close();
    }
  });

  it("rejects a file that is not a video", async () => {
    const junk = new File([new Uint8Array(256).fill(7)], "x.webm", { type: "video/webm" });
    await expect(openVideoFrames(junk, new AbortController().signal)).rejects.toThrow();
  });
});
