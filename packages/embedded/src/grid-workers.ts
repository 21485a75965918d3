/**
 * Grid workers: heavy grid and MDX reads of the embedded engine run on worker threads (`grid-worker.ts`), off
 * the event loop that serves every other call. A worker holds a replica of each demo cube it reads; the event
 * loop sends the cube's stored values with a call whenever they changed since that worker last had them (a
 * copy of typed arrays: about a millisecond for Sample.Basic), so a worker's answer reads the state of the cube
 * when the call was made, as a read on the event loop would. The answer comes back as JSON
 * in UTF-8 (a `json` `GridAnswer`, `@qibates/provider`'s grid-answer.ts): the event loop neither builds,
 * serialises nor encodes its objects.
 */
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { type ResourceLimits, Worker } from "node:worker_threads";
import type { components } from "@qibates/client/schema";
import type { Cube, CubeSnapshot, Member } from "@qibates/engine";
import type { GridRequest } from "@qibates/engine/grid";
import {
  decodeMdxResult,
  type MdxDrillthrough,
  type MdxDrillthroughResult,
  MdxError,
  type MdxErrorCode,
  type MdxGridOptions,
  type MdxOptions,
  type MdxPosition,
  type MdxQuery,
  type MdxReason,
  type MdxResult,
  type MdxResultTransfer,
  type MdxUpdate,
} from "@qibates/engine/mdx";
import type { LaunchRuleRequest, LaunchRuleResult } from "@qibates/engine/planning";
import { EngineCubeWriteError } from "@qibates/grid-bridge";
import {
  type GridAnswer,
  type GridText,
  jsonAnswer,
  ProviderError,
  type ProviderErrorCode,
  type ProviderErrorParams,
  type ProviderText,
  quantity,
} from "@qibates/provider";
import { type DrillthroughTransfer, decodeDrillthrough } from "./drillthrough-transfer.ts";
import type { EssbaseApplication } from "./essbase-app.ts";
import type { CellWrite } from "./journal.ts";
import type { JournaledAssignment } from "./mdx-writes.ts";
import { type PlanningDemoApplication, type PlanningPools, planningPoolBuffers } from "./planning-app.ts";

type GridResponse = components["schemas"]["GridResponse"];

/** What a worker reads: a grid operation, or an MDX query laid out as a grid. */
export type WorkerRead =
  | {
      kind: "grid";
      request: GridRequest;
      /** The request's grid as text (the request's own grid then left empty): parsed in the worker (`call`). */
      gridText?: GridText;
    }
  | { kind: "mdx"; query: string; options: MdxGridOptions };

/** What a worker does: a read, an MDX result, or a change worked out on its copy of the data. */
export type WorkerWork =
  | WorkerRead
  | {
      /** An MDX query's result as the engine answers it (axes of members, cells), for the XMLA endpoint. */
      kind: "mdx-result";
      query: string;
      options: MdxOptions;
    }
  | {
      /** An XMLA `DRILLTHROUGH` (Excel's Show Details), its statement parsed on the event loop. */
      kind: "drillthrough";
      statement: MdxDrillthrough;
      options: MdxOptions;
    }
  | {
      kind: "save";
      request: GridRequest;
      gridText?: GridText;
      /** The label a written cell without a value shows. */
      missingLabel: string;
    }
  | {
      kind: "calc";
      /** The script's name (named in its errors) and text. */
      script: string;
      text: string;
    }
  | {
      /** A business rule of a planning application, run on the state sent with the call (`planning`). */
      kind: "planning-rule";
      rule: LaunchRuleRequest;
    }
  | {
      /** An XMLA `UPDATE CUBE` (What-If writes, allocations), its statement parsed on the event loop. */
      kind: "mdx-update";
      update: MdxUpdate;
      options: MdxOptions;
    };

/** A business rule run in a worker (`GridWorkers.launchRule`). */
export interface RulePlan {
  /** The state of the application the worker ran the rule on (`PlanningDemoApplication.stamp`). */
  stamp: string;
  /** The rule's answer, its `changes` left out (the state carries them). */
  result: Omit<LaunchRuleResult, "changes"> & { changed: number };
  /**
   * Every plan type's blocks and the texts after the rule, to put in place under the application's lock; null
   * when the rule changed nothing.
   */
  state: PlanningPools | null;
}

