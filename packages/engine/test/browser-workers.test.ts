import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "../../../e2e/support/browser.ts";
import type { Refusal, WorkerRequest, WorkerResult } from "./browser-workers-entry.ts";
import { bundleForBrowser } from "./support/browser-bundle.ts";

/**
 * Aggregation on Web Workers (`src/browser/aggregation-workers.ts`) in headless Chromium: a loopback server
 * serves a page cross-origin isolated (`/isolated/`: COOP same-origin, COEP require-corp) and the same page
 * without those headers (`/plain/`); the engine runs in a dedicated worker of the page, which starts the
 * aggregation workers, and every stored value of the cubes it aggregates there is compared bit for bit with a
 * one-thread run. Where a pool cannot work (no isolation, a page's main thread) it is refused with a clear error.
 */

const bundle = (entry: string): Promise<string> => bundleForBrowser(new URL(entry, import.meta.url));

const ISOLATION = {
  "Cross-Origin-Opener-Policy": "same-origin",
  "Cross-Origin-Embedder-Policy": "require-corp",
};

let server: Server;
let base = "";
let browser: Browser;

beforeAll(async () => {
  const files: Record<string, { type: string; body: string }> = {
    "index.html": {
      type: "text/html",
      body: '<!doctype html><title>aggregation workers</title><script src="entry.js"></script>',
    },
    "entry.js": { type: "text/javascript", body: await bundle("./browser-workers-entry.ts") },
    "aggregation-worker.js": {
      type: "text/javascript",
      body: await bundle("../src/browser/aggregation-worker.ts"),
    },
  };
  server = createServer((req, res) => {
    const m = /^\/(isolated|plain)\/([\w.-]+)$/.exec(req.url ?? "");
    const file = m ? files[m[2] as string] : undefined;
    if (!m || !file) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, {
      "Content-Type": file.type,
      "Cache-Control": "no-store",
      ...(m[1] === "isolated" ? ISOLATION : {}),
    });
    res.end(file.body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
});

async function open(kind: "isolated" | "plain"): Promise<Page> {
  const page = await browser.newPage();
  await page.goto(`${base}/${kind}/index.html`);
  return page;
}

/** Runs the engine in a dedicated worker of the page, and answers what it posted back. */
function inWorker(page: Page, request: WorkerRequest): Promise<WorkerResult> {
  return page.evaluate(
    (r) =>
      new Promise<WorkerResult>((resolve, reject) => {
        const w = new Worker("entry.js");
        w.onmessage = (e: MessageEvent<WorkerResult>) => {
          resolve(e.data);
          w.terminate();
        };
        w.onerror = (e) => reject(new Error(e.message));
        w.postMessage(r);
      }),
    request,
  );
}

function onMainThread(page: Page): Promise<Refusal | null> {
  return page.evaluate(() =>
    (
      globalThis as unknown as { browserWorkersTest: { tryPool(): Refusal | null } }
    ).browserWorkersTest.tryPool(),
  );
}

describe("aggregation on Web Workers in headless Chromium", () => {
  it("aggregates in a dedicated worker on two workers with the same stored values, bit for bit, as on one thread", async () => {
    const page = await open("isolated");
    try {
      expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);
      const r = await inWorker(page, { workers: 2, minItems: 1, rounds: 3 });
      expect(r.refusal).toBeUndefined();
      // until the workers have started, calculations run on the calling thread alone
      expect(r.workersBeforeReady).toBe(0);
      expect(r.workers).toBe(2);
      const cases = r.cases ?? [];
      expect(cases.map((c) => c.name)).toEqual([
        ...Array(3).fill("synthetic CALC ALL"),
        ...Array(3).fill("Sample.Basic CALC ALL"),
      ]);
      for (const c of cases) {
        expect(c.difference, c.name).toBeNull();
        expect(c.parallelTasks, c.name).toBeGreaterThan(0);
        expect(c.blocks, c.name).toBeGreaterThan(100);
      }
      // the workers took part (not only the calling thread)
      expect(r.chunksByWorkers).toBeGreaterThan(0);
    } finally {
      await page.close();
    }
  });

  it("refuses clearly on a page's main thread, and where the page is not cross-origin isolated", async () => {
    const isolated = await open("isolated");
    const plain = await open("plain");
    try {
      const main = await onMainThread(isolated);
      expect(main).toMatchObject({ name: "EngineError", code: "AGGREGATION_THREADS_UNAVAILABLE" });
      expect(main?.message).toMatch(/dedicated worker.*may not block \(Atomics\.wait\)/);

      expect(await plain.evaluate(() => crossOriginIsolated)).toBe(false);
      const notIsolated =
        /cross-origin isolated page.*Cross-Origin-Opener-Policy: same-origin and Cross-Origin-Embedder-Policy: require-corp/;
      const worker = await inWorker(plain, { workers: 2, minItems: 1, rounds: 1 });
      expect(worker.refusal).toMatchObject({ name: "EngineError", code: "AGGREGATION_THREADS_UNAVAILABLE" });
      expect(worker.refusal?.message).toMatch(notIsolated);
      expect((await onMainThread(plain))?.message).toMatch(notIsolated);
    } finally {
      await isolated.close();
      await plain.close();
    }
  });
});
