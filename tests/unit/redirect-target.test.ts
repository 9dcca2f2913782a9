// The login's ?redirect= check (src/features/session/redirect-target.ts): only same-origin paths of the app; every trick that
// leaves the origin, or that the browser reads differently from the check, gives null (the home screen) (node).
import { describe, expect, it } from "vitest";
import { redirectTarget } from "../../src/features/session/redirect-target";
import { landingFor } from "../../src/config/paths";

const ORIGIN = "https://portal.exemplo.com.br";

describe("login redirect target", () => {
  it("keeps paths of the app with their query and fragment", () => {
    expect(redirectTarget("/avaliacoes", ORIGIN)).toBe("/avaliacoes");
    expect(redirectTarget("/espelho?de=01%2F03%2F2030&ate=31%2F03%2F2030", ORIGIN)).toBe("/espelho?de=01%2F03%2F2030&ate=31%2F03%2F2030");
    expect(redirectTarget("/execucao-os/6f1c2d4e-0000-4000-8000-000000000001#fotos", ORIGIN)).toBe(
      "/execucao-os/6f1c2d4e-0000-4000-8000-000000000001#fotos",
    );
    expect(redirectTarget("/", ORIGIN)).toBe("/");
  });

  it.each([
    ["another origin, scheme-relative", "//evil.example"],
    ["another origin, scheme-relative with a path", "//evil.example/login"],
    ["a backslash read as a slash", "/\\evil.example"],
    ["backslashes only", "\\\\evil.example"],
    ["a backslash after the first slash of a path", "/espelho\\..\\\\evil.example"],
    ["an encoded backslash", "/%5Cevil.example"],
    ["an encoded backslash, lower case", "/%5cevil.example"],
    ["an encoded slash making '//'", "/%2F/evil.example"],
    ["an absolute URL", "https://evil.example"],
    ["an absolute URL of the same host over http", "http://portal.exemplo.com.br/avaliacoes"],
    ["javascript:", "javascript:alert(document.cookie)"],
    ["javascript: with a leading slash trick", "/javascript:alert(1)//\\"],
    ["a tab the URL parser drops", "/\t/evil.example"],
    ["a newline the URL parser drops", "/\n/evil.example"],
    ["a carriage return", "/\r/evil.example"],
    ["NUL", "/\u0000/evil.example"],
    ["a C1 control", "/\u0085/evil.example"],
    ["a relative path", "avaliacoes"],
    ["a data: URL", "data:text/html,<script>alert(1)</script>"],
    ["malformed percent-encoding", "/%E0%A4%A"],
    ["the login itself (no loop)", "/login?redirect=%2F"],
    ["empty", ""],
  ])("refuses %s", (_case, value) => {
    expect(redirectTarget(value, ORIGIN)).toBeNull();
    // ...and the landing is the home screen of each profile.
    expect(landingFor("ponto", redirectTarget(value, ORIGIN))).toBe("/");
    expect(landingFor("central", redirectTarget(value, ORIGIN))).toBe("/central/inicio");
  });

  it("refuses a missing parameter", () => {
    expect(redirectTarget(null, ORIGIN)).toBeNull();
    expect(redirectTarget(undefined, ORIGIN)).toBeNull();
  });
});