/** A calculation run in a worker (`GridWorkers.calculate`). */
export interface CalcPlan {
  /** The state of the data the worker calculated on (`stampOf`). */
  stamp: string;
  /** Every stored value and input flag after the calculation, to put in place under the application's lock. */
  state: CubeSnapshot;
}

/** An `UPDATE CUBE` run in a worker (`GridWorkers.update`). */
export interface UpdatePlan {
  /** The state of the data the worker wrote on (`stampOf`). */
  stamp: string;
  /** Every stored value and input flag after the statement, to put in place under the application's lock. */
  state: CubeSnapshot;
  /** The statement's assignments as resolved (what the journal keeps), and the cells they wrote. */
  assignments: JournaledAssignment[];
  cells: number;
}

/** A save submitted in a worker (`GridWorkers.save`). */
export interface SavePlan {
  /** The state of the data the worker saved on (`stampOf`). */
  stamp: string;
  writes: CellWrite[];
  written: { row: number; column: number }[];
  /** The save's answer without its `dataVersion`. */
  answer: GridAnswer<object>;
}

/** A call to a worker. */
export interface WorkerCall {
  id: number;
  /** The application read (a demo session's view has its own: `Sample@<loginid>`). */
  key: string;
  /** The demo cube it is a copy of (`replica-bases.ts`). */
  base: string;
  /** Which state of the cube the call reads. */
  stamp: string;
  /** The cube's stored values, when the worker does not hold them at `stamp` yet. */
  state?: CubeSnapshot;
  work: WorkerWork;
  /** The answer's `dataVersion`: the journal position of the state read. */
  dataVersion: string;
  /**
   * A planning application's whole state (`planning-rule`): a copy of its blocks as they are held, its arrays
   * moved. Sent with every call, but for a shared application's state the worker already keeps at `stamp`
   * (`keep`).
   */
  planning?: PlanningPools;
  /**
   * The planning state is a shared demo application's (`key`), which every demo session's first rule starts from:
   * the worker keeps the one it is sent, for later calls at the same `stamp` that send none.
   */
  keep?: boolean;
}

/** A worker's answer: the contract's answer as JSON text, or the error the call ended with. */
export type WorkerAnswer =
  | {
      id: number;
      ok: true;
      json: Uint8Array;
      rows: number;
      columns: number;
      keys: string[];
      /** A save's writes, in order, and the cells it answered written (one each, in the same order). */
      saved?: { writes: CellWrite[]; written: { row: number; column: number }[] };
      /** A calculation's resulting state (its arrays moved, not copied). */
      calculated?: CubeSnapshot;
      /** An `mdx-result`'s result (its arrays moved, not copied). */
      mdx?: MdxResultTransfer;
      /** A `drillthrough`'s rows (its members by position). */
      drillthrough?: DrillthroughTransfer;
      /** A `planning-rule`'s answer and the application's state after it (its arrays moved). */
      rule?: { result: RulePlan["result"]; state: PlanningPools | null };
      /** An `mdx-update`'s assignments and cells written (its state in `calculated`). */
      updated?: { assignments: JournaledAssignment[]; cells: number };
    }
  | {
      id: number;
      ok: false;
      /**
       * An `mdx-update` would write a cell that cannot be written: the cell (each base dimension's member, by its
       * position in the dimension) and why, made again on the event loop's side as the engine port's error.
       */
      writeRefused: { tuple: number[]; reason: string };
    }
  | {
      id: number;
      ok: false;
      provider: {
        code: ProviderErrorCode;
        message: string;
        params: ProviderErrorParams | null;
        field: string | null;
        conflicts: readonly { row: number; column: number }[] | null;
      };
    }
  | {
      id: number;
      ok: false;
      /** An `mdx-result`'s query failed: the engine's error, made again on the event loop's side. */
      mdxError: {
        code: MdxErrorCode;
        /** Its reason, from which the error's English message is made again. */
        reason: MdxReason;
        at: MdxPosition;
        size: { cells: number; max: number } | null;
      };
    }
  | { id: number; ok: false; bug: { message: string; stack: string } };

interface Slot {
  worker: Worker;
  /** Calls sent and not answered, by id. */
  pending: Map<number, { resolve: (a: WorkerAnswer) => void; reject: (e: Error) => void }>;
  /** The state of each application this worker holds. */
  stamps: Map<string, string>;
  /** The state of each shared planning application this worker keeps (`WorkerCall.keep`). */
  planning: Map<string, string>;
}

