import {
  type EmbeddedApplications,
  type EmbeddedServers,
  type EmbeddedStore,
  EssbaseApplication,
  PlanningDemoApplication,
} from "@qibates/embedded";
import { Cube, Outline, outlineSpecFromDocument } from "@qibates/engine";
import { createVisionPlanning, DEMO_SERVERS } from "@qibates/engine/demo";
import { GridError, normalizeAction, pivotPlan } from "@qibates/engine/grid";
import { caseRequest, replayCase } from "@qibates/engine/replay";

/**
 * The engine's side of the answer-key tools (`answer-key.ts` and `qibates-replay`): a captured case (a basis
 * sheet, preferences, one operation, the sheet Essbase answered) is read, replayed and served by the engine
 * here, so that the rest of the tools reach the engine only through this file.
 */

/** The outline of an answer key's cube, read from its outline document (already parsed from YAML). */
export type AnswerKeyOutline = Outline;

/** The server name an answer key's cube is served under (the demo's Essbase server). */
export const ANSWER_KEY_SERVER: string = DEMO_SERVERS.essbase.name;

/** Reads an outline document; throws when it is not one. `name` is the cube's (`Application.Cube`), if known. */
export function answerKeyOutline(document: unknown, name?: string): AnswerKeyOutline {
  return new Outline(outlineSpecFromDocument(document, name));
}

/** One operation of a case, read by the engine as its replay reads it. */
export interface AnswerKeyOperation {
  /** The operation as the case names it. */
  named: string;
  /** Its normalised name: `zoomin`, `keeponly`, `pivottopov`… */
  action: string;
  grid: unknown;
  /** A pivot's starting cell. */
  pivot?: { row: number; column: number; toRow?: number; toColumn?: number };
  /** The cells an operation other than a pivot applies to: the case's ranges, cell by cell, then its cells. */
  cells: { row: number; column: number }[];
  /**
   * The axis the engine sends a pivot's dimension to, `rows` or `columns` (the only places the API names), or
   * null when the engine refuses the pivot.
   */
  pivotTo(): "rows" | "columns" | null;
}

/** Reads the operation of a case (`caseRequest` of the engine); throws when the case is malformed. */
export function answerKeyOperation(doc: unknown, outline: AnswerKeyOutline): AnswerKeyOperation {
  const request = caseRequest(doc);
  const cells: { row: number; column: number }[] = [];
  for (const r of request.ranges ?? [])
    for (let i = 0; i < Math.max(1, r.rows); i++)
      for (let j = 0; j < Math.max(1, r.columns); j++)
        cells.push({ row: r.startRow + i, column: r.startCol + j });
  for (const c of request.cells ?? []) cells.push(c);
  return {
    named: String(request.action),
    action: normalizeAction(String(request.action)),
    grid: request.grid,
    ...(request.pivot ? { pivot: request.pivot } : {}),
    cells,
    pivotTo() {
      try {
        return pivotPlan(outline, request).to.region === "left" ? "rows" : "columns";
      } catch (e) {
        if (e instanceof GridError) return null;
        throw e;
      }
    },
  };
}

/**
 * Replays a case through the engine alone: the sheet it answers, or the refusal of Essbase's rules. Throws
 * when the case is malformed.
 */
export function replayOnEngine(
  outline: AnswerKeyOutline,
  doc: unknown,
): { cells: string[][] } | { error: { code: string; message: string } } {
  try {
    return { cells: replayCase(outline, doc).cells };
  } catch (e) {
    if (e instanceof GridError) return { error: { code: e.code, message: e.message } };
    throw e;
  }
}

/** An answer key's cube, ready to be served: cube `application.cube` of an outline document, with no data. */
export interface AnswerKeyCube {
  application: string;
  cube: string;
  outline: AnswerKeyOutline;
}

/** Reads the cube of an outline document; throws when it is not an outline. */
export function answerKeyCube(outlineDocument: unknown, application: string, cube: string): AnswerKeyCube {
  const spec = outlineSpecFromDocument(outlineDocument, `${application}.${cube}`);
  // A captured outline names no densities: time and accounts dense, the rest sparse (no data is stored).
  for (const d of spec.dimensions)
    d.density ??= d.type === "time" || d.type === "accounts" ? "dense" : "sparse";
  return { application, cube, outline: new Outline(spec) };
}

/**
 * What an embedded provider serves for an answer key (its `catalogue` option): the key's cube and the demo's
 * Vision planning application, loaded (journal replayed) from `store`.
 */
export async function answerKeyCatalogue(
  key: AnswerKeyCube,
  store: EmbeddedStore,
): Promise<{ applications: EmbeddedApplications; servers: EmbeddedServers }> {
  const { application, cube, outline } = key;
  const essbase = new EssbaseApplication(application, cube, store, () => new Cube(outline), []);
  const planning = new PlanningDemoApplication("Vision", store, createVisionPlanning);
  await Promise.all([essbase.load(), planning.load()]);
  return {
    applications: { essbase, planning },
    servers: {
      essbase: { name: DEMO_SERVERS.essbase.name, applications: [{ name: application, cubes: [cube] }] },
      planning: DEMO_SERVERS.planning,
    },
  };
}
