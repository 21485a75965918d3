// Prebuild step of the site: fills the git-ignored folders under static/ that the API reference needs.
//  - static/scalar/: the @scalar/api-reference browser bundle (ESM + lazy chunks), copied from the committed
//    site/vendor/scalar-api-reference/ (written by scripts/vendor-scalar.mjs; nothing is fetched at build time).
//    It only runs in the browser.
//  - static/openapi/: qibates.yaml (English) and qibates.fr.yaml (French) from openapi/.
// Idempotent: the bundle is copied only when missing or of another version.
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const siteDir = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const rootDir = resolve(siteDir, "..");
const staticDir = join(siteDir, "static");

function prepareScalar() {
  const vendored = join(siteDir, "vendor", "scalar-api-reference");
  const versionFile = join(vendored, "VERSION");
  if (!existsSync(versionFile)) {
    throw new Error(
      "[site] vendor/scalar-api-reference/VERSION is missing: see site/scripts/vendor-scalar.mjs",
    );
  }
  const version = readFileSync(versionFile, "utf8").trim();
  const target = join(staticDir, "scalar");
  const stamp = join(target, "VERSION");
  if (existsSync(stamp) && readFileSync(stamp, "utf8").trim() === version) return;
  rmSync(target, { recursive: true, force: true });
  // The committed copy as it is: the bundle, its chunks and NOTICE (SHA256SUMS stays behind), then VERSION, the
  // stamp, last.
  cpSync(vendored, target, {
    recursive: true,
    filter: (src) => !src.endsWith("SHA256SUMS") && src !== versionFile,
  });
  cpSync(versionFile, stamp);
  console.log(`[site] static/scalar ready (${version})`);
}

function prepareOpenApi() {
  const target = join(staticDir, "openapi");
  mkdirSync(target, { recursive: true });
  const emitter = join(rootDir, "openapi", "tools", "emit.ts");
  const source = join(rootDir, "openapi", "qibates.yaml");
  if (existsSync(emitter)) {
    try {
      execFileSync("npx", ["tsx", emitter, target], { cwd: rootDir, stdio: ["ignore", "inherit", "pipe"] });
      return checkOpenApi(target);
    } catch (error) {
      // The contract's emitter is another module's code: if it breaks, the site still builds with the English
      // description for both locales, and says so loudly.
      const detail =
        error instanceof Error && "stderr" in error
          ? String(error.stderr).split("\n").slice(0, 5).join("\n")
          : "";
      console.warn(
        `[site] WARNING: openapi/tools/emit.ts failed; using openapi/qibates.yaml for both locales.\n${detail}`,
      );
    }
  }
  if (!existsSync(source)) {
    throw new Error(`[site] ${source} is missing: the API reference has nothing to render`);
  }
  cpSync(source, join(target, "qibates.yaml"));
  cpSync(source, join(target, "qibates.fr.yaml"));
  checkOpenApi(target);
}

function checkOpenApi(target) {
  for (const name of ["qibates.yaml", "qibates.fr.yaml"]) {
    if (!existsSync(join(target, name))) throw new Error(`[site] static/openapi/${name} was not produced`);
  }
}

prepareScalar();
prepareOpenApi();