/**
 * `work` with its grid sent only as the request's text when it has it (`gridText`): the worker parses the text,
 * and the event loop copies a string instead of a hundred thousand cells.
 */
function withGridText(work: WorkerWork): WorkerWork {
  if (work.kind !== "grid" && work.kind !== "save") return work;
  return work.gridText === undefined ? work : { ...work, request: { ...work.request, grid: [] } };
}

/** The arrays of a cube snapshot, to move to another thread. */
export function snapshotBuffers(state: CubeSnapshot): ArrayBuffer[] {
  return [state.keys, state.data, state.input, state.upperBits].map((a) => a.buffer as ArrayBuffer);
}

/** An `mdx-update` refused in the worker: made again as the engine port's error with the members of the event loop. */
class WriteRefused extends Error {
  constructor(
    readonly tuple: number[],
    reason: string,
  ) {
    super(reason);
  }
}

/** Numbers for cube objects: an application loaded again gets a new cube, whose version starts again. */
const cubeIds = new WeakMap<Cube, number>();
let nextCubeId = 1;

/** Which state of its data a cube is at: the same string as long as nothing changed it. */
export function stampOf(cube: Cube): string {
  let id = cubeIds.get(cube);
  if (id === undefined) {
    id = nextCubeId++;
    cubeIds.set(cube, id);
  }
  return `${id}.${cube.version}`;
}

/**
 * How a worker thread is started. The server's bundle has the worker beside it (`grid-worker.mjs`, built by
 * `scripts/server-build.mjs`); run from the TypeScript sources (tests, `tsx`), the worker loads them through
 * tsx's loader, as its parent does.
 */
function spawn(resourceLimits: ResourceLimits): Worker {
  const here = import.meta.url;
  if (!here.endsWith(".ts")) return new Worker(new URL("./grid-worker.mjs", here), { resourceLimits });
  // tsx's module hooks, registered in the worker's thread (tsx registers itself on the main thread only), then
  // the worker's sources through them. `require.resolve` names the CommonJS build of tsx's API: its ES module
  // build is beside it.
  const api = createRequire(here)
    .resolve("tsx/esm/api")
    .replace(/\.cjs$/, ".mjs");
  const entry = new URL("./grid-worker.ts", here).href;
  const boot = `import(${JSON.stringify(pathToFileURL(api).href)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); }).catch((e) => { console.error(e); process.exit(1); });`;
  return new Worker(boot, { eval: true, resourceLimits });
}

/** The longest a call may run in a worker by default: past it the worker is ended (and replaced). */
export const WORKER_DEADLINE_MS = 30_000;
/** The heap a worker may hold by default (`resourceLimits.maxOldGenerationSizeMb`): past it the worker is ended. */
export const WORKER_MEMORY_MB = 512;

/** The limits of each call in a worker, and how a worker is started (tests start their own). */
export interface GridWorkerOptions {
  /** Milliseconds a call may run ({@link WORKER_DEADLINE_MS}). */
  deadlineMs?: number;
  /** Megabytes of heap a worker may hold ({@link WORKER_MEMORY_MB}). */
  memoryMb?: number;
  /** Starts a worker with these resource limits (tests: a worker of their own). */
  spawn?: (limits: ResourceLimits) => Worker;
}

/**
 * A call ended because its worker was ended: it ran past the deadline, or the worker ran out of its memory. The
 * worker is replaced at the next call; the caller answers the provider's failure in its protocol's format.
 */
function workerStopped(reason: "time" | "memory", limit: number): ProviderError {
  const why = WORKER_STOPPED[reason](limit);
  return new ProviderError("PROVIDER_FAILED", why.en, { reason: why });
}

/**
 * Why a call's worker was ended ({@link workerStopped}), in each language of the API's messages: the English is also
 * what the wire endpoints answer, as the servers they imitate say it.
 */
export const WORKER_STOPPED = {
  /** Past the deadline, in seconds. */
  time: (seconds: number): ProviderText => ({
    en: `The work was stopped: it ran longer than ${quantity(seconds).en} s.`,
    fr: `Le travail a été arrêté\u00a0: il a duré plus de ${quantity(seconds).fr}\u202fs.`,
  }),
  /** Past the worker's heap, in megabytes. */
  memory: (megabytes: number): ProviderText => ({
    en: `The work was stopped: it needed more memory than ${quantity(megabytes).en} MB.`,
    fr: `Le travail a été arrêté\u00a0: il lui fallait plus de ${quantity(megabytes).fr}\u202fMo de mémoire.`,
  }),
} as const;

