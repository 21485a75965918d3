import { createHash } from "node:crypto";
import { existsSync, mkdirSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { type ResourceLimits, Worker } from "node:worker_threads";
import { build } from "esbuild";
import { serverBundleOptions } from "../../../../scripts/server-build.mjs";

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

/**
 * Builds the bundle once for this test file, in the repository (so that its npm imports resolve), under a name
 * made from its content: files running at once that build the same bundle write the same file (each renames
 * its own whole copy into place), and a test worker ended by Vitest, which runs no exit handler, leaves
 * nothing behind but the bundle of its sources, written again by the next run.
 */
function bundle(): Promise<URL> {
  bundled ??= (async () => {
    const dir = join(ROOT, "node_modules", ".cache", "qibates-test-workers");
    mkdirSync(dir, { recursive: true });
    // The server build's own options (workspace packages inside, npm packages outside), for this one entry.
    const result = await build({
      ...serverBundleOptions(ROOT, dir, { sourcemap: false }),
      entryPoints: { "grid-worker": ENTRY },
      write: false,
    });
    const code = result.outputFiles?.[0]?.contents;
    if (!code) throw new Error("esbuild wrote no bundle of grid-worker.ts");
    const key = createHash("sha256").update(code).digest("hex").slice(0, 16);
    const file = join(dir, `grid-worker-${key}.mjs`);
    if (!existsSync(file)) {
      const partial = `${file}.${process.pid}.tmp`;
      writeFileSync(partial, code);
      renameSync(partial, file);
    }
    return pathToFileURL(file);
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
