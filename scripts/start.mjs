// `npm start`: builds what is missing (the site, the server bundle) and serves the site, the API and the demo on
// one port with plain `node`.
import { pathToFileURL } from "node:url";
import { checkCommandLine } from "./command-line.mjs";
import { buildServerIfNeeded, SERVER_ENTRY } from "./server-build.mjs";
import { startSiteBuildIfNeeded } from "./site-build.mjs";

checkCommandLine(`Usage: npm start   (or: node scripts/start.mjs)

Builds what is missing or older than its sources (the documentation site, the server bundle) and serves the
site, the API and the demo on one port with plain node, until it is stopped (Ctrl-C). The site is built while
the server starts: the API answers at once, the site's pages answer 503 (a page that says the documentation is
being built, in English and French) until the build is done.

It takes no argument: the server is set with environment variables (PORT, HOST, DATA_DIR, ALLOWED_HOSTS, …),
listed in the README and the settings reference (site/docs/admin/settings-reference.md).

Options:
  -h, --help  prints this text and exits; nothing is built or started.
`);

// The site's build is the longest part of a first start: it runs beside the server's build and start, so that
// the API answers at once; the site's addresses answer 503 "being built" (English and French) until it lands.
try {
  startSiteBuildIfNeeded();
  await buildServerIfNeeded();
} catch (e) {
  process.stderr.write(`Cannot start: ${e.message}\n`);
  process.exit(1);
}
await import(pathToFileURL(SERVER_ENTRY).href);
