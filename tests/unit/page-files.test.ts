// The table of page files (src/app/page-files.ts), which the build uses to write each route's HTML with its page code
// preloaded, matches the pages the router really loads, and covers every route of PATHS (Node).
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PAGE_FILES } from "../../src/app/page-files";
import { CENTRAL_PATHS, PATHS } from "../../src/config/paths";
import { routeHtmlName } from "../../src/domain/route-html";

const routerFile = path.resolve("src/app/router.tsx");

describe("page files", () => {
  it("lists exactly the modules the router loads with lazyPage, and each file exists", () => {
    const source = fs.readFileSync(routerFile, "utf8");
    const loaded = [...source.matchAll(/lazyPage\(\s*\(\)\s*=>\s*import\("([^"]+)"\)/g)].map((m) =>
      path.relative(process.cwd(), path.resolve(path.dirname(routerFile), `${m[1]}.tsx`)),
    );
    expect(loaded.length).toBeGreaterThan(0);
    expect([...loaded].sort()).toEqual(Object.values(PAGE_FILES).sort());
    for (const file of Object.values(PAGE_FILES)) expect(fs.existsSync(file), file).toBe(true);
  });

  it("has a page for every route of PATHS, and no two routes share an HTML file name", () => {
    // PATHS.central only redirects to its home section; each section of CENTRAL_PATHS is a page.
    const routes = [...Object.values(PATHS), ...Object.values(CENTRAL_PATHS)].filter((p) => typeof p === "string" && p !== PATHS.central);
    expect(Object.keys(PAGE_FILES).sort()).toEqual([...routes].sort());
    const names = Object.keys(PAGE_FILES).map(routeHtmlName);
    expect(new Set(names).size).toBe(names.length);
  });

  it("names a route's HTML by the first segment of the URL (two under /central), ignoring the query", () => {
    expect(routeHtmlName("/")).toBe("index.html");
    expect(routeHtmlName("/?inicio=2026-11-01&fim=2026-11-30")).toBe("index.html");
    expect(routeHtmlName("/espelho?status=PAGO")).toBe("espelho.html");
    expect(routeHtmlName(PATHS.order("6f1c2d3e"))).toBe("execucao-os.html");
    expect(routeHtmlName("/login#x")).toBe("login.html");
    expect(routeHtmlName(CENTRAL_PATHS.approvals)).toBe("central-aprovacoes.html");
    expect(routeHtmlName(`${CENTRAL_PATHS.payments}?status=PENDENTE`)).toBe("central-pagamentos.html");
    expect(routeHtmlName(CENTRAL_PATHS.point("6f1c2d3e"))).toBe("central-pontos.html");
    expect(routeHtmlName(PATHS.central)).toBe("central.html");
  });
});
