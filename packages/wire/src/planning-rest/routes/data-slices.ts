import {
  dataSliceAnswer,
  importDataSliceAnswer,
  PLANNING_PATHS,
  PLANNING_REST_VERSION,
  readExportDataSliceRequest,
  readImportDataSliceRequest,
} from "@qibates/protocols/planning-rest";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { callerOf, HttpError, type PlanningContext, requireJson } from "../context.ts";

const v = `/${PLANNING_REST_VERSION}`;

/**
 * `exportdataslice` and `importdataslice` of a plan type, through the provider's data-slice calls. A slice
 * over `maxSliceCells` is refused by the provider with Planning's "threshold" error.
 */
export function dataSliceRoutes(
  scope: FastifyInstance,
  ctx: PlanningContext,
  o: { maxSliceCells: number },
): void {
  /** The caller, application and plan type of a data-slice call, its body checked to be JSON. */
  const target = async (request: FastifyRequest<{ Params: { app: string; pt: string } }>) => {
    const { session } = callerOf(request);
    requireJson(request);
    const ref = await ctx.appRef(session, request.params.app);
    return { session, ref, cube: await ctx.planTypeOf(session, ref, request.params.pt) };
  };

  scope.post<{ Params: { app: string; pt: string }; Body: unknown }>(
    `${v}${PLANNING_PATHS.exportDataSlice}`,
    async (request) => {
      const { session, ref, cube } = await target(request);
      const definition = readExportDataSliceRequest(request.body);
      const slice = await ctx.planning.exportDataSlice(session, ref, {
        cube,
        ...definition,
        maxCells: o.maxSliceCells,
      });
      return dataSliceAnswer(slice);
    },
  );

  scope.post<{ Params: { app: string; pt: string }; Body: unknown }>(
    `${v}${PLANNING_PATHS.importDataSlice}`,
    async (request) => {
      const { session, ref, cube } = await target(request);
      if (!ctx.planning.importDataSlice) throw new HttpError(400, "This server cannot import data slices.");
      const input = readImportDataSliceRequest(request.body);
      const r = await ctx.planning.importDataSlice(session, ref, {
        cube,
        ...input.grid,
        aggregateEssbaseData: input.aggregateEssbaseData,
      });
      return importDataSliceAnswer(r, input);
    },
  );
}
