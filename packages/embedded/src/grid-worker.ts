/**
 * A grid worker's thread (`grid-workers.ts` starts it): it keeps a replica of each demo cube it is asked to
 * read — the cube the demo data builds, its stored values replaced by the snapshot the event loop sends whenever
 * the cube changed since the last call — and answers heavy grid and MDX reads on it, and submits heavy saves on
 * it (the event loop then applies their writes to its own data), with the contract's answer already written as
 * UTF-8 JSON, so that neither the engine's work nor the answer's objects touch the event loop that serves every
 * other call.
 */
import { parentPort } from "node:worker_threads";
import { Cube, type CubeSnapshot, runCalcScript } from "@qibates/engine";
import { finish, type GridRequest, gridOperationSteps, runGridOperation } from "@qibates/engine/grid";
import {
  encodeMdxResult,
  executeMdx,
  executeMdxDrillthrough,
  MdxError,
  type MdxErrorCode,
  type MdxResultTransfer,
  runMdxGridSteps,
  transferBuffers,
} from "@qibates/engine/mdx";
import type { LaunchRuleRequest, LaunchRuleResult, PlanningApplication } from "@qibates/engine/planning";
import {
  cellKindsSteps,
  EngineCubeWriteError,
  engineError,
  gridAnswer,
  savedAnswer,
  writtenCells,
} from "@qibates/grid-bridge";
import { lowerThreadPriority } from "@qibates/protocols/thread-priority";
import { type GridText, gridRows, ProviderError } from "@qibates/provider";
import { type DrillthroughTransfer, encodeDrillthrough } from "./drillthrough-transfer.ts";
import type { WorkerAnswer, WorkerCall } from "./grid-workers.ts";
import { type CellWrite, recordingSource } from "./journal.ts";
import { type JournaledAssignment, writeMdxUpdate } from "./mdx-writes.ts";
import {
  copyOfPlanningPools,
  type PlanningPools,
  planningPoolBuffers,
  planningPools,
  takePlanningPools,
} from "./planning-app.ts";
import { planningReplicaBase, replicaBase } from "./replica-bases.ts";

/** Replicas kept at once (the shared demo cube and the views of the demo sessions last read here). */
const REPLICAS = 16;

interface Replica {
  cube: Cube;
  stamp: string;
}

/** Replicas by application (`Sample`, `Sample@<loginid>`), least recently used first. */
const replicas = new Map<string, Replica>();
/** The demo cubes replicas are made from, by base application: built once. */
const bases = new Map<string, Cube>();

function replicaOf(call: WorkerCall): Cube {
  const known = replicas.get(call.key);
  if (call.state) {
    let base = bases.get(call.base);
    if (!base) {
      base = replicaBase(call.base)();
      bases.set(call.base, base);
    }
    const cube = known?.cube ?? new Cube(base.outline, { aggMissing: base.aggMissing });
    cube.restore(call.state);
    replicas.delete(call.key);
    replicas.set(call.key, { cube, stamp: call.stamp });
    while (replicas.size > REPLICAS) replicas.delete(replicas.keys().next().value as string);
    return cube;
  }
  if (!known || known.stamp !== call.stamp) {
    // The event loop sends the state whenever it does not know this worker to hold it: a bug if it is missing.
    throw new Error(`grid worker: replica of ${call.key} is not at ${call.stamp}`);
  }
  replicas.delete(call.key);
  replicas.set(call.key, known);
  return known.cube;
}

/** The grid request, its grid parsed here from the request's text when the event loop sent that instead. */
function gridRequest(request: GridRequest, gridText: GridText | undefined): GridRequest {
  return gridText === undefined ? request : { ...request, grid: gridRows(gridText) };
}

/** The planning applications rules run on, by base (`replica-bases.ts`): built once, their state sent each call. */
const planningBases = new Map<string, PlanningApplication>();

/** The shared planning applications' states kept for later calls (`WorkerCall.keep`), by application. */
const keptPlanning = new Map<string, { stamp: string; state: PlanningPools }>();

/**
 * Runs a business rule on the planning state sent with the call, or kept from an earlier one; answers the rule
 * and the state after it. A state sent for this call alone is taken as it is; one kept is copied, never changed.
 */
function ruleAnswer(call: WorkerCall, rule: LaunchRuleRequest): WorkerAnswer {
  let app = planningBases.get(call.base);
  if (!app) {
    app = planningReplicaBase(call.base)();
    planningBases.set(call.base, app);
  }
  let state = call.planning;
  if (state && call.keep) keptPlanning.set(call.key, { stamp: call.stamp, state });
  if (!state) {
    const kept = keptPlanning.get(call.key);
    // The event loop sends the state whenever it does not know this worker to keep it: a bug if it is missing.
    if (!kept || kept.stamp !== call.stamp)
      throw new Error(`grid worker: planning state of ${call.key} is not at ${call.stamp}`);
    state = kept.state;
  }
  takePlanningPools(app, call.planning && !call.keep ? call.planning : copyOfPlanningPools(state));
  let result: LaunchRuleResult;
  try {
    result = app.launchRule(rule);
  } catch (e) {
    engineError(e);
  }
  const { changes, ...rest } = result;
  return {
    id: call.id,
    ok: true,
    json: new Uint8Array(0),
    rows: 0,
    columns: 0,
    keys: [],
    // The state after the rule, copied as its blocks are held; none when the rule changed nothing.
    rule: {
      result: { ...rest, changed: changes.length },
      state: changes.length > 0 ? planningPools(app) : null,
    },
  };
}

