// The cycle check of `npm run lint` (package.json "lint:cycles", dpdm) fails on an import cycle, type-only ones included, and
// passes on the real tree (node, unit project).
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const script: string = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")).scripts["lint:cycles"];
const run = promisify(execFile);

/** Runs the lint:cycles script as written in package.json, in `cwd`: its exit code and output. */
async function cycleCheck(cwd: string) {
  const env = { ...process.env, PATH: `${path.join(root, "node_modules", ".bin")}${path.delimiter}${process.env.PATH}` };
  try {
    const { stdout } = await run("sh", ["-c", script], { cwd, env });
    return { code: 0, stdout };
  } catch (err) {
    const { code, stdout } = err as { code: number; stdout: string };
    return { code, stdout };
  }
}

const temp = fs.mkdtempSync(path.join(os.tmpdir(), "cycles-"));
afterAll(() => fs.rmSync(temp, { recursive: true, force: true }));

function plant(files: Record<string, string>) {
  const dir = fs.mkdtempSync(path.join(temp, "tree-"));
  for (const [file, code] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), code);
  }
  return dir;
}

describe("import cycle check (lint:cycles)", () => {
  it("fails on a two-file cycle", async () => {
    const dir = plant({
      "server/lib/a.ts": `import { b } from "./b.ts";\nexport const a = () => b;\n`,
      "server/lib/b.ts": `import { a } from "./a.ts";\nexport const b = () => a;\n`,
    });
    const { code, stdout } = await cycleCheck(dir);
    expect(code).toBe(1);
    expect(stdout).toMatch(/server\/lib\/a\.ts -> server\/lib\/b\.ts|server\/lib\/b\.ts -> server\/lib\/a\.ts/);
  }, 60_000);

  it("fails on a type-only cycle (as outbox-job.ts <-> outbox-steps.ts was)", async () => {
    const dir = plant({
      "src/domain/job.ts": `import type { Step } from "./steps.ts";\nexport interface Job { steps: Step[] }\n`,
      "src/domain/steps.ts": `import type { Job } from "./job.ts";\nexport interface Step { job?: Job }\n`,
    });
    const { code, stdout } = await cycleCheck(dir);
    expect(code).toBe(1);
    expect(stdout).toMatch(/src\/domain\/(job|steps)\.ts -> src\/domain\/(job|steps)\.ts/);
  }, 60_000);

  it("passes on a tree without cycles", async () => {
    const dir = plant({
      "src/domain/job.ts": `import type { Step } from "./steps.ts";\nexport interface Job { steps: Step[] }\n`,
      "src/domain/steps.ts": `export interface Step { kind: string }\n`,
    });
    expect((await cycleCheck(dir)).code).toBe(0);
  }, 60_000);

  it("passes on the real tree", async () => {
    const { code, stdout } = await cycleCheck(root);
    expect(stdout).not.toMatch(/ -> /);
    expect(code).toBe(0);
  }, 120_000);
});
