import type { Member, Outline } from "@qibates/engine";
import {
  executeMdxSteps,
  type MdxOptions,
  type MdxQuery,
  type MdxResult,
  type MdxUpdate,
  parseMdx,
  resolveMdxUpdate,
} from "@qibates/engine/mdx";
import type { Connector } from "../connectors.ts";
import type { CubeRef, ProviderSession } from "../provider.ts";
import { MDX_LOOP_STEP_WORK, readInSlices } from "./essbase.ts";
import type { EssbaseApplication } from "./essbase-app.ts";
import type { GridWorkers } from "./grid-workers.ts";
import { recordingSource } from "./journal.ts";

/**
 * A cube of the embedded catalogue seen as the engine sees it, for the wire endpoints whose protocol is
 * richer than the provider contract (XMLA: MDX over the outline, cell write-back). Reads and writes go
 * through the application as every provider call does: after the changes other nodes journaled, writes
 * journaled under the caller.
 */
export interface EngineCube {
  readonly application: string;
  readonly cube: string;
  readonly outline: Outline;
  /**
   * Runs the MDX query `text` over the cube's current data (`parsed`: the same text already parsed, when the
   * caller has it). As a grid call: a few cells at a time on the event loop, moved to a grid worker should it
   * outlast a few slices.
   */
  mdx(text: string, options?: Pick<MdxOptions, "maxCells">, parsed?: MdxQuery): Promise<MdxResult>;
  /**
   * Runs an `UPDATE CUBE` as one journaled change: its values are computed under the application's lock, each
   * cell is checked with the cube's write rule first and, when one cannot be written, nothing is and its reason
   * is thrown (`EngineCubeWriteError`). Answers the number of cells written.
   */
  update(ownerId: string, statement: MdxUpdate): Promise<number>;
}

/** A write the cube refuses (a dynamic, label-only or upper-level intersection…). */
export class EngineCubeWriteError extends Error {
  override readonly name = "EngineCubeWriteError";
  constructor(
    readonly tuple: readonly Member[],
    reason: string,
  ) {
    super(reason);
  }
}

/** The engine cubes a provider answers by connector and cube: the embedded provider does. */
export interface EngineCubes {
  /**
   * The engine cube `ref` names, as `session` reads and writes it: a session the provider keeps apart (the
   * demo's own views) works on its own view of the data.
   */
  engineCube(connector: Connector, ref: CubeRef, session?: ProviderSession): EngineCube;
}

export function engineCubesOf(provider: unknown): EngineCubes | null {
  const p = provider as Partial<EngineCubes> | null;
  return p && typeof p.engineCube === "function" ? (p as EngineCubes) : null;
}

export function engineCubeOf(
  shared: EssbaseApplication,
  ref: { application: string; cube: string },
  /** Where a long query goes off the event loop (`grid-workers.ts`); null: in slices on the event loop. */
  workers: GridWorkers | null = null,
  /** The application a call reads (`false`) or writes (`true`): a session's own view; the shared one by default. */
  data: (write: boolean) => Promise<EssbaseApplication> = async () => shared,
): EngineCube {
  return {
    application: ref.application,
    cube: ref.cube,
    get outline() {
      return shared.cube.outline;
    },
    async mdx(text, options = {}, parsed) {
      const app = await data(false);
      const q = parsed ?? parseMdx(text);
      const mdxOptions = { ...options, application: ref.application, cube: ref.cube };
      await app.upToDate();
      const to = workers?.accepts(app) ? workers : null;
      return readInSlices(
        app,
        () => executeMdxSteps(app.cube, q, to ? { ...mdxOptions, stepWork: MDX_LOOP_STEP_WORK } : mdxOptions),
        to ? () => to.mdxResult(app, text, q, mdxOptions) : null,
      );
    },
    async update(ownerId, statement) {
      const app = await data(true);
      return app.mutate(ownerId, () => {
        const cells = resolveMdxUpdate(app.cube, statement, { application: ref.application, cube: ref.cube });
        for (const c of cells) {
          const blocker = app.cube.writeBlocker(c.tuple);
          if (blocker !== null) throw new EngineCubeWriteError(c.tuple, blocker);
        }
        const { source, writes } = recordingSource(app.cube);
        for (const c of cells) source.write(c.tuple, c.value);
        return {
          result: writes.length,
          entry: writes.length > 0 ? { kind: "cells", payload: { writes } } : null,
        };
      });
    },
  };
}
