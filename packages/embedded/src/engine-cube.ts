import { type DataFileCell, DataFileReader, dataExportChunks, runCalcScript } from "@qibates/engine";
import { executeMdxDrillthrough, executeMdxSteps, mdxUpdateWork, parseMdx } from "@qibates/engine/mdx";
import type { EngineCube } from "@qibates/grid-bridge";
import type { JobAdmission, SliceScheduler } from "@qibates/provider";
import { DataLoadError, type DataLoadResult } from "@qibates/provider";
import { MDX_LOOP_STEP_WORK, readInSlices } from "./essbase.ts";
import type { EssbaseApplication } from "./essbase-app.ts";
import { type GridWorkers, stampOf, type UpdatePlan } from "./grid-workers.ts";
import { recordingSource } from "./journal.ts";
import { MDX_UPDATE_ENTRY, writeMdxUpdate } from "./mdx-writes.ts";

/** A cube of the embedded catalogue as the engine port answers it (`EmbeddedProvider.engine`). */
export function engineCubeOf(
  shared: EssbaseApplication,
  ref: { application: string; cube: string },
  /** Where a query takes turns on the event loop with the process's other long work. */
  scheduler: SliceScheduler,
  /** Where a long query goes off the event loop (`grid-workers.ts`); null: in slices on the event loop. */
  workers: GridWorkers | null = null,
  /** The application a call reads (`false`) or writes (`true`): a session's own view; the shared one by default. */
  data: (write: boolean) => Promise<EssbaseApplication> = async () => shared,
  /**
   * The job queue an `UPDATE CUBE` waits in (`job-queue.ts`) and whose job it is (the call's visitor; by default
   * the owner it writes as); none: at once.
   */
  jobs: { queue: JobAdmission; owner: string | null } | null = null,
): EngineCube {
  return {
    application: ref.application,
    cube: ref.cube,
    get outline() {
      return shared.cube.outline;
    },
    async mdx(text, options = {}) {
      const app = await data(false);
      const q = parseMdx(text);
      const mdxOptions = { ...options, application: ref.application, cube: ref.cube };
      await app.upToDate();
      const to = workers?.accepts(app) ? workers : null;
      return readInSlices(
        scheduler,
        app,
        () => executeMdxSteps(app.cube, q, to ? { ...mdxOptions, stepWork: MDX_LOOP_STEP_WORK } : mdxOptions),
        to ? () => to.mdxResult(app, text, q, mdxOptions) : null,
      );
    },
    async drillthrough(statement, options = {}) {
      const app = await data(false);
      await app.upToDate();
      const drillOptions = { ...options, application: ref.application, cube: ref.cube };
      // Its reads are bounded by the query work budget, its rows by MAXROWS, yet reading every level-0 cell under
      // a top cell held the event loop for up to a second: in a grid worker, on a copy of the data as
      // it is now, where there is one; at once otherwise.
      if (workers?.accepts(app)) return workers.drillthrough(app, statement, drillOptions);
      return executeMdxDrillthrough(app.cube, statement, drillOptions);
    },
    async update(ownerId, statement, limits = {}) {
      const app = await data(true);
      await app.upToDate();
      const options = { ...limits, application: ref.application, cube: ref.cube };
      // Its work counted before any is done: past the budget it is refused at once, without a place in the queue.
      mdxUpdateWork(app.cube, statement, options);
      // An allocation writes thousands of cells a tuple: in a grid worker, on a copy of the data, its state then
      // put in place here under the lock (as a calculation's), one job of the caller's in the job queue, so that
      // one visitor's statements run one after the other and another's take their turn between them.
      const to = workers?.accepts(app) ? workers : null;
      const run = async (): Promise<number> => {
        for (let attempt = 1; ; attempt++) {
          const plan: UpdatePlan | null =
            to && attempt <= UPDATE_PLANS ? await to.update(app, statement, options) : null;
          const outcome = await app.mutate(ownerId, () => {
            if (plan && plan.stamp !== stampOf(app.cube)) return { result: null, entry: null };
            let done: { assignments: unknown[]; cells: number };
            if (plan) {
              // The state's arrays were moved from the worker: the cube takes them uncopied.
              if (plan.cells > 0) app.cube.restore(plan.state, true);
              done = plan;
            } else done = writeMdxUpdate(app.cube, statement, options);
            return {
              result: done.cells,
              entry:
                done.cells > 0
                  ? { kind: MDX_UPDATE_ENTRY, payload: { assignments: done.assignments } }
                  : null,
            };
          });
          if (outcome !== null) return outcome;
        }
      };
      if (!jobs) return run();
      return jobs.queue.run(jobs.owner ?? `owner:${ownerId}`, run);
    },
    async exportData(options, write) {
      const app = await data(false);
      await app.upToDate();
      // A few blocks per slice of the event loop. A write between two slices is read as it then stands, as
      // Essbase's export reads blocks while other work goes on.
      return scheduler.run({
        *start() {
          let cells = 0;
          for (const chunk of dataExportChunks(app.cube, options)) {
            cells += valuesIn(chunk);
            write(chunk);
            yield;
          }
          return { cells };
        },
      });
    },
    async loadData(ownerId, text, abortOnError) {
      const app = await data(true);
      const cells: DataFileCell[] = [];
      const rejected: DataLoadResult["rejected"] = [];
      const reject = (line: number, reason: string) => {
        if (abortOnError) throw new DataLoadError(line, reason);
        if (rejected.length < MAX_REJECTED) rejected.push({ line, reason });
      };
      // The file is read in slices of the event loop (a 16 MB file is 340,000 lines, 2 to 5 s read in one go,
      // when nothing else was answered): its names are resolved against the outline, which never changes, and
      // no cell is written before the whole file is read, so that abortOnError still writes nothing.
      await scheduler.run({
        *start() {
          const reader = new DataFileReader(
            app.cube,
            (c) => {
              const blocker = app.cube.writeBlocker(c.tuple);
              if (blocker === null) cells.push(c);
              else reject(c.line, blocker);
            },
            (e) => reject(e.line, e.reason),
          );
          let at = 0;
          let n = 0;
          while (at <= text.length) {
            let end = text.indexOf("\n", at);
            if (end < 0) end = text.length;
            const line = text.slice(at, end);
            reader.line(line.endsWith("\r") ? line.slice(0, -1) : line);
            at = end + 1;
            if (++n % LOAD_LINES_PER_STEP === 0) yield;
          }
          return null;
        },
      });
      // Then written in batches, each under the application's lock and journaled on its own, with the event
      // loop free between two: other calls read the cube as it then stands, as they do during Essbase's loads.
      let loaded = 0;
      for (let i = 0; i < cells.length; i += LOAD_WRITE_BATCH) {
        if (i > 0) await new Promise((resolve) => setImmediate(resolve));
        const batch = cells.slice(i, i + LOAD_WRITE_BATCH);
        loaded += await app.mutate(ownerId, () => {
          const { source, writes } = recordingSource(app.cube);
          for (const c of batch) source.write(c.tuple, c.value);
          return {
            result: writes.length,
            entry: writes.length > 0 ? { kind: "cells", payload: { writes } } : null,
          };
        });
      }
      return { loaded, rejected };
    },
    async clearData(ownerId, which) {
      const app = await data(true);
      const text = `CLEARBLOCK ${which === "all" ? "ALL" : which === "upper" ? "UPPER" : "NONINPUT"};`;
      await app.mutate(ownerId, () => {
        runCalcScript(app.cube, text);
        return { result: null, entry: { kind: "calc", payload: { script: "(clear)", text } } };
      });
    },
  };
}

