// Decides whether the server must be (re)built, and builds it: one JavaScript bundle that plain `node` runs
// (`packages/server/dist/main.mjs`), with the @qibates/* workspace packages inside and every npm dependency left
// to node_modules. Shared by `npm start` and `npm run build`.
import { existsSync, mkdirSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { newestMtime, ROOT } from "./site-build.mjs";

const DIST = join(ROOT, "packages", "server", "dist");
export const SERVER_ENTRY = join(DIST, "main.mjs");
const GRID_WORKER = join(DIST, "grid-worker.mjs");
const AGGREGATION_WORKER = join(DIST, "aggregation-worker.mjs");
const MDX_DOWNLOAD_WORKER = join(DIST, "mdx-download-worker.mjs");
const STAMP = join(DIST, ".qibates-build-stamp");
// Everything the bundle is made from (the repository's package.json gives the version the server reports).
const SOURCES = [
  "package.json",
  "packages/server/src",
  "packages/connectors/src",
  "packages/embedded/src",
  "packages/grid-bridge/src",
  "packages/provider/src",
  "packages/engine/src",
  "packages/engine/demo",
  "packages/client/src",
  "packages/wire/src",
  "packages/protocols/src",
  "packages/grid-rules/src",
  "packages/server/package.json",
  "packages/connectors/package.json",
  "packages/embedded/package.json",
  "packages/grid-bridge/package.json",
  "packages/provider/package.json",
  "packages/engine/package.json",
  "packages/client/package.json",
  "packages/wire/package.json",
  "packages/protocols/package.json",
  "packages/grid-rules/package.json",
];

/** Why the server must be built, or null when the bundle is up to date. */
export function serverBuildReason() {
  if (
    !existsSync(SERVER_ENTRY) ||
    !existsSync(GRID_WORKER) ||
    !existsSync(AGGREGATION_WORKER) ||
    !existsSync(MDX_DOWNLOAD_WORKER) ||
    !existsSync(STAMP)
  )
    return "it has not been built yet";
  const built = statSync(STAMP).mtimeMs;
  const newest = Math.max(...SOURCES.map((s) => newestMtime(join(ROOT, s))));
  return newest > built ? "its sources changed since the last build" : null;
}

/**
 * The server, and the threads of the grid workers, the aggregation workers and the Essbase REST endpoint's MDX
 * reports beside it (`grid-worker.mjs`, `aggregation-worker.mjs`, `mdx-download-worker.mjs`, which the server
 * starts by those names), by their source under a checkout.
 */
export const SERVER_ENTRIES = {
  main: "packages/server/src/main.ts",
  "grid-worker": "packages/embedded/src/grid-worker.ts",
  "aggregation-worker": "packages/embedded/src/aggregation-worker.ts",
  "mdx-download-worker": "packages/wire/src/essbase-rest/mdx-download-worker.ts",
};

/**
 * esbuild's options for a Node.js bundle of `entryPoints` written to `outdir`: our own workspace packages, written
 * in TypeScript, inside; npm packages outside, loaded from node_modules (their own files, native parts and all).
 */
export function workspaceBundleOptions(
  entryPoints,
  outdir,
  { sourcemap = false, logLevel = "warning" } = {},
) {
  return {
    entryPoints,
    outdir,
    outExtension: { ".js": ".mjs" },
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    sourcemap,
    logLevel,
    plugins: [
      {
        name: "dependencies-external",
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith("@qibates/") ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  };
}

/**
 * esbuild's options for the server bundle of the checkout at `root`, written to `outdir`. Shared with the benches
 * that build an earlier commit's bundle (`bench/outline-scale.mjs`); an entry whose source that checkout does not
 * have yet is left out.
 */
export function serverBundleOptions(root, outdir, { sourcemap = true } = {}) {
  const entryPoints = Object.fromEntries(
    Object.entries(SERVER_ENTRIES)
      .map(([name, path]) => [name, join(root, path)])
      .filter(([, path]) => existsSync(path)),
  );
  return workspaceBundleOptions(entryPoints, outdir, { sourcemap });
}

/** Builds the server bundle when needed. Returns true when a build ran. Throws on failure. */
export async function buildServerIfNeeded({ force = false } = {}) {
  const reason = force ? "a build was asked for" : serverBuildReason();
  if (!reason) return false;
  const started = Date.now();
  process.stdout.write(`Building the server because ${reason}...\n`);
  const { build } = await import("esbuild");
  mkdirSync(DIST, { recursive: true });
  await build(serverBundleOptions(ROOT, DIST));
  writeFileSync(STAMP, new Date().toISOString());
  process.stdout.write(`Server built in ${((Date.now() - started) / 1000).toFixed(1)} s.\n`);
  return true;
}
