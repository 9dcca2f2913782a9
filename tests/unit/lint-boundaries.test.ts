// The layer rule of eslint.config.js really refuses imports across layers and lets the allowed ones through (node, unit project).
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const eslint = new ESLint({ cwd: root });

/** Lints `code` as if it were the file at `file` (relative to the repo root; the file need not exist). */
async function boundaryErrors(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  const fatal = result.messages.filter((m) => m.fatal);
  expect(fatal).toEqual([]); // a parse error would also "report" something: make sure it is the rule speaking
  return result.messages.filter((m) => m.ruleId === "local/import-boundaries" && m.severity === 2).map((m) => m.message);
}

const refused: [string, string, string, RegExp][] = [
  [
    "domain importing react",
    "src/domain/agenda.ts",
    `import { useState } from "react";\nexport const s = useState;`,
    /imports no packages/,
  ],
  ["domain importing lib", "src/domain/x.ts", `import { bus } from "../lib/bus";\nexport const b = bus;`, /only from src\/domain/],
  [
    "domain (nested) importing lib",
    "src/domain/sub/x.ts",
    `import { bus } from "../../lib/bus";\nexport const b = bus;`,
    /only from src\/domain/,
  ],
  [
    "domain type-importing a worker",
    "src/domain/x.ts",
    `import type { OutboxRecord } from "../../workers/outbox/outbox-db";\nexport type J = OutboxRecord;`,
    /only from src\/domain/,
  ],
  [
    "worker importing a feature",
    "workers/outbox/x.ts",
    `import { outboxStore } from "../../src/features/outbox/outbox-notices";\nexport const s = outboxStore;`,
    /only src\/domain/,
  ],
  [
    "worker type-importing lib",
    "workers/image/x.ts",
    `import type { BusEvents } from "../../src/lib/bus";\nexport type E = BusEvents;`,
    /only src\/domain/,
  ],
  ["worker importing components", "workers/video/x.ts", `export { Modal } from "../../src/components/ui/modal";`, /only src\/domain/],
  [
    "server importing src/features",
    "server/routes/x.ts",
    `import { login } from "../../src/features/session/store";\nexport const l = login;`,
    /never imports the UI/,
  ],
  [
    "server importing src/lib",
    "server/lib/x.ts",
    `import { get } from "../../src/lib/api-client";\nexport const g = get;`,
    /never imports the UI/,
  ],
  [
    "server importing react",
    "server/plugins/x.ts",
    `import { renderToString } from "react-dom/server";\nexport const r = renderToString;`,
    /UI packages/,
  ],
  [
    "cross-feature import",
    "src/features/legal/contract-page.tsx",
    `import { useSession } from "../session/use-session";\nexport const u = useSession;`,
    /across features \(legal -> session\)/,
  ],
  [
    "cross-feature type import, deeper file",
    "src/features/agenda/components/list.tsx",
    `import type { SessionUser } from "../../session/api/credenciado";\nexport type U = SessionUser;`,
    /across features/,
  ],
  [
    "server importing a package package.json does not declare (issue 50: @tus/utils came only through @tus/server)",
    "server/lib/x.ts",
    `import { ERRORS } from "left-pad/lib";\nexport const e = ERRORS;`,
    /left-pad is not in package\.json/,
  ],
  [
    "a feature importing a scoped package not declared, even for its types",
    "src/features/agenda/x.ts",
    `import type { X } from "@nao/declarado";\nexport type Y = X;`,
    /@nao\/declarado is not in package\.json/,
  ],
  [
    "feature importing app",
    "src/features/agenda/use-agenda.ts",
    `import { AppRouter } from "../../app/router";\nexport const r = AppRouter;`,
    /never import src\/app/,
  ],
  [
    "the member page importing the app",
    "src/member/member-page.tsx",
    `import { AppRouter } from "../app/router";\nexport const r = AppRouter;`,
    /src\/member never imports src\/app/,
  ],
  [
    "the member page (nested) importing a feature",
    "src/member/components/x.tsx",
    `import { orderKeys } from "../../features/ordem-servico/query-options";\nexport const k = orderKeys;`,
    /src\/member never imports src\/features/,
  ],
  [
    "a feature importing the member page",
    "src/features/ordem-servico/components/x.tsx",
    `import { MemberPage } from "../../../member/member-page";\nexport const m = MemberPage;`,
    /features never import src\/member/,
  ],
  [
    "components importing the member page",
    "src/components/ui/x.tsx",
    `import { MemberPage } from "../../member/member-page";\nexport const m = MemberPage;`,
    /never imports features, member or app/,
  ],
  [
    "the member page value-importing the contract",
    "src/member/api/x.ts",
    `import { memberView } from "../../../contract/acompanhamento";\nexport const r = memberView;`,
    /only `import type` from contract/,
  ],
  [
    "lib importing a feature",
    "src/lib/x.ts",
    `import { sessionStore } from "../features/session/store";\nexport const s = sessionStore;`,
    /never imports features, member or app/,
  ],
  [
    "components importing app",
    "src/components/ui/x.tsx",
    `import { AppShell } from "../../app/shell/app-shell";\nexport const a = AppShell;`,
    /never imports features, member or app/,
  ],
  [
    "src value-importing workers",
    "src/lib/bus.ts",
    `import { processJob } from "../../workers/outbox/process";\nexport const p = processJob;`,
    /may only `import type`/,
  ],
  [
    "src mixing value and type imports from workers",
    "src/features/outbox/x.ts",
    `import { type OutboxRecord, openOutbox } from "../../../workers/outbox/outbox-db";\nexport type J = OutboxRecord;\nexport const o = openOutbox;`,
    /may only `import type`/,
  ],
  [
    "a bridge importing a worker with ?worker",
    "src/lib/workers/x-bridge.ts",
    `import W from "../../../workers/outbox/outbox.worker.ts?worker";\nexport const w = W;`,
    /may only `import type`/,
  ],
  [
    "src dynamic-importing workers",
    "src/features/outbox/x.ts",
    `export const load = () => import("../../../workers/outbox/runner.ts");`,
    /may only `import type`/,
  ],
  [
    "a non-bridge lib file pointing at a worker entry",
    "src/lib/workers/compression.ts",
    `export const u = new URL("../../../workers/image/image.worker.ts", import.meta.url);`,
    /only the bridges/,
  ],
  [
    "a bridge pointing at a worker's logic file",
    "src/lib/workers/image-bridge.ts",
    `export const u = new URL("../../../workers/image/compress-image.ts", import.meta.url);`,
    /only the bridges/,
  ],
  [
    "a feature pointing at a worker entry",
    "src/features/outbox/x.ts",
    `export const w = new Worker(new URL("../../../workers/outbox/outbox.worker.ts", import.meta.url));`,
    /only the bridges/,
  ],
  [
    "src value-importing the contract (its schemas would enter the bundle)",
    "src/features/agenda/api/x.ts",
    `import { listAppointments } from "../../../../contract/agendamentos";\nexport const r = listAppointments;`,
    /only `import type` from contract/,
  ],
  [
    "src value-importing a contract schema file next to the generated routes",
    "src/lib/x.ts",
    `import { listAppointments } from "../../contract/gen/agendamentos";\nimport * as C from "../../contract/agendamentos";\nexport const r = [listAppointments, C];`,
    /only `import type` from contract/,
  ],
  [
    "contract/gen value-importing a schema file (TypeBox would reach the bundle)",
    "contract/gen/x.ts",
    `import { listAppointments } from "../agendamentos.ts";\nexport const r = listAppointments;`,
    /contract\/gen\/ imports types only/,
  ],
  [
    "contract importing the server",
    "contract/x.ts",
    `import { MAX } from "../server/lib/http-errors.ts";\nexport const m = MAX;`,
    /contract\/ imports only from contract/,
  ],
  [
    "contract importing a package other than typebox",
    "contract/x.ts",
    `import Fastify from "fastify";\nexport const f = Fastify;`,
    /only the typebox package/,
  ],
  [
    "a worker value-importing the contract",
    "workers/outbox/x.ts",
    `import { uploadFile } from "../../contract/uploads.ts";\nexport const u = uploadFile;`,
    /only `import type` from contract/,
  ],
];

