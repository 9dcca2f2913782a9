// drizzle-kit configuration: generates SQL migrations from server/db/schema.ts (dev tool only).
import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  schema: "./server/db/schema.ts",
  out: "./server/db/migrations",
  casing: "snake_case",
});
