// Which notifications become toasts on this device (src/features/notificacoes/seen.ts): each once per user, read ones never,
// rows written together (same instant) each once, none of those already there at a device's first poll (Node, localStorage
// stubbed).
import { beforeEach, describe, expect, it } from "vitest";
import { takeUntold } from "../../src/features/notificacoes/seen";
import type { Notificacao } from "../../src/features/notificacoes/api/notificacoes";

const store = new Map<string, string>();
(globalThis as { localStorage?: Pick<Storage, "getItem" | "setItem"> }).localStorage = {
  getItem: (k) => store.get(k) ?? null,
  setItem: (k, v) => void store.set(k, v),
};

const n = (id: string, at: string, Lida = false): Notificacao => ({
  IdNotificacao: id,
  Tipo: "recusado",
  Titulo: `Serviço recusado: ${id}`,
  Conteudo: "OS 1: x",
  Motivo: "x",
  Autor: "Central",
  IdSocioVeiculoAgenda: null,
  NumeroOS: null,
  DataHora: `2026-11-27T${at}:00.000Z`,
  Lida,
});
const ids = (list: Notificacao[]) => list.map((x) => x.IdNotificacao);

describe("notification toasts", () => {
  beforeEach(() => store.clear());

  it("tells each new unread notification once per user, newest first, and never a read one", () => {
    // A device's first poll for the user: what is there already is the bell's and the screen's, not toasts.
    expect(takeUntold("u1", [n("a", "10:00")])).toEqual([]);
    expect(ids(takeUntold("u1", [n("b", "10:01"), n("a", "10:00")]))).toEqual(["b"]);
    expect(takeUntold("u1", [n("b", "10:01"), n("a", "10:00")])).toEqual([]);
    // Two written by one transaction share the instant: the second, arriving at the next poll, is still told.
    expect(ids(takeUntold("u1", [n("c", "10:05"), n("b", "10:01")]))).toEqual(["c"]);
    expect(ids(takeUntold("u1", [n("d", "10:05"), n("c", "10:05"), n("b", "10:01")]))).toEqual(["d"]);
    // Read elsewhere before this device polled: no toast.
    expect(ids(takeUntold("u1", [n("e", "10:06", true), n("d", "10:05")]))).toEqual([]);
    // A first poll with nothing yet still counts: what arrives next is new.
    expect(takeUntold("u4", [])).toEqual([]);
    expect(ids(takeUntold("u4", [n("h", "09:00")]))).toEqual(["h"]);
    // Another user on the same device has their own.
    expect(takeUntold("u2", [n("d", "10:05"), n("c", "10:05")])).toEqual([]);
    expect(ids(takeUntold("u2", [n("g", "10:08"), n("f", "10:07"), n("d", "10:05")]))).toEqual(["g", "f"]);
  });

  it("tells nothing when the storage refuses (private mode): the bell still counts", () => {
    const broken = (globalThis as { localStorage: Pick<Storage, "getItem" | "setItem"> }).localStorage;
    (globalThis as { localStorage: unknown }).localStorage = {
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => {
        throw new Error("denied");
      },
    };
    try {
      expect(takeUntold("u3", [n("a", "10:00")])).toEqual([]);
    } finally {
      (globalThis as { localStorage: unknown }).localStorage = broken;
    }
  });
});