/** Worker threads for the heavy reads of the embedded engine; each call goes to the least busy one. */
export class GridWorkers {
  private readonly slots: (Slot | null)[];
  private nextId = 1;
  private closed = false;
  private readonly deadlineMs: number;
  private readonly memoryMb: number;
  private readonly spawn: (limits: ResourceLimits) => Worker;
  /** Workers ended for time or memory since the start (replaced at the next call). */
  stopped = 0;

  constructor(
    readonly size: number,
    options: GridWorkerOptions = {},
  ) {
    this.slots = Array.from({ length: size }, () => null);
    this.deadlineMs = options.deadlineMs ?? WORKER_DEADLINE_MS;
    this.memoryMb = options.memoryMb ?? WORKER_MEMORY_MB;
    this.spawn = options.spawn ?? spawn;
  }

  /** Whether `app` can be read by a worker: its cube is one a worker can build (`replica-bases.ts`). */
  accepts(app: EssbaseApplication): boolean {
    return !this.closed && app.replica !== null;
  }

  /** Reads `work` on `app` in a worker: the answer at the cube's state now, with `dataVersion`. */
  async run(app: EssbaseApplication, work: WorkerRead): Promise<GridAnswer<GridResponse>> {
    const { answer } = await this.call(app, work);
    return jsonAnswer(answer.json, { rows: answer.rows, columns: answer.columns }, answer.keys);
  }

  /**
   * Submits `request` in a worker, on a copy of `app`'s data as it is now: what it writes (to apply under the
   * application's lock, if the data is still at `stamp` then), the cells it answers written, and the answer
   * without its `dataVersion`. `gridText`: the request's grid as the request's text with its span, parsed in the
   * worker instead of the grid copied to it.
   */
  async save(
    app: EssbaseApplication,
    request: GridRequest,
    missingLabel: string,
    gridText?: GridText,
  ): Promise<SavePlan> {
    const work: WorkerWork = {
      kind: "save",
      request,
      missingLabel,
      ...(gridText !== undefined ? { gridText } : {}),
    };
    const { answer, stamp } = await this.call(app, work);
    const saved = answer.saved ?? { writes: [], written: [] };
    return {
      stamp,
      writes: saved.writes,
      written: saved.written,
      answer: jsonAnswer(answer.json, { rows: answer.rows, columns: answer.columns }, answer.keys),
    };
  }

  /**
   * Runs the calculation script `text` in a worker, on a copy of `app`'s data as it is now: the resulting state
   * (to put in place under the application's lock, if the data is still at `stamp` then).
   */
  async calculate(app: EssbaseApplication, script: string, text: string): Promise<CalcPlan> {
    const { answer, stamp } = await this.call(app, { kind: "calc", script, text });
    if (!answer.calculated) throw new Error("grid worker: a calculation answered no state");
    return { stamp, state: answer.calculated };
  }

  /**
   * Runs the MDX query `text` (parsed as `q`) in a worker, on a copy of `app`'s data as it is now: the engine's
   * result, its members those of `app`'s outline.
   */
  async mdxResult(
    app: EssbaseApplication,
    text: string,
    q: MdxQuery,
    options: MdxOptions,
  ): Promise<MdxResult> {
    const { answer } = await this.call(app, { kind: "mdx-result", query: text, options });
    if (!answer.mdx) throw new Error("grid worker: an MDX query answered no result");
    return decodeMdxResult(app.cube, q, answer.mdx);
  }

  /**
   * Runs the `DRILLTHROUGH` `statement` in a worker, on a copy of `app`'s data as it is now: the engine's result,
   * its members those of `app`'s outline.
   */
  async drillthrough(
    app: EssbaseApplication,
    statement: MdxDrillthrough,
    options: MdxOptions,
  ): Promise<MdxDrillthroughResult> {
    const { answer } = await this.call(app, { kind: "drillthrough", statement, options });
    if (!answer.drillthrough) throw new Error("grid worker: a DRILLTHROUGH answered no rows");
    return decodeDrillthrough(app.cube, answer.drillthrough);
  }

