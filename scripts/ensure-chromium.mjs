// Makes sure a system Chromium exists for browser and e2e tests: CHROME_PATH, /usr/bin/chromium, else apt-get when root. Never downloads a browser build.
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";

const wanted = process.env.CHROME_PATH || "/usr/bin/chromium";
const works = (p) => fs.existsSync(p) && spawnSync(p, ["--version"], { stdio: "ignore" }).status === 0;

if (works(wanted)) process.exit(0);
if (process.env.CHROME_PATH) {
  console.error(`CHROME_PATH=${wanted} não existe ou não executa. Aponte CHROME_PATH para um Chromium instalado.`);
  process.exit(1);
}
const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
if (isRoot && fs.existsSync("/usr/bin/apt-get")) {
  console.log("Chromium não encontrado: instalando o pacote chromium do Debian (apt-get)...");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
  execFileSync("apt-get", ["install", "-y", "-qq", "chromium", "fonts-liberation"], { stdio: "inherit", env });
  if (works(wanted)) process.exit(0);
}
console.error(
  "Chromium não encontrado em /usr/bin/chromium. Instale-o pelo gerenciador de pacotes (ex.: sudo apt-get install chromium) " +
    "ou defina CHROME_PATH com o caminho do executável. Os testes nunca baixam navegadores.",
);
process.exit(1);
