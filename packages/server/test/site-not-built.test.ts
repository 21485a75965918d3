import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { siteBuilding, siteBuildMarker, siteServed } from "../src/site.ts";
import { buildTestApp } from "./support/app.ts";
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
    const app = await buildTestApp({
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

/**
 * `npm start` builds the site while the server starts: the file beside SITE_DIR names the building process. While
 * it runs, the site's addresses answer 503 with a page in both languages (the path's own first) that the browser
 * reloads, and `Retry-After`; a page the build has written is served at once; the API answers all along. A marker
 * naming a process that has ended is a build that stopped: the folder is served as no site.
 */
describe("a SITE_DIR folder whose site is being built", () => {
  const parent = mkdtempSync(join(tmpdir(), "qibates-building-site-"));
  const site = join(parent, "build");
  afterAll(() => rmSync(parent, { recursive: true, force: true }));

  it("answers 503 and a page that says so in English and French, then the pages as they land", async () => {
    writeFileSync(siteBuildMarker(site), String(process.pid));
    const app = await buildTestApp({ config: testConfig({ SITE_DIR: site }) });
    try {
      expect(siteBuilding(site)).toBe(true);
      expect((await app.inject("/qibates/api/v2/health")).statusCode).toBe(200);
      const english = await app.inject("/docs/intro");
      expect(english.statusCode).toBe(503);
      expect(english.headers["retry-after"]).toBe("10");
      expect(english.headers["content-type"]).toMatch(/^text\/html/);
      expect(english.body).toMatch(/^<!doctype html>\n<html lang="en">/);
      expect(english.body).toContain('<meta http-equiv="refresh" content="10">');
      expect(english.body).toContain("<h1>The documentation is being built</h1>");
      expect(english.body).toContain("<h1>La documentation est en cours de construction</h1>");
      expect(english.body.indexOf('lang="en"><h1>')).toBeLessThan(english.body.indexOf('lang="fr"><h1>'));
      const french = await app.inject("/fr/docs/intro");
      expect(french.statusCode).toBe(503);
      expect(french.body).toMatch(/^<!doctype html>\n<html lang="fr">/);
      expect(french.body.indexOf('lang="fr"><h1>')).toBeLessThan(french.body.indexOf('lang="en"><h1>'));

      // The English locale lands first: its pages are served, the French ones are still coming.
      mkdirSync(join(site, "docs"), { recursive: true });
      writeFileSync(join(site, "index.html"), "<!doctype html><title>Home</title>");
      writeFileSync(join(site, "docs", "intro.html"), "<!doctype html><title>Introduction</title>");
      const page = await app.inject("/docs/intro");
      expect([page.statusCode, page.body]).toEqual([200, "<!doctype html><title>Introduction</title>"]);
      expect((await app.inject("/fr/")).statusCode).toBe(503);
    } finally {
      await app.close();
      rmSync(siteBuildMarker(site), { force: true });
    }
  });

  it("serves the folder as no site when the process the marker names has ended", async () => {
    const ended = spawnSync(process.execPath, ["-e", ""]).pid;
    rmSync(site, { recursive: true, force: true });
    writeFileSync(siteBuildMarker(site), String(ended));
    const app = await buildTestApp({ config: testConfig({ SITE_DIR: site }) });
    try {
      expect(siteBuilding(site)).toBe(false);
      const res = await app.inject("/docs/intro");
      expect([res.statusCode, res.json().code]).toEqual([404, "QB_ERR_NOT_FOUND"]);
    } finally {
      await app.close();
      rmSync(siteBuildMarker(site), { force: true });
    }
  });
});
