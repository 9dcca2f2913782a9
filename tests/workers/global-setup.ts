// Browser-mode global setup: a real API server that accepts the test page's origin (CORS), for the upload outbox tests.
import type { TestProject } from "vitest/node";
import { startServer } from "../support/start-server";

export default async function setup(project: TestProject) {
  const server = await startServer({ CORS_ORIGINS: "*", STATIC_DIR: "/nonexistent" });
  project.provide("apiUrl", `${server.url}/api`);
  return () => server.stop();
}