const allowed: [string, string, string][] = [
  [
    "src type-importing the contract",
    "src/features/agenda/api/x.ts",
    `import type * as C from "../../../../contract/agendamentos";\nimport type { Answer } from "../../../../contract/route";\nexport type A = Answer<typeof C.listAppointments>;`,
  ],
  [
    "src value-importing contract/gen (the routes' method and url)",
    "src/features/agenda/api/x.ts",
    `import { call } from "../../../lib/api-client";\nimport * as routes from "../../../../contract/gen/agendamentos";\nexport const r = () => call(routes.listMotivations);`,
  ],
  [
    "contract/gen type-importing the contract",
    "contract/gen/x.ts",
    `import type * as C from "../agendamentos.ts";\nimport type { RouteRef } from "../route.ts";\nexport const r = { method: "GET", url: "/x" } as RouteRef<typeof C.listMotivations>;`,
  ],
  [
    "the contract importing typebox and itself",
    "contract/x.ts",
    `import { Type } from "typebox";\nimport { obj } from "./fields.ts";\nexport const a = [Type, obj];`,
  ],
  [
    "server importing Node's modules and declared packages, scoped and by subpath",
    "server/lib/x.ts",
    `import fs from "node:fs";\nimport path from "path";\nimport { EVENTS } from "@tus/utils";\nimport { Upload } from "@tus/server";\nimport { sql } from "drizzle-orm/sql";\nexport const a = [fs, path, EVENTS, Upload, sql];`,
  ],
  ["domain importing domain", "src/domain/x.ts", `import { clamp } from "./progress";\nexport const c = clamp;`],
  ["nested domain importing domain", "src/domain/sub/x.ts", `import { clamp } from "../progress";\nexport const c = clamp;`],
  [
    "worker importing domain and packages",
    "workers/outbox/x.ts",
    `import { wrap } from "comlink";\nimport { imageTier } from "../../src/domain/compression.ts";\nexport const a = [wrap, imageTier];`,
  ],
  [
    "server importing domain",
    "server/routes/x.ts",
    `import Fastify from "fastify";\nimport { isBlank } from "../../src/domain/validators.ts";\nexport const a = [Fastify, isBlank];`,
  ],
  [
    "src type-importing workers",
    "src/lib/bus.ts",
    `import type { OutboxEvent } from "../../workers/outbox/process";\nexport type E = OutboxEvent;`,
  ],
  [
    "src inline type-importing workers",
    "src/features/outbox/x.ts",
    `import { type OutboxRecord, type FollowUpCall } from "../../../workers/outbox/outbox-db";\nexport type J = [OutboxRecord, FollowUpCall];`,
  ],
  [
    "a bridge creating its worker",
    "src/lib/outbox/outbox-bridge.ts",
    `export const w = new Worker(new URL("../../../workers/outbox/outbox.worker.ts", import.meta.url), { type: "module" });`,
  ],
  [
    "feature importing itself, lib, components, config, domain",
    "src/features/session/components/x.tsx",
    `import { login } from "../store";\nimport { get } from "../../../lib/api-client";\nimport { Modal } from "../../../components/ui/modal";\nimport { MSG } from "../../../config/messages.pt-BR";\nimport { isBlank } from "../../../domain/validators";\nexport const a = [login, get, Modal, MSG, isBlank];`,
  ],
  [
    "the member page importing itself, lib, components, config, domain and the contract's types",
    "src/member/components/x.tsx",
    `import { dateTime } from "../format";\nimport { post } from "../../lib/api-client";\nimport { Icon } from "../../components/ui/icon";\nimport { MEMBER_MSG } from "../../config/messages/member.pt-BR";\nimport { wallClock } from "../../domain/dates";\nimport type { MemberView } from "../../../contract/acompanhamento";\nexport type V = MemberView;\nexport const a = [dateTime, post, Icon, MEMBER_MSG, wallClock];`,
  ],
  [
    "app importing features",
    "src/app/x.tsx",
    `import { useSession } from "../features/session/use-session";\nexport const u = useSession;`,
  ],
  [
    "tests importing every layer",
    "tests/unit/x.test.ts",
    `import { processJob } from "../../workers/outbox/process";\nimport { sessionStore } from "../../src/features/session/store";\nexport const a = [processJob, sessionStore];`,
  ],
];

