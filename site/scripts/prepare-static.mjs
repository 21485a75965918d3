// Prebuild step of the site: fills the git-ignored folders under static/ that the API reference needs.
//  - static/scalar/: the @scalar/api-reference browser bundle (ESM + lazy chunks). It is pinned to one exact version
//    in api-reference-bundle/, whose lockfile holds the package's integrity (`npm audit --prefix
//    site/api-reference-bundle` sees it), outside the workspace: every Scalar version with the French localization
//    the page uses asks for Node 22, and only a browser runs it. The browser bundle is all in that one package, so
//    no install of its dependencies is needed: the package's tarball is fetched once with `npm pack` and kept in
//    node_modules/.cache/qibates-scalar/. At every run the tarball is checked against the lockfile's integrity
//    (fetched again when it does not match, refused when the new one does not either), and each file of
//    static/scalar/ against the tarball's: a copy that differs, misses a file or holds one more is made again.
//  - static/openapi/: qibates.yaml (English) and qibates.fr.yaml (French) from openapi/.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const siteDir = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const rootDir = resolve(siteDir, "..");
const staticDir = join(siteDir, "static");
export const SCALAR_CACHE = join(rootDir, "node_modules", ".cache", "qibates-scalar");
const PACKAGE = "@scalar/api-reference";
/** Files of static/scalar/ written by this step, not taken from the package. */
const OWN_FILES = new Set(["VERSION", "NOTICE"]);

/** The pinned version and the lockfile's integrity of the Scalar package in `bundleDir`. Throws when unpinned. */
export function lockedScalar(bundleDir = join(siteDir, "api-reference-bundle")) {
  const pinned = JSON.parse(readFileSync(join(bundleDir, "package.json"), "utf8")).dependencies?.[PACKAGE];
  if (!/^\d+\.\d+\.\d+$/.test(pinned ?? "")) {
    throw new Error("[site] api-reference-bundle must pin @scalar/api-reference at one exact version");
  }
  const lock = JSON.parse(readFileSync(join(bundleDir, "package-lock.json"), "utf8"));
  const locked = lock.packages?.[`node_modules/${PACKAGE}`];
  if (locked?.version !== pinned || !/^sha512-/.test(locked?.integrity ?? "")) {
    throw new Error(
      `[site] api-reference-bundle's lockfile holds no sha512 integrity of ${PACKAGE} ${pinned}`,
    );
  }
  return { version: pinned, integrity: locked.integrity };
}

/** A file's Subresource Integrity string (`sha512-<base64>`), as npm's lockfiles write them. */
export function integrityOf(file) {
  return `sha512-${createHash("sha512").update(readFileSync(file)).digest("base64")}`;
}

/** Fetches `spec` from the npm registry with `npm pack` (npm checks it against the registry) into `dir`. */
function npmPack(spec, dir) {
  const out = execFileSync("npm", ["pack", spec, "--json", "--loglevel=error", "--pack-destination", dir], {
    cwd: dir,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  });
  return join(dir, JSON.parse(out)[0].filename);
}

/**
 * The path of the package's tarball in `cacheDir`, checked against the lockfile's `integrity`: fetched (`pack`)
 * when missing or when it does not match. Throws when the fetched tarball does not match either.
 */
export function scalarTarball(
  { version, integrity },
  { cacheDir = SCALAR_CACHE, pack = npmPack, log = console.log } = {},
) {
  const tarball = join(cacheDir, `scalar-api-reference-${version}.tgz`);
  if (existsSync(tarball) && integrityOf(tarball) === integrity) return tarball;
  log(`[site] fetching ${PACKAGE} ${version} (npm pack), checked against api-reference-bundle's lockfile`);
  mkdirSync(cacheDir, { recursive: true });
  const work = mkdtempSync(join(cacheDir, ".fetch-"));
  try {
    const fetched = pack(`${PACKAGE}@${version}`, work);
    const got = integrityOf(fetched);
    if (got !== integrity) {
      throw new Error(
        `[site] ${PACKAGE} ${version} from the registry is ${got}, not the lockfile's ${integrity}`,
      );
    }
    renameSync(fetched, tarball);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return tarball;
}

/** Every file under `dir`, as paths relative to it. */
function filesUnder(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)));
}

