// Prebuild step of the site: fills the git-ignored folders under static/ that the API reference needs.
//  - static/scalar/: the pinned @scalar/api-reference browser bundle (ESM + lazy chunks), taken from the
//    npm tarball (never committed, never installed as a dependency: it only runs in the browser).
//  - static/openapi/: qibates.yaml (English) and qibates.fr.yaml (French) from openapi/.
// Idempotent: the bundle is downloaded once into node_modules/.cache/scalar and copied only when missing.
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const SCALAR_VERSION = "1.72.1";
const siteDir = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const rootDir = resolve(siteDir, "..");
const staticDir = join(siteDir, "static");

function prepareScalar() {
  const target = join(staticDir, "scalar");
  const stamp = join(target, "VERSION");
  if (existsSync(stamp) && readFileSync(stamp, "utf8").trim() === SCALAR_VERSION) return;

  const cache = join(rootDir, "node_modules", ".cache", "scalar", SCALAR_VERSION);
  const tarball = join(cache, `scalar-api-reference-${SCALAR_VERSION}.tgz`);
  if (!existsSync(tarball)) {
    mkdirSync(cache, { recursive: true });
    console.log(`[site] downloading @scalar/api-reference@${SCALAR_VERSION} (npm pack)`);
    execFileSync(
      "npm",
      ["pack", `@scalar/api-reference@${SCALAR_VERSION}`, "--pack-destination", cache, "--silent"],
      {
        stdio: ["ignore", "ignore", "inherit"],
      },
    );
  }
  const unpacked = join(cache, "package");
  if (!existsSync(join(unpacked, "dist", "browser"))) {
    execFileSync("tar", ["-xzf", tarball, "-C", cache]);
  }
  rmSync(target, { recursive: true, force: true });
  mkdirSync(target, { recursive: true });
  const browser = join(unpacked, "dist", "browser");
  cpSync(join(browser, "standalone.esm.js"), join(target, "standalone.esm.js"));
  // Source maps are 15 MB the reader never needs.
  cpSync(join(browser, "chunks"), join(target, "chunks"), {
    recursive: true,
    filter: (src) => !src.endsWith(".map"),
  });
  writeFileSync(
    join(target, "NOTICE"),
    `@scalar/api-reference ${SCALAR_VERSION} (MIT licence, https://github.com/scalar/scalar), unmodified browser build.\n`,
  );
  writeFileSync(stamp, `${SCALAR_VERSION}\n`);
  console.log(`[site] static/scalar ready (${SCALAR_VERSION})`);
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
