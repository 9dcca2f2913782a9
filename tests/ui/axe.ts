// axe-core in the test page: the accessibility violations inside an element, as "rule: offending html" lines (browser tests).
import type { AxeResults } from "axe-core";
import axeSource from "axe-core/axe.min.js?raw";

export async function axeViolations(host: Element): Promise<string[]> {
  const w = window as unknown as { axe?: { run(context: Element): Promise<AxeResults> } };
  if (!w.axe) document.head.appendChild(document.createElement("script")).textContent = axeSource;
  const result = await w.axe!.run(host);
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(" | ")}`);
}
