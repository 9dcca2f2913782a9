// The entry's first stage (main.tsx, issue 37): React DOM's module, the largest piece of the entry, is evaluated here, and the
// main thread is given back before the app's own modules are. The bundle keeps modules in import order inside the entry chunk,
// so everything main.tsx imports after this module runs in a later task; on a low-tier phone one ~400 ms task becomes several.
import "react";
import "react-dom/client";
import { yieldToMain } from "../../lib/yield-to-main";

await yieldToMain();
