import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.ts";
import { siteServed } from "../src/site.ts";
import { testConfig } from "./support/config.ts";

/**
 * SITE_DIR naming a folder that holds no built site (the build not run yet, or emptied by a build under way) is
 * served as SITE_DIR empty, as Run the server says: the REST API alone, the site's addresses a JSON 404
 * `QB_ERR_NOT_FOUND`, left out of the start-up banner, and the log line "documentation site not built: serving
 * the API only". Before, an existing folder counted as a site: the banner printed the documentation's and the API
 * reference's addresses, which answered a bare "Not found", and the log said nothing of the missing build.
 */

const empty = mkdtempSync(join(tmpdir(), "qibates-unbuilt-site-"));
afterAll(() => rmSync(empty, { recursive: true, force: true }));

describe("a SITE_DIR folder without a built site", () => {
  it("serves the API only, the site's addresses a JSON 404, and says so in the log", async () => {
    const lines: string[] = [];
    const app = await buildApp({
      config: testConfig({ SITE_DIR: empty }),
      logger: { level: "warn", stream: { write: (line: string) => lines.push(line) } },
    });
    try {
      expect((await app.inject("/qibates/api/v2/health")).statusCode).toBe(200);
      for (const url of ["/", "/fr/", "/api/qibates", "/docs/intro"]) {
        const res = await app.inject(url);
        expect([res.statusCode, res.json().code], url).toEqual([404, "QB_ERR_NOT_FOUND"]);
      }
      expect(lines.join("")).toContain("documentation site not built: serving the API only");
      // The start-up banner lists the site's addresses only for a site it serves.
      expect(siteServed(empty)).toBe(false);
    } finally {
      await app.close();
    }
  });
});
