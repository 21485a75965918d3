// `npm run build`: rebuilds the documentation site (both locales) and the server bundle unconditionally.
import { checkCommandLine } from "./command-line.mjs";
import { buildServerIfNeeded } from "./server-build.mjs";
import { buildSiteIfNeeded } from "./site-build.mjs";

checkCommandLine(`Usage: npm run build   (or: node scripts/build.mjs)

Rebuilds, whether or not they are up to date, the documentation site (English and French, site/build/) and the
server bundle that npm start runs (packages/server/dist/).

It takes no argument.

Options:
  -h, --help  prints this text and exits; nothing is built.
`);

try {
  buildSiteIfNeeded({ force: true });
  await buildServerIfNeeded({ force: true });
} catch (e) {
  process.stderr.write(`${e.message}\n`);
  process.exit(1);
}
