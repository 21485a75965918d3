import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type ResourceLimits, Worker } from "node:worker_threads";
import { build } from "esbuild";

/**
 * Grid workers started from one JavaScript bundle of `grid-worker.ts`, made by esbuild from the current sources
 * the first time a test file asks for a worker, as the server's build makes `grid-worker.mjs` (the workspace
 * packages inside, npm packages left to node_modules). A worker started from the TypeScript sources registers
 * tsx in its thread and transforms and loads the engine's hundred modules again, each time: seconds of CPU per
 * worker, where the bundle is read once by each. The tests that are about how the product starts its workers
 * use the product's own way (no `spawn`).
 */

const ROOT = fileURLToPath(new URL("../../../../", import.meta.url));
const ENTRY = fileURLToPath(new URL("../../src/grid-worker.ts", import.meta.url));

let bundled: Promise<URL> | undefined;

/** Builds the bundle once for this test file, in the repository (so that its npm imports resolve). */
function bundle(): Promise<URL> {
  bundled ??= (async () => {
    const parent = join(ROOT, "node_modules", ".cache", "qibates-test-workers");
    mkdirSync(parent, { recursive: true });
    const dir = mkdtempSync(join(parent, "grid-worker-"));
    process.once("exit", () => rmSync(dir, { recursive: true, force: true }));
    const outfile = join(dir, "grid-worker.mjs");
    await build({
      entryPoints: [ENTRY],
      outfile,
      bundle: true,
      platform: "node",
      format: "esm",
      target: "node20",
      logLevel: "warning",
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
    });
    return new URL(`file://${outfile}`);
  })();
  return bundled;
}

/** A worker of the bundle, with the pool's resource limits: the `spawn` of `GridWorkerOptions`. */
export function bundledWorker(url: URL): (limits: ResourceLimits) => Worker {
  return (resourceLimits) => new Worker(url, { resourceLimits });
}

/** The `spawn` of grid workers started from the bundle, built before it is returned. */
export async function bundledSpawn(): Promise<(limits: ResourceLimits) => Worker> {
  return bundledWorker(await bundle());
}
