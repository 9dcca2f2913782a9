// Builds the app users get, for the e2e tests and the benches (Node): a production build whatever NODE_ENV the runner set.
import { build, type LogLevel } from "vite";

/**
 * vitest sets NODE_ENV=test, which Vite would bake into the bundle (React's development build, with StrictMode's double
 * effects), so tests or a bench would exercise another app than the one shipped: NODE_ENV is production during the build,
 * then restored (deleted when it was unset: assigning undefined to process.env stores the string "undefined").
 */
export async function buildApp(outDir: string, options: { logLevel?: LogLevel; manifest?: boolean } = {}): Promise<void> {
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = "production";
  try {
    await build({
      root: process.cwd(),
      mode: "production",
      logLevel: options.logLevel ?? "silent",
      build: { outDir, emptyOutDir: true, manifest: options.manifest ?? false },
    });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}
