// Brings the API reference's browser bundle (@scalar/api-reference, MIT) into site/vendor/scalar-api-reference/,
// the committed copy the prebuild step serves at /scalar/. Run by a maintainer to move to another version:
//   node site/scripts/vendor-scalar.mjs 1.72.1
// The tarball comes through npm itself (`npm pack`, which checks it against the registry's integrity); only the
// unmodified browser build is kept (standalone.esm.js and its chunks, without source maps), with VERSION, the
// tarball's integrity and the SHA-256 of every file (SHA256SUMS, checked by site/test/scalar-bundle.test.ts).
// Why a committed copy: every @scalar package asks for Node 22 in its `engines`, so installing it as a dependency
// makes `npm install` warn on Node 20, which the product supports; the page never runs it in Node anyway.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const version = process.argv[2] ?? "";
if (!/^\d+\.\d+\.\d+$/.test(version)) {
  console.error("usage: node site/scripts/vendor-scalar.mjs <exact version of @scalar/api-reference>");
  process.exit(2);
}
const siteDir = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const target = join(siteDir, "vendor", "scalar-api-reference");
const work = mkdtempSync(join(tmpdir(), "qibates-scalar-"));
try {
  const [packed] = JSON.parse(
    execFileSync("npm", ["pack", `@scalar/api-reference@${version}`, "--json", "--pack-destination", work], {
      cwd: work,
      encoding: "utf8",
    }),
  );
  execFileSync("tar", ["-xzf", join(work, packed.filename), "-C", work]);
  const browser = join(work, "package", "dist", "browser");
  rmSync(target, { recursive: true, force: true });
  mkdirSync(join(target, "chunks"), { recursive: true });
  cpSync(join(browser, "standalone.esm.js"), join(target, "standalone.esm.js"));
  for (const name of readdirSync(join(browser, "chunks"))) {
    if (!name.endsWith(".map")) cpSync(join(browser, "chunks", name), join(target, "chunks", name));
  }
  const files = [
    "standalone.esm.js",
    ...readdirSync(join(target, "chunks")).map((n) => `chunks/${n}`),
  ].sort();
  const sums = files.map(
    (f) =>
      `${createHash("sha256")
        .update(readFileSync(join(target, f)))
        .digest("hex")}  ${f}`,
  );
  writeFileSync(join(target, "SHA256SUMS"), `${sums.join("\n")}\n`);
  writeFileSync(join(target, "VERSION"), `${version}\n`);
  writeFileSync(
    join(target, "NOTICE"),
    `@scalar/api-reference ${version} (MIT licence, https://github.com/scalar/scalar), unmodified browser build` +
      ` (dist/browser of the npm package, source maps left out).\nnpm tarball integrity: ${packed.integrity}\n`,
  );
  console.log(`[site] vendor/scalar-api-reference: @scalar/api-reference ${version}, ${files.length} files`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
