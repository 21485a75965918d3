// Prebuild step of the site: fills the git-ignored folders under static/ that the API reference needs.
//  - static/scalar/: the @scalar/api-reference browser bundle (ESM + lazy chunks). It is pinned to one exact version
//    in api-reference-bundle/, a project of its own with its own lockfile (integrity checked by npm, `npm audit
//    --prefix site/api-reference-bundle` sees it), outside the workspace: every Scalar version with the French
//    localization the page uses asks for Node 22, which a root `npm install` on Node 20 warned about 24 times for
//    code only a browser runs (issue 71). This step installs it there with `npm ci` when it is missing, then copies
//    the browser build. It only runs in the browser.
//  - static/openapi/: qibates.yaml (English) and qibates.fr.yaml (French) from openapi/.
// Idempotent: the bundle is installed and copied only when missing or of another version.
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const siteDir = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const rootDir = resolve(siteDir, "..");
const staticDir = join(siteDir, "static");

function prepareScalar() {
  const bundleDir = join(siteDir, "api-reference-bundle");
  const pinned = JSON.parse(readFileSync(join(bundleDir, "package.json"), "utf8")).dependencies?.[
    "@scalar/api-reference"
  ];
  if (!/^\d+\.\d+\.\d+$/.test(pinned ?? "")) {
    throw new Error("[site] api-reference-bundle must pin @scalar/api-reference at one exact version");
  }
  const target = join(staticDir, "scalar");
  const stamp = join(target, "VERSION");
  if (existsSync(stamp) && readFileSync(stamp, "utf8").trim() === pinned) return;

  // Installed from the bundle's own lockfile (no install scripts, no audit or funding notice), once.
  const installed = join(bundleDir, "node_modules", "@scalar", "api-reference");
  const versionOf = () =>
    existsSync(join(installed, "package.json"))
      ? JSON.parse(readFileSync(join(installed, "package.json"), "utf8")).version
      : null;
  if (versionOf() !== pinned) {
    console.log(`[site] installing @scalar/api-reference ${pinned} in site/api-reference-bundle (npm ci)`);
    execFileSync(
      "npm",
      ["ci", "--ignore-scripts", "--no-audit", "--no-fund", "--loglevel=error", "--engine-strict=false"],
      { cwd: bundleDir, stdio: ["ignore", "inherit", "inherit"] },
    );
  }
  const version = versionOf();
  if (version !== pinned) {
    throw new Error(`[site] api-reference-bundle holds @scalar/api-reference ${version}, not ${pinned}`);
  }
  rmSync(target, { recursive: true, force: true });
  mkdirSync(target, { recursive: true });
  const browser = join(installed, "dist", "browser");
  cpSync(join(browser, "standalone.esm.js"), join(target, "standalone.esm.js"));
  // Source maps are 15 MB the reader never needs.
  cpSync(join(browser, "chunks"), join(target, "chunks"), {
    recursive: true,
    filter: (src) => !src.endsWith(".map"),
  });
  writeFileSync(
    join(target, "NOTICE"),
    `@scalar/api-reference ${pinned} (MIT licence, https://github.com/scalar/scalar), unmodified browser build.\n`,
  );
  writeFileSync(stamp, `${pinned}\n`);
  console.log(`[site] static/scalar ready (${pinned})`);
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