describe("import-boundaries lint rule", () => {
  it.each(refused)("refuses %s", async (_name, file, code, why) => {
    const errors = await boundaryErrors(file, code);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(why);
  });

  it.each(allowed)("allows %s", async (_name, file, code) => {
    expect(await boundaryErrors(file, code)).toEqual([]);
  });
});

describe("file and folder name lint rule", () => {
  const nameErrors = async (file: string) => {
    const [result] = await eslint.lintText("export const x = 1;\n", { filePath: path.join(root, file) });
    return result.messages.filter((m) => m.ruleId?.startsWith("check-file/")).map((m) => m.message);
  };

  it.each([
    "src/lib/BadName.ts",
    "src/features/agenda/components/appointmentList.tsx",
    "src/features/Agenda/list.ts",
    "workers/ocr/ocr_worker.ts",
  ])("refuses %s", async (file) => {
    expect(await nameErrors(file)).toHaveLength(1);
  });

  it.each(["src/lib/query-keys.ts", "workers/ocr/ocr.worker.ts", "src/config/messages.pt-BR.ts", "bench/api-crud.bench.ts"])(
    "allows %s",
    async (file) => {
      expect(await nameErrors(file)).toEqual([]);
    },
  );
});

describe("import-boundaries lint rule: the server's floors", () => {
  const refusedUp: [string, string, string, RegExp][] = [
    [
      "lib importing a repository",
      "server/lib/x.ts",
      `import { purgeOldNotifications } from "../repositories/notifications.ts";\nexport const p = purgeOldNotifications;`,
      /server\/lib may not import server\/repositories: /,
    ],
    [
      "a repository importing a service",
      "server/repositories/x.ts",
      `import { recordAudit } from "../services/audit.ts";\nexport const r = recordAudit;`,
      /server\/repositories may not import server\/services: /,
    ],
    [
      "a repository type-importing a service",
      "server/repositories/x.ts",
      `import type { Actor } from "../services/audit.ts";\nexport type A = Actor;`,
      /server\/repositories may not import server\/services: /,
    ],
    [
      "a service importing a route",
      "server/services/x.ts",
      `import type { TypedApp } from "../routes/deps.ts";\nexport type T = TypedApp;`,
      /server\/services may not import server\/routes: /,
    ],
    [
      "a service importing a plugin",
      "server/services/x.ts",
      `import { ownUser } from "../plugins/tenant.ts";\nexport const o = ownUser;`,
      /server\/services may not import server\/plugins: /,
    ],
    [
      "a rule importing a repository",
      "server/rules/x.ts",
      `import { currentPayees } from "../repositories/payout-holds.ts";\nexport const c = currentPayees;`,
      /server\/rules may not import server\/repositories: /,
    ],
    [
      "db importing lib",
      "server/db/x.ts",
      `import { hashPassword } from "../lib/secrets.ts";\nexport const h = hashPassword;`,
      /server\/db may not import server\/lib: /,
    ],
    [
      "storage importing a repository (storage sits beside lib)",
      "server/storage/x.ts",
      `import { storedFileByName } from "../repositories/stored-files.ts";\nexport const s = storedFileByName;`,
      /server\/storage may not import server\/repositories: /,
    ],
    [
      "config importing anything in server/",
      "server/config.ts",
      `import { rows } from "./db/rows.ts";\nexport const r = rows;`,
      /server\/config\.ts may not import server\/db: /,
    ],
    [
      "the seed importing a service",
      "server/seed/x.ts",
      `import { issueAccessLink } from "../services/access-links.ts";\nexport const i = issueAccessLink;`,
      /server\/seed may not import server\/services: /,
    ],
    [
      "a file on no floor",
      "server/tools/x.ts",
      `import { rows } from "../db/rows.ts";\nexport const r = rows;`,
      /server\/tools is on no server floor/,
    ],
  ];

  const allowedDown: [string, string, string][] = [
    [
      "the composition root importing every floor",
      "server/app.ts",
      `import { credenciadoRoutes } from "./routes/credenciado.ts";\nimport { ownUser } from "./plugins/tenant.ts";\nimport { startNotificationPurge } from "./services/notification-purge.ts";\nimport { seedIfEmpty } from "./seed.ts";\nexport const a = [credenciadoRoutes, ownUser, startNotificationPurge, seedIfEmpty];`,
    ],
    [
      "a route importing plugins, services, repositories, rules, lib, db and config",
      "server/routes/x.ts",
      `import { ownUser } from "../plugins/tenant.ts";\nimport { recordAudit } from "../services/audit.ts";\nimport { pointHolds } from "../repositories/payout-holds.ts";\nimport { holdText } from "../rules/payout-hold.ts";\nimport { notFound } from "../lib/http-errors.ts";\nimport { rows } from "../db/rows.ts";\nimport type { ServerConfig } from "../config.ts";\nexport type C = ServerConfig;\nexport const a = [ownUser, recordAudit, pointHolds, holdText, notFound, rows];`,
    ],
    [
      "a plugin importing a repository and another plugin",
      "server/plugins/x.ts",
      `import * as tenant from "../repositories/tenant.ts";\nimport { readToken } from "./auth.ts";\nexport const a = [tenant, readToken];`,
    ],
    [
      "a repository importing another repository and the rules",
      "server/repositories/x.ts",
      `import { currentPayees } from "./payout-holds.ts";\nimport { payoutValue } from "../rules/payout-value.ts";\nexport const a = [currentPayees, payoutValue];`,
    ],
    [
      "lib importing storage, db and config (storage sits beside lib)",
      "server/lib/x.ts",
      `import type { FileStorage } from "../storage/storage.ts";\nimport { rows } from "../db/rows.ts";\nimport { loadConfig } from "../config.ts";\nexport type F = FileStorage;\nexport const a = [rows, loadConfig];`,
    ],
    [
      "db importing db and config, the contract and domain",
      "server/db/x.ts",
      `import { servicePoints } from "./schema.ts";\nimport type { ServerConfig } from "../config.ts";\nimport type { CentralRole } from "../../contract/central-session.ts";\nimport { wallClock } from "../../src/domain/dates.ts";\nexport type T = [ServerConfig, CentralRole];\nexport const a = [servicePoints, wallClock];`,
    ],
  ];

  it.each(refusedUp)("refuses %s", async (_name, file, code, why) => {
    const errors = await boundaryErrors(file, code);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(why);
  });

  it.each(allowedDown)("allows %s", async (_name, file, code) => {
    expect(await boundaryErrors(file, code)).toEqual([]);
  });
});