function answer(call: WorkerCall): WorkerAnswer {
  try {
    if (call.work.kind === "planning-rule") return ruleAnswer(call, call.work.rule);
    const cube = replicaOf(call);
    let result: object;
    let rows: number;
    let columns: number;
    let saved: { writes: CellWrite[]; written: { row: number; column: number }[] } | undefined;
    let calculated: CubeSnapshot | undefined;
    let mdx: MdxResultTransfer | undefined;
    let drillthrough: DrillthroughTransfer | undefined;
    let updated: { assignments: JournaledAssignment[]; cells: number } | undefined;
    const work = call.work;
    try {
      if (work.kind === "mdx-result") {
        mdx = encodeMdxResult(cube.outline, executeMdx(cube, work.query, work.options));
        result = {};
        rows = 0;
        columns = 0;
      } else if (work.kind === "drillthrough") {
        drillthrough = encodeDrillthrough(
          cube.outline,
          executeMdxDrillthrough(cube, work.statement, work.options),
        );
        result = {};
        rows = 0;
        columns = 0;
      } else if (work.kind === "mdx-update") {
        // Written on this copy as the event loop would write it; the event loop puts the resulting state in place.
        updated = writeMdxUpdate(cube, work.update, work.options);
        calculated = cube.snapshot();
        result = {};
        rows = 0;
        columns = 0;
      } else if (work.kind === "calc") {
        // Run on this copy as the event loop would run it; the event loop puts the resulting state in place after.
        runCalcScript(cube, work.text);
        calculated = cube.snapshot();
        result = {};
        rows = 0;
        columns = 0;
      } else if (work.kind === "save") {
        // Written on this copy as the event loop would write its own; the event loop applies `writes` after.
        const request = gridRequest(work.request, work.gridText);
        const { source, writes } = recordingSource(cube);
        const r = runGridOperation(source, request);
        saved = { writes, written: writtenCells(r) };
        result = savedAnswer(r, request.grid, work.missingLabel);
        rows = r.grid.length;
        columns = r.grid[0]?.length ?? 0;
      } else {
        const r =
          work.kind === "grid"
            ? finish(gridOperationSteps(cube, gridRequest(work.request, work.gridText)))
            : finish(runMdxGridSteps(cube, work.query, work.options));
        result = { ...gridAnswer(r, finish(cellKindsSteps(r))), dataVersion: call.dataVersion };
        rows = r.grid.length;
        columns = r.grid[0]?.length ?? 0;
      }
    } catch (e) {
      // An MDX result goes back to the engine's caller (the XMLA endpoint) with the engine's own error.
      if (work.kind === "mdx-update" && e instanceof EngineCubeWriteError) {
        return {
          id: call.id,
          ok: false,
          writeRefused: { tuple: e.tuple.map((m) => m.ordinal), reason: e.message },
        };
      }
      if (
        (work.kind === "mdx-result" || work.kind === "mdx-update" || work.kind === "drillthrough") &&
        e instanceof MdxError
      ) {
        const { code, reason, line, column, token, size } = e;
        return {
          id: call.id,
          ok: false,
          mdxError: {
            code: code as MdxErrorCode,
            reason,
            at: { line, column, text: token },
            size: size ?? null,
          },
        };
      }
      engineError(e, work.kind === "calc" ? { script: work.script } : {});
    }
    const json = new TextEncoder().encode(JSON.stringify(result));
    return {
      id: call.id,
      ok: true,
      json,
      rows,
      columns,
      keys: Object.keys(result),
      ...(saved ? { saved } : {}),
      ...(calculated ? { calculated } : {}),
      ...(mdx ? { mdx } : {}),
      ...(drillthrough ? { drillthrough } : {}),
      ...(updated ? { updated } : {}),
    };
  } catch (e) {
    if (e instanceof ProviderError) {
      return {
        id: call.id,
        ok: false,
        provider: {
          code: e.code,
          message: e.message,
          params: e.params,
          field: e.field,
          conflicts: e.conflicts,
        },
      };
    }
    const error = e instanceof Error ? e : new Error(String(e));
    return { id: call.id, ok: false, bug: { message: error.message, stack: error.stack ?? "" } };
  }
}

if (parentPort) {
  const port = parentPort;
  // The worker gives way to the event loop: its small calls get the processor first.
  lowerThreadPriority();
  port.on("message", (call: WorkerCall) => {
    const a = answer(call);
    // The answer's bytes (and a calculation's state, an MDX result's arrays) move to the event loop's thread.
    const state = a.ok ? a.calculated : undefined;
    const moved = a.ok
      ? [a.json, ...(state ? [state.keys, state.data, state.input, state.upperBits] : [])].map(
          (v) => v.buffer as ArrayBuffer,
        )
      : [];
    if (a.ok && a.rule?.state) moved.push(...planningPoolBuffers(a.rule.state));
    if (a.ok && a.mdx) moved.push(...transferBuffers(a.mdx));
    if (a.ok && a.drillthrough) moved.push(a.drillthrough.members.buffer as ArrayBuffer);
    port.postMessage(a, moved);
  });
}