/**
 * Times an `UPDATE CUBE` is worked out in a grid worker while the data changes under it; then it is run under the
 * lock on the event loop.
 */
const UPDATE_PLANS = 2;

/** Lines of a data file read between two turns of the scheduler. */
const LOAD_LINES_PER_STEP = 256;
/**
 * Cells a load writes under the lock at once, each batch journaled on its own. The journal's payload is JSON
 * PostgreSQL parses as it stores it (jsonb), in one query: with PGlite that query runs on the event loop, so a
 * batch is kept small enough not to hold it (figures in bench/BENCHMARKS.md).
 */
const LOAD_WRITE_BATCH = 1_000;

/** Rejected lines a load reports, at most (the count of loaded cells is always whole). */
const MAX_REJECTED = 1000;

/** Values in a chunk of an export: the fields that are not quoted names. */
function valuesIn(text: string): number {
  // One pass over the characters (no line or token strings): an export of millions of cells is counted in
  // a fraction of the time it takes to write.
  let n = 0;
  let i = 0;
  const end = text.length;
  const space = (c: number) => c === 32 || c === 10 || c === 13 || c === 9 || c === 11 || c === 12;
  while (i < end) {
    const c = text.charCodeAt(i);
    if (space(c)) {
      i++;
      continue;
    }
    if (c === 34) {
      // A quoted name, closed on its line; an unclosed quote starts a field that is not counted either.
      const close = text.indexOf('"', i + 1);
      const nl = text.indexOf("\n", i + 1);
      if (close >= 0 && (nl < 0 || close < nl)) {
        i = close + 1;
        continue;
      }
    } else n++;
    while (i < end && !space(text.charCodeAt(i))) i++;
  }
  return n;
}
