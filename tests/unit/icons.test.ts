// The app's icons are lucide's drawings: each drawing exported by src/components/ui/icon.tsx equals the lucide-react
// package's (Node).
import { describe, expect, it } from "vitest";
import * as icons from "../../src/components/ui/icon";

/** `chevronDownIcon` → lucide's module `chevron-down`. */
const drawings = Object.entries(icons)
  .filter(([name]) => name.endsWith("Icon") && name !== "Icon")
  .map(([name, node]) => [name.slice(0, -4).replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`), node] as const);

const lucideNode = async (name: string) => {
  const mod = (await import(`lucide-react/icons/${name}`)) as { __iconData?: { node: [string, Record<string, string>][] } };
  // Alias modules (history → rotate-ccw-clock) re-export the component only: the drawing is named by its own module.
  if (!mod.__iconData) throw new Error(`lucide-react/icons/${name} has no drawing of its own`);
  return mod.__iconData.node.map(([tag, { key: _key, ...attrs }]) => [tag, attrs]);
};

describe("icons", () => {
  it("exports the drawings the app uses", () => expect(drawings.length).toBeGreaterThanOrEqual(20));
  it.each(drawings)("%s is lucide's drawing", async (name, node) => {
    expect(node).toEqual(await lucideNode(name));
  });
});