/** The browser files the page loads, relative to the package's dist/browser (source maps left out). */
const served = (rel) => (rel === "standalone.esm.js" || rel.startsWith("chunks/")) && !rel.endsWith(".map");

/**
 * Makes `target` hold exactly the browser files of the checked `tarball` (plus VERSION and NOTICE): each file is
 * compared with the tarball's, and the folder is written again when one differs, is missing or is extra.
 * Returns true when it was written.
 */
export function copyScalar(tarball, version, target) {
  const work = mkdtempSync(join(dirname(tarball), ".unpack-"));
  try {
    execFileSync("tar", ["-xzf", tarball, "-C", work, "package/dist/browser"], {
      stdio: ["ignore", "ignore", "inherit"],
    });
    const browser = join(work, "package", "dist", "browser");
    const wanted = filesUnder(browser).filter(served);
    const notice = `${PACKAGE} ${version} (MIT licence, https://github.com/scalar/scalar), unmodified browser build.\n`;
    const present = existsSync(target) ? filesUnder(target).filter((f) => !OWN_FILES.has(f)) : [];
    const same =
      present.length === wanted.length &&
      wanted.every(
        (f) =>
          existsSync(join(target, f)) && readFileSync(join(target, f)).equals(readFileSync(join(browser, f))),
      ) &&
      existsSync(join(target, "VERSION")) &&
      readFileSync(join(target, "VERSION"), "utf8") === `${version}\n` &&
      existsSync(join(target, "NOTICE")) &&
      readFileSync(join(target, "NOTICE"), "utf8") === notice;
    if (same) return false;
    rmSync(target, { recursive: true, force: true });
    for (const f of wanted) {
      mkdirSync(dirname(join(target, f)), { recursive: true });
      cpSync(join(browser, f), join(target, f));
    }
    writeFileSync(join(target, "NOTICE"), notice);
    writeFileSync(join(target, "VERSION"), `${version}\n`);
    return true;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

function prepareScalar() {
  const locked = lockedScalar();
  const target = join(staticDir, "scalar");
  if (copyScalar(scalarTarball(locked), locked.version, target)) {
    console.log(`[site] static/scalar ready (${locked.version}, checked against the lockfile's integrity)`);
  }
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

/**
 * The repository's `postinstall`: fetches the pinned tarball into the cache (checked against the lockfile's
 * integrity), so that the first build does not wait for the registry. A failure only warns: the build fetches it
 * again and stops there if it still cannot.
 */
function fetchScalarAtInstall() {
  try {
    scalarTarball(lockedScalar());
  } catch (error) {
    console.warn(
      `[site] WARNING: ${PACKAGE} was not fetched at install (${error instanceof Error ? error.message : error}); the site build will try again.`,
    );
  }
}

// Run as the site's prebuild step (`--fetch-scalar`: the install step above); imported by its tests for the
// functions above.
const USAGE = `Usage: node site/scripts/prepare-static.mjs [--fetch-scalar]

Writes what the site's build serves as it is: the API reference's browser files (static/scalar/, from the pinned
@scalar/api-reference tarball, checked against api-reference-bundle's lockfile) and the contract in both languages
(static/openapi/). The site's build runs it first.

  --fetch-scalar   only fetch the pinned tarball into the cache, checked against the lockfile (npm install runs
                   this); a failed fetch warns, and the build fetches again
  --help           print this and do nothing else`;

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const args = process.argv.slice(2);
  const unknown = args.find((a) => a !== "--fetch-scalar" && a !== "--help");
  if (args.includes("--help")) {
    console.log(USAGE);
  } else if (unknown !== undefined) {
    console.error(`prepare-static: unknown option ${unknown}\n\n${USAGE}`);
    process.exitCode = 2;
  } else if (args.includes("--fetch-scalar")) {
    fetchScalarAtInstall();
  } else {
    prepareScalar();
    prepareOpenApi();
  }
}