  /**
   * Runs the `UPDATE CUBE` statement `update` in a worker, on a copy of `app`'s data as it is now: the resulting
   * state (to put in place under the application's lock, if the data is still at `stamp` then), the assignments
   * the journal keeps, and the cells written. A cell that cannot be written refuses the whole statement
   * (`EngineCubeWriteError`), as on the event loop.
   */
  async update(app: EssbaseApplication, update: MdxUpdate, options: MdxOptions): Promise<UpdatePlan> {
    const { answer, stamp } = await this.call(app, { kind: "mdx-update", update, options });
    if (!answer.calculated || !answer.updated)
      throw new Error("grid worker: an UPDATE CUBE answered no state");
    return { stamp, state: answer.calculated, ...answer.updated };
  }

  /** Sends `work` on `app` to the least busy worker, with the cube's values if it lacks them. */
  private async call(
    app: EssbaseApplication,
    work: WorkerWork,
  ): Promise<{ answer: Extract<WorkerAnswer, { ok: true }>; stamp: string }> {
    if (this.closed) throw new Error("grid workers are closed");
    const base = app.replica;
    if (base === null) throw new Error(`application ${app.name} has no replica for grid workers`);
    const slot = this.pick();
    const key = app.name;
    const cube = app.cube;
    let state: CubeSnapshot | undefined;
    let stamp = stampOf(cube);
    if (slot.stamps.get(key) !== stamp) {
      state = cube.snapshot();
      // Taking the snapshot brings totals up to date, which may count as a change: the stamp is read after it.
      stamp = stampOf(cube);
      slot.stamps.set(key, stamp);
    }
    // A save, a calculation or an UPDATE CUBE changes the worker's copy: it no longer stands for any state of the
    // event loop's.
    if (work.kind === "save" || work.kind === "calc" || work.kind === "mdx-update") slot.stamps.delete(key);
    const call: WorkerCall = {
      id: this.nextId++,
      key,
      base,
      stamp,
      ...(state ? { state } : {}),
      work: withGridText(work),
      dataVersion: String(app.position),
    };
    // The snapshot's arrays are copies made for this call: moved to the worker, not copied again.
    let a: Extract<WorkerAnswer, { ok: true }>;
    try {
      a = await this.send(slot, call, state ? snapshotBuffers(state) : []);
    } catch (e) {
      if (e instanceof WriteRefused) {
        const dims = app.cube.outline.baseDimensions;
        const tuple = e.tuple.map((ordinal, i) => dims[i]?.members[ordinal] as Member);
        throw new EngineCubeWriteError(tuple, e.message);
      }
      throw e;
    }
    return { answer: a, stamp };
  }

  /** Whether `app`'s rules can run in a worker: it is built from a demo application a worker can build. */
  acceptsPlanning(app: PlanningDemoApplication): boolean {
    return !this.closed && app.replica !== null;
  }

  /**
   * Runs a business rule of `app` in a worker, on a copy of its state now: the rule's answer and the state it
   * ends with (to put in place under the application's lock, if it is still at `stamp` then). A demo session's
   * view that has not copied the shared application yet runs it on the shared application's state, which the
   * worker keeps: copied on the event loop once for each state of the shared application, not for each session.
   */
  async launchRule(app: PlanningDemoApplication, rule: LaunchRuleRequest): Promise<RulePlan> {
    if (this.closed) throw new Error("grid workers are closed");
    const base = app.replica;
    if (base === null) throw new Error(`application ${app.name} has no replica for grid workers`);
    const stamp = app.stamp;
    const owner = app.stateOwner;
    const keep = !owner.isView;
    const ownerStamp = owner.stamp;
    const slot = this.pick();
    const held = keep && slot.planning.get(owner.name) === ownerStamp;
    const planning = held ? undefined : owner.state();
    if (keep) slot.planning.set(owner.name, ownerStamp);
    const call: WorkerCall = {
      id: this.nextId++,
      key: owner.name,
      base,
      stamp: ownerStamp,
      work: { kind: "planning-rule", rule },
      dataVersion: String(app.position),
      ...(planning ? { planning } : {}),
      ...(keep ? { keep } : {}),
    };
    const a = await this.send(slot, call, planning ? planningPoolBuffers(planning) : []);
    if (!a.rule || (a.rule.result.changed > 0 && !a.rule.state))
      throw new Error("grid worker: a rule answered no state");
    return { stamp, result: a.rule.result, state: a.rule.result.changed > 0 ? a.rule.state : null };
  }

