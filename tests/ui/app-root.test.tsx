// The app root in real Chromium: a toast raised before the lazily loaded container mounts is still shown once it does.
import { afterEach, describe, expect, it } from "vitest";
import { act } from "./act";
import { createRoot, type Root } from "react-dom/client";
import { toast } from "../../src/lib/toast";
import { AppRoot } from "../../src/app/root";

let root: Root | undefined;
let host: HTMLElement | undefined;
afterEach(async () => {
  await act(async () => root?.unmount());
  host?.remove();
});

describe("app root", () => {
  it("shows a toast raised before the toast container has loaded", async () => {
    host = document.createElement("div");
    document.body.append(host);
    root = createRoot(host);
    toast.success("OS finalizada com sucesso!");
    await act(async () =>
      root!.render(
        <AppRoot>
          <p>Agenda</p>
        </AppRoot>,
      ),
    );
    await expect
      .poll(() => host!.querySelector(".Toastify__toast")?.textContent ?? "", { timeout: 5000 })
      .toContain("OS finalizada com sucesso!");
    expect(host.textContent).toContain("Agenda");
  });
});
