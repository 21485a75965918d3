// `npm run build`: rebuilds the documentation site (both locales) unconditionally.
import { buildSiteIfNeeded } from "./site-build.mjs";

try {
  buildSiteIfNeeded({ force: true });
} catch (e) {
  process.stderr.write(`${e.message}\n`);
  process.exit(1);
}