  /** Sends `call` to `slot`'s worker (its `moved` buffers transferred), and reads its answer or error. */
  private async send(
    slot: Slot,
    call: WorkerCall,
    moved: ArrayBuffer[],
  ): Promise<Extract<WorkerAnswer, { ok: true }>> {
    const id = call.id;
    const answered = new Promise<WorkerAnswer>((resolve, reject) => {
      slot.pending.set(id, { resolve, reject });
    });
    // Past the deadline the worker is ended, with every call it holds: a thread cannot be interrupted otherwise.
    const deadline = setTimeout(() => {
      if (slot.pending.has(id)) this.stop(slot, workerStopped("time", this.deadlineMs / 1000));
    }, this.deadlineMs);
    deadline.unref();
    answered.then(
      () => clearTimeout(deadline),
      () => clearTimeout(deadline),
    );
    // A worker with calls under way keeps the process alive (an idle one does not).
    slot.worker.ref();
    slot.worker.postMessage(call, moved);
    const a = await answered;
    if (a.ok) return a;
    if ("provider" in a) {
      const p = a.provider;
      throw new ProviderError(p.code, p.message, p.params, p.field, p.conflicts);
    }
    if ("writeRefused" in a) throw new WriteRefused(a.writeRefused.tuple, a.writeRefused.reason);
    if ("mdxError" in a) {
      const m = a.mdxError;
      const error = new MdxError(m.code, m.reason, m.at);
      if (m.size) error.size = m.size;
      throw error;
    }
    const bug = new Error(`grid worker: ${a.bug.message}`);
    bug.stack = a.bug.stack;
    throw bug;
  }

  /** Stops the workers (at shutdown); calls under way fail. */
  async close(): Promise<void> {
    this.closed = true;
    const running = this.slots.filter((s): s is Slot => s !== null);
    this.slots.fill(null);
    await Promise.all(running.map((s) => s.worker.terminate()));
  }

  /** Ends `slot`'s worker (replaced at the next call) and fails its calls under way with `error`. */
  private stop(slot: Slot, error: Error): void {
    const at = this.slots.indexOf(slot);
    if (at >= 0) this.slots[at] = null;
    this.stopped++;
    for (const p of slot.pending.values()) p.reject(error);
    slot.pending.clear();
    void slot.worker.terminate();
  }

  /** The least busy worker, started when it is not running. */
  private pick(): Slot {
    let best = -1;
    for (let i = 0; i < this.slots.length; i++) {
      const s = this.slots[i];
      if (!s) {
        best = i;
        break;
      }
      const current = best >= 0 ? this.slots[best] : null;
      if (!current || s.pending.size < current.pending.size) best = i;
    }
    const existing = this.slots[best];
    if (existing) return existing;
    const slot: Slot = {
      worker: this.spawn({ maxOldGenerationSizeMb: this.memoryMb, maxYoungGenerationSizeMb: 32 }),
      pending: new Map(),
      stamps: new Map(),
      planning: new Map(),
    };
    const fail = (error: Error) => {
      // A worker that died is replaced at the next call; its calls under way fail: out of its memory, the
      // provider's failure; anything else a bug (answered 500).
      if (this.slots[best] === slot) this.slots[best] = null;
      const outOfMemory = (error as { code?: string }).code === "ERR_WORKER_OUT_OF_MEMORY";
      if (outOfMemory) this.stopped++;
      const answer = outOfMemory ? workerStopped("memory", this.memoryMb) : error;
      for (const p of slot.pending.values()) p.reject(answer);
      slot.pending.clear();
    };
    slot.worker.on("message", (a: WorkerAnswer) => {
      const p = slot.pending.get(a.id);
      if (!p) return;
      slot.pending.delete(a.id);
      if (slot.pending.size === 0) slot.worker.unref();
      p.resolve(a);
    });
    slot.worker.on("error", (e: Error) => fail(e));
    slot.worker.on("exit", (code) => {
      if (!this.closed) fail(new Error(`grid worker stopped (exit code ${code})`));
    });
    // An idle worker does not keep the process alive.
    slot.worker.unref();
    this.slots[best] = slot;
    return slot;
  }
}
