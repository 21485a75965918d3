// `npm run build`: rebuilds the documentation site (both locales) and the server bundle unconditionally.
import { buildServerIfNeeded } from "./server-build.mjs";
import { buildSiteIfNeeded } from "./site-build.mjs";

try {
  buildSiteIfNeeded({ force: true });
  await buildServerIfNeeded({ force: true });
} catch (e) {
  process.stderr.write(`${e.message}\n`);
  process.exit(1);
}
