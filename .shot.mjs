import { chromium } from "playwright-core";
const [url, out, w, h, login] = process.argv.slice(2);
const b = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox","--disable-gpu","--disable-background-networking","--disable-component-update","--disable-sync","--no-first-run"] });
const p = await b.newPage({ viewport: { width: +w, height: +h } });
p.on("console", m => console.log("console:", m.text()));
await p.goto(url);
if (login) {
  await p.getByLabel("E-mail").fill("demo@credenciado.com.br");
  await p.getByLabel("Senha", { exact: true }).fill("demo1234");
  await p.getByRole("button", { name: "Entrar" }).click();
  await p.waitForTimeout(1500);
}
await p.screenshot({ path: out });
console.log(p.url());
await b.close();
