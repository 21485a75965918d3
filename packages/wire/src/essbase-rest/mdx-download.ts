/**
 * The report of Essbase's `…/mdx` in each of its formats (JSON, CSV, HTML, XLSX), and the Grid of `…/grid/mdx`,
 * made from the provider's grid off the event loop: a report of hundreds of thousands of cells is read from the
 * grid's JSON, laid out and written (an XLSX workbook: its sheet's XML and the zip around it) in seconds, during
 * which nothing else the server answers could run. One thread (`mdx-download-worker.ts`) makes the reports one after the other; the
 * event loop hands it the grid's bytes (moved, not copied, when a grid worker wrote them) and gets the answer's
 * bytes back.
 */
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type { MdxFormat } from "@qibates/protocols/essbase-rest";
import { answerGridSize, type GridAnswer } from "@qibates/provider";
import { restGrid } from "./grid.ts";
import { mdxCsv, mdxHtml, mdxXlsx } from "./mdx-formats.ts";
import { mdxReport } from "./mdx-json.ts";

/** What a report is made from: the provider's grid, the cube's dimensions, and what the request asked. */
export interface MdxDownloadRequest {
  /** `GRID`: the answer of `…/grid/mdx`, Essbase's Grid as JSON (`restGrid`), not a report. */
  format: MdxFormat | "GRID";
  /** The Grid's alias table (`GRID` only): null for member names. */
  alias?: string | null;
  /** The cube's dimensions in outline order (the page dimensions of the JSON answer are read from them). */
  outline: readonly { name: string; attribute: boolean }[];
  dataless: boolean;
  /** The HTML table's title. */
  title: string;
}

/** A call to the report thread: the grid as the provider's JSON answer (UTF-8). */
export interface MdxDownloadCall extends MdxDownloadRequest {
  id: number;
  grid: Uint8Array;
}

export type MdxDownloadAnswer =
  | { id: number; ok: true; bytes: Uint8Array }
  | { id: number; ok: false; message: string; stack: string };

type ReportGrid = Parameters<typeof mdxReport>[0];

/** The report's bytes in `request.format` for `grid` (on the thread that calls it). */
export async function mdxDownloadBytes(grid: ReportGrid, request: MdxDownloadRequest): Promise<Uint8Array> {
  if (request.format === "GRID") {
    const order = request.outline.map((d) => d.name);
    return new TextEncoder().encode(JSON.stringify(restGrid(grid, order, request.alias ?? null)));
  }
  const { json, rows } = mdxReport(grid, request.outline, request.dataless);
  switch (request.format) {
    case "JSON":
      return new TextEncoder().encode(JSON.stringify(json));
    case "CSV":
      return new TextEncoder().encode(mdxCsv(rows));
    case "HTML":
      return new TextEncoder().encode(mdxHtml(rows, request.title));
    default: {
      // Bytes of their own (a small Buffer shares Node's pool, which cannot move to another thread).
      return new Uint8Array(await mdxXlsx(rows));
    }
  }
}

/**
 * Cells of a grid a report makes on the event loop: a smaller one is made at once (a few milliseconds), a larger
 * one in the report thread.
 */
export const DOWNLOAD_LOOP_CELLS = 10_000;

/** Whether `bytes` are the whole of their buffer, which can then move to another thread as they are. */
const whole = (bytes: Uint8Array) => bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;

/** How the report thread is started: beside the server's bundle, or from the TypeScript sources through tsx. */
function spawn(): Worker {
  const here = import.meta.url;
  const resourceLimits = { maxOldGenerationSizeMb: 1024, maxYoungGenerationSizeMb: 32 };
  if (!here.endsWith(".ts"))
    return new Worker(new URL("./mdx-download-worker.mjs", here), { resourceLimits });
  // As the grid workers start from the sources (@qibates/embedded grid-workers.ts): tsx's hooks registered in the
  // thread, then the thread's code through them.
  const api = createRequire(here)
    .resolve("tsx/esm/api")
    .replace(/\.cjs$/, ".mjs");
  const entry = new URL("./mdx-download-worker.ts", here).href;
  const boot = `import(${JSON.stringify(pathToFileURL(api).href)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); }).catch((e) => { console.error(e); process.exit(1); });`;
  return new Worker(boot, { eval: true, resourceLimits });
}

/** The thread that makes the large reports: started at the first, ended with the endpoint. */
export class MdxDownloads {
  #worker: Worker | null = null;
  readonly #pending = new Map<number, { resolve: (a: Uint8Array) => void; reject: (e: Error) => void }>();
  #nextId = 1;
  #closed = false;

  /** The report of `answer` in `request.format`: made at once when small, else in the report thread. */
  async make(answer: GridAnswer<ReportGrid>, request: MdxDownloadRequest): Promise<Uint8Array> {
    const { rows, columns } = answerGridSize(answer);
    if (answer.kind === "value" && rows * columns < DOWNLOAD_LOOP_CELLS)
      return mdxDownloadBytes(answer.value, request);
    // A grid answered as an object (a provider that made it on the event loop) goes as its JSON text.
    const grid =
      answer.kind === "value"
        ? new TextEncoder().encode(JSON.stringify(answer.value))
        : whole(answer.bytes)
          ? answer.bytes
          : answer.bytes.slice();
    return this.#call({ ...request, grid, id: this.#nextId++ });
  }

  #call(call: MdxDownloadCall): Promise<Uint8Array> {
    if (this.#closed) return Promise.reject(new Error("the MDX report thread is closed"));
    const worker = this.#started();
    return new Promise<Uint8Array>((resolve, reject) => {
      this.#pending.set(call.id, { resolve, reject });
      worker.ref();
      // The grid's bytes move to the thread: the answer no longer needs them here.
      worker.postMessage(call, [call.grid.buffer as ArrayBuffer]);
    });
  }

  #started(): Worker {
    if (this.#worker) return this.#worker;
    const worker = spawn();
    const fail = (error: Error) => {
      if (this.#worker === worker) this.#worker = null;
      for (const p of this.#pending.values()) p.reject(error);
      this.#pending.clear();
    };
    worker.on("message", (a: MdxDownloadAnswer) => {
      const p = this.#pending.get(a.id);
      if (!p) return;
      this.#pending.delete(a.id);
      if (this.#pending.size === 0) worker.unref();
      if (a.ok) p.resolve(a.bytes);
      else {
        const error = new Error(`MDX report thread: ${a.message}`);
        error.stack = a.stack;
        p.reject(error);
      }
    });
    worker.on("error", fail);
    worker.on("exit", (code) => fail(new Error(`MDX report thread stopped (exit code ${code})`)));
    // An idle thread does not keep the process alive.
    worker.unref();
    this.#worker = worker;
    return worker;
  }

  async close(): Promise<void> {
    this.#closed = true;
    const worker = this.#worker;
    this.#worker = null;
    if (worker) await worker.terminate();
  }
}
