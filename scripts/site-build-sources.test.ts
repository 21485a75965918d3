import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { newestMtime, ROOT, stampBuilt } from "./site-build.mjs";

/**
 * The site is rebuilt when one of its sources is newer than the last build, never because a folder the build
 * itself writes changed: the site's plugins write the grid and screen pictures again at every docusaurus run
 * (the translations test's `write-translations` too), and a rebuild in the middle of `npm test` costs about a
 * minute of both cores.
 */
describe("the site's sources", () => {
  it.each([
    ["the screen pictures", "site/static/img/screens"],
    ["the grid pictures", "site/static/img/grids"],
    ["the API reference's bundle", "site/static/scalar"],
    ["the published contract", "site/static/openapi"],
  ])("do not include %s, which the build writes", (_, folder) => {
    const dir = join(ROOT, folder);
    const made = !existsSync(dir);
    mkdirSync(dir, { recursive: true });
    const probe = join(dir, `.qibates-sources-probe-${process.pid}`);
    writeFileSync(probe, "");
    const future = new Date(Date.now() + 365 * 24 * 3600_000);
    utimesSync(probe, future, future);
    try {
      expect(newestMtime(join(ROOT, "site", "static"))).toBeLessThan(future.getTime() - 1000);
    } finally {
      rmSync(made ? dir : probe, { recursive: true, force: true });
    }
  });

  it("include a page's text", () => {
    expect(newestMtime(join(ROOT, "site", "docs"))).toBeGreaterThan(0);
  });
});

describe("the build's stamp", () => {
  it("is dated at the build's start, so a source changed while it ran is built at the next start", () => {
    const dir = mkdtempSync(join(tmpdir(), "qibates-stamp-"));
    try {
      const started = Date.now() - 120_000;
      const stamp = join(dir, "stamp");
      stampBuilt(started, stamp);
      const editedDuringBuild = started + 60_000;
      expect(statSync(stamp).mtimeMs).toBeLessThan(editedDuringBuild);
      expect(Math.abs(statSync(stamp).mtimeMs - started)).toBeLessThan(1000);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
