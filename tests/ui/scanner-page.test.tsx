// The scanner page's decisions in real Chromium (fake camera), with the OCR worker's reads and the API scripted: a plate
// shown clearly is looked up as read even when its one-character twin is booked; a reader that keeps hesitating offers the
// plates as one-tap choices ('Confirme a placa'), and a tap looks up that plate.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { userEvent } from "vitest/browser";
import type { PlateCandidate } from "../../src/domain/plate";
import { renderWithQuery } from "./render";
// The guide frame gets its size from the stylesheet: without it the crop under it is empty and no frame is read.
import "../../src/styles.css";

const reads: PlateCandidate[][] = [];
let frame = 0;
vi.mock("../../src/lib/workers/ocr-bridge", () => ({
  warmOcr: async () => {},
  stopOcr: () => {},
  readPlateFrame: async (bitmap: ImageBitmap) => {
    bitmap.close();
    const candidates = reads[Math.min(frame, reads.length - 1)];
    frame++;
    return { candidates, noPlate: 0, ms: 1 };
  },
}));
const lookups: string[] = [];
vi.mock("../../src/lib/plate-lookup", () => ({
  findByPlate: async (_point: string, plate: string) => {
    lookups.push(plate);
    return { ok: true, status: 200, data: false };
  },
}));
vi.mock("../../src/features/scanner/api/scanner", () => ({
  listExpected: async () => ({ ok: true, status: 200, data: { data: [{ Placa: "ABC1234", StatusAgendamento: "A" }] } }),
  sendInvite: async () => ({ ok: true, status: 200, data: { message: "" } }),
}));

const { default: ScannerPage } = await import("../../src/features/scanner/components/scanner-page");

const c = (plate: string, probability: number): PlateCandidate => ({
  plate,
  probability,
  score: 0.9 * probability,
  rule: "continuous",
  format: /^[A-Z]{3}[0-9]{4}$/.test(plate) ? "antiga" : "mercosul",
});

beforeEach(() => {
  reads.length = 0;
  lookups.length = 0;
  frame = 0;
});

const mount = () => renderWithQuery(<ScannerPage pointId="p1" />);

describe("scanner page", () => {
  it("looks up the plate shown, not its booked twin, when the frames saw only the plate", async () => {
    // ABC1284 in front of the camera; ABC1234 (8/3 apart) is booked today.
    reads.push([c("ABC1284", 0.93), c("ABC1234", 0.03)]);
    await mount();
    await vi.waitFor(() => expect(document.body.textContent).toContain("Convidar para ser Sócio"), { timeout: 15_000 });
    expect(lookups).toEqual(["ABC1284"]);
    expect(document.body.textContent).toContain("ABC-1284");
  });

  it("offers the hesitated plates as one-tap choices, and a tap looks that plate up", async () => {
    reads.push([c("DPL0B37", 0.5), c("DPL9B37", 0.45)], [c("DPL9B37", 0.5), c("DPL0B37", 0.45)]);
    for (let i = 0; i < 6; i++) reads.push(reads[i % 2]);
    await mount();
    const choice = await vi.waitFor(
      () => {
        const heading = [...document.querySelectorAll("h2")].find((h) => h.textContent === "Confirme a placa");
        const button = [...document.querySelectorAll("button")].find((b) => b.textContent === "DPL9B37");
        if (!heading || !button) throw new Error("no choices yet");
        return button;
      },
      { timeout: 15_000 },
    );
    expect([...document.querySelectorAll(".scanner-choice")].map((b) => b.textContent).sort()).toEqual(["DPL0B37", "DPL9B37"]);
    expect(lookups).toEqual([]);
    await userEvent.click(choice);
    await vi.waitFor(() => expect(lookups).toEqual(["DPL9B37"]));
  });
});
