import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { siteBuildReason, sourcesFingerprint, stampBuilt } from "./site-build.mjs";

/**
 * The site is rebuilt when one of its sources was added, edited or removed since the last build started, never
 * because a folder the build itself writes changed: the build makes the API reference's folder again and the
 * site's plugins write the grid and screen pictures at every docusaurus run (the translations test's
 * `write-translations` too), and a rebuild in the middle of `npm test` costs about a minute of both cores.
 * Each test works on a checkout of its own, made of a few files.
 */
let root = "";
const write = (path: string, text = "x") => {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
};
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "qibates-site-sources-"));
  write("site/docs/intro.md", "# Intro");
  write("site/static/img/logo.svg", "<svg/>");
  write("site/build/index.html", "<html></html>");
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("the site's sources", () => {
  it.each([
    ["the screen pictures", "site/static/img/screens"],
    ["the grid pictures", "site/static/img/grids"],
    ["the API reference's bundle", "site/static/scalar"],
    ["the published contract", "site/static/openapi"],
  ])("do not include %s, which the build writes, even when it makes the folder again", (_, folder) => {
    write(`${folder}/first.svg`);
    const before = sourcesFingerprint(root);
    rmSync(join(root, folder), { recursive: true });
    write(`${folder}/second.svg`, "changed");
    expect(sourcesFingerprint(root)).toBe(before);
  });

  it("include a page added, edited or removed", () => {
    const before = sourcesFingerprint(root);
    write("site/docs/new.md", "a");
    const added = sourcesFingerprint(root);
    expect(added).not.toBe(before);
    write("site/docs/new.md", "ab");
    expect(sourcesFingerprint(root)).not.toBe(added);
    rmSync(join(root, "site/docs/new.md"));
    expect(sourcesFingerprint(root)).toBe(before);
    rmSync(join(root, "site/docs/intro.md"));
    expect(sourcesFingerprint(root)).not.toBe(before);
  });
});

describe("the build's stamp", () => {
  it("holds the sources as they were when the build started: one changed while it ran is built next time", () => {
    const stamp = join(root, "site/build/.qibates-build-stamp");
    expect(siteBuildReason({ root, stamp })).toBe("the site has not been built yet");
    const atStart = sourcesFingerprint(root);
    write("site/static/img/grids/refresh.svg");
    stampBuilt(atStart, stamp);
    expect(siteBuildReason({ root, stamp })).toBeNull();
    write("site/docs/intro.md", "# Intro, edited while the build ran");
    stampBuilt(atStart, stamp);
    expect(siteBuildReason({ root, stamp })).toBe("the site's sources changed since the last build");
  });
});
