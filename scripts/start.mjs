// `npm start`: builds what is missing (the site, the server bundle), then serves the site, the API and the demo
// on one port with plain `node`.
import { pathToFileURL } from "node:url";
import { buildServerIfNeeded, SERVER_ENTRY } from "./server-build.mjs";
import { buildSiteIfNeeded } from "./site-build.mjs";

try {
  buildSiteIfNeeded();
  await buildServerIfNeeded();
} catch (e) {
  process.stderr.write(`Cannot start: ${e.message}\n`);
  process.exit(1);
}
await import(pathToFileURL(SERVER_ENTRY).href);
