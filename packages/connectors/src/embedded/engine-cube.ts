import { executeMdxSteps, parseMdx, resolveMdxUpdate } from "@qibates/engine/mdx";
import type { SliceScheduler } from "@qibates/provider";
import { type EngineCube, EngineCubeWriteError } from "../engine-port.ts";
import { MDX_LOOP_STEP_WORK, readInSlices } from "./essbase.ts";
import type { EssbaseApplication } from "./essbase-app.ts";
import type { GridWorkers } from "./grid-workers.ts";
import { recordingSource } from "./journal.ts";

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
        scheduler,
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
