// `npm start`: builds what is missing, then serves the site, the API and the demo on one port.
import { buildSiteIfNeeded } from "./site-build.mjs";

try {
  buildSiteIfNeeded();
} catch (e) {
  process.stderr.write(`Cannot start: ${e.message}\n`);
  process.exit(1);
}
const { register } = await import("tsx/esm/api");
register();
await import("../packages/server/src/main.ts");
