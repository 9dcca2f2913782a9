// Icons are SVG, never emoji or symbol characters a phone without an emoji font draws as empty boxes: the media picker and its
// preview, the header's account menu, the drawer and the bottom bar; each icon hidden from screen readers (browser tests).
import { afterEach, describe, expect, it } from "vitest";
import { userEvent } from "vitest/browser";
import { act } from "./act";
import { renderWithQuery } from "./render";
import { MediaPicker } from "../../src/components/media/media-picker";
import { MediaPreview } from "../../src/components/media/media-preview";
import { Header } from "../../src/app/shell/header";
import { Drawer } from "../../src/app/shell/drawer";
import { BottomBar } from "../../src/app/shell/bottom-bar";
import { sessionStore } from "../../src/features/session/store";
import type { SessionUser } from "../../src/features/session/api/credenciado";
import type { LocalMedia } from "../../src/lib/capture/local-media";

/** The ranges the issue named (pictographs, dingbats, ★ ✕ ▾ ▸) and any other emoji presentation. */
const EMOJI = /[\u{1F300}-\u{1FAFF}\u{2600}-\u{27BF}\u{2B50}\u{2705}\u{274C}\u{2716}\u{25BE}\u{25B8}]|\p{Extended_Pictographic}/u;

/** Every icon drawn as an inline SVG that screen readers skip. */
function expectSvgIcons(scope: Element, count: number) {
  const icons = [...scope.querySelectorAll("svg")];
  expect(icons.length).toBeGreaterThanOrEqual(count);
  for (const svg of icons) expect(svg.getAttribute("aria-hidden")).toBe("true");
}

afterEach(() => {
  Object.assign(sessionStore, { status: "unauthenticated", user: null, token: null });
});

describe("icons", () => {
  it("draws the media picker's camera, video and folder, and a file's preview, as SVG", async () => {
    const file: LocalMedia = {
      id: "1",
      name: "laudo.pdf",
      type: "application/pdf",
      size: 2048,
      url: "blob:x",
      file: new File(["x"], "laudo.pdf", { type: "application/pdf" }),
    };
    await renderWithQuery(
      <>
        <MediaPicker kinds={["photo", "video"]} items={[]} onChange={() => {}} />
        <MediaPreview items={[file]} onRemove={() => {}} />
      </>,
    );
    const actions = document.querySelector(".media-actions")!;
    expect(actions.textContent).not.toMatch(EMOJI);
    expect([...actions.querySelectorAll("button, label")].map((b) => b.textContent?.trim())).toEqual([
      "Tirar foto",
      "Gravar vídeo",
      "Escolher arquivo",
    ]);
    expectSvgIcons(actions, 3);
    const grid = document.querySelector(".media-grid")!;
    expect(grid.textContent).not.toMatch(EMOJI);
    expectSvgIcons(grid.querySelector(".media-file")!, 1);
    expect(document.body.textContent).not.toMatch(EMOJI);
  });

  it("draws the header's menu arrow, the drawer's close and the bottom bar as SVG", async () => {
    Object.assign(sessionStore, {
      status: "authenticated",
      token: "t",
      user: { Nome: "Marina Souza", Email: "demo@credenciado.com.br", Logotipo: null, Administrativo: "N" } as unknown as SessionUser,
    });
    await renderWithQuery(
      <>
        <Header />
        <BottomBar menuOpen onMenu={() => {}} />
        <Drawer open onClose={() => {}} />
      </>,
    );
    const account = document.querySelector(".user-menu-button")!;
    expectSvgIcons(account, 1);
    await act(async () => userEvent.click(account));
    expect(document.querySelector("[role=menu]")).not.toBeNull();
    expectSvgIcons(document.querySelector(".bottom-bar")!, 5);
    expectSvgIcons(document.querySelector(".drawer-head")!, 1);
    expect(document.querySelector(".drawer-head button")?.getAttribute("aria-label")).toBe("Fechar menu");
    expect(document.body.textContent).not.toMatch(EMOJI);
  });
});
