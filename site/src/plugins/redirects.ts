import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { LoadContext, Plugin } from "@docusaurus/types";
import { localeRedirects } from "../redirects";

/** Written into each locale's build folder; packages/server/src/site.ts answers each entry with a 301. */
export const REDIRECTS_FILE = "redirects.json";

/**
 * After each locale's build, writes `redirects.json` (old path → new path, with the locale's prefix) from
 * src/redirects.ts. The build fails when a new path is not a page of the build, or an old path still is one: a
 * redirect must lead somewhere, and never hide a page. A real HTTP redirect (not an HTML page with a script) is
 * what browsers, bookmarks and search engines follow, and it needs no inline script under the pages' CSP.
 */
export default function redirectsPlugin(context: LoadContext): Plugin {
  return {
    name: "qibates-redirects",
    async postBuild({ outDir, routesPaths }) {
      const redirects = localeRedirects(context.baseUrl);
      const routes = new Set(routesPaths.map((r) => r.replace(/\/$/, "") || "/"));
      const problems = Object.entries(redirects).flatMap(([from, to]) => [
        ...(routes.has(to) ? [] : [`${from} → ${to}: ${to} is not a page of this build`]),
        ...(routes.has(from) ? [`${from} is a page of this build: it cannot redirect`] : []),
      ]);
      if (problems.length > 0) throw new Error(`src/redirects.ts:\n  ${problems.join("\n  ")}`);
      await writeFile(join(outDir, REDIRECTS_FILE), `${JSON.stringify({ redirects }, null, 2)}\n`);
      console.log(
        `[site] ${REDIRECTS_FILE} (${context.i18n.currentLocale}): ${Object.keys(redirects).length} redirects`,
      );
    },
  };
}
