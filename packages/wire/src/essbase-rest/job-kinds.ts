import { readFile } from "node:fs/promises";
import { CALC_JOB_TYPE, calcScriptName } from "@qibates/protocols/essbase-rest";
import {
  type CubeRef,
  type DataExportLevel,
  DataLoadError,
  type EngineDataCube,
  ProviderError,
} from "@qibates/provider";
import type { FastifyRequest } from "fastify";
import type { EssbaseContext } from "./context.ts";
import { badRequest } from "./errors.ts";
import { catalogPath, type FileCatalog } from "./files.ts";
import type { JobOutcome, JobWork } from "./jobs.ts";
import { essbaseOf } from "./outline.ts";
import type { WireSession } from "./sessions.ts";

/** What a job type makes of a `POST /jobs`: the record's own fields and the work. */
export interface JobKind {
  start(
    ref: CubeRef,
    parameters: Record<string, unknown>,
    session: WireSession,
    request: FastifyRequest,
  ): {
    record: { jobType: string; jobfileName: string; jobInputInfo: Record<string, unknown> };
    work: JobWork;
  };
}

/** A parameter given as a string or a boolean (the swagger types them all as strings). */
function flag(parameters: Record<string, unknown>, name: string, fallback: boolean): boolean {
  const v = parameters[name];
  if (v === undefined || v === null || v === "") return fallback;
  if (v === true || v === false) return v;
  if (typeof v === "string" && /^(true|false)$/i.test(v)) return v.toLowerCase() === "true";
  throw badRequest(`parameters.${name} must be true or false, got "${String(v)}".`);
}

function text(parameters: Record<string, unknown>, name: string): string {
  const v = parameters[name];
  if (v === undefined || v === null) return "";
  if (typeof v !== "string") throw badRequest(`parameters.${name} must be a string.`);
  return v.trim();
}

/** `exportData`'s `dataLevel`: Essbase's names, and MaxL's and DATAEXPORT's (`LEVEL0`, `INPUT`). */
const EXPORT_LEVELS = new Map<string, DataExportLevel>([
  ["all_data", "all"],
  ["all", "all"],
  ["level_zero_blocks", "level0"],
  ["level0", "level0"],
  ["level_0", "level0"],
  ["input_level_data_blocks", "input"],
  ["input", "input"],
]);

/** `clear`'s `option` for a block-storage cube (the `clear` command of Essbase's CLI; ALL_DATA by default). */
const CLEAR_OPTIONS = new Map<string, "all" | "upper" | "noninput">([
  ["all_data", "all"],
  ["upper_level", "upper"],
  ["non_input", "noninput"],
]);

/**
 * Job types: the four the endpoint runs, and Oracle's others with the reason each is refused (`POST /jobs` answers
 * it as a 400). Keys are lower case; `jobtype` is matched without case.
 */
export function jobKinds(ctx: EssbaseContext, catalog: FileCatalog): Map<string, JobKind | string> {
  const engineOf = (s: WireSession, ref: CubeRef): EngineDataCube => {
    const port = ctx.provider.engine;
    if (!port)
      throw badRequest(
        "Data loads, clears and exports need the embedded engine, which this server does not run.",
      );
    return port.dataCube("essbase-stndln", ref, s.provider);
  };
  /** A job's file: a catalog path (`/users/me/data.txt`), or a name in the cube's folder. */
  const fileParts = (ref: CubeRef, file: string): string[] =>
    file.includes("/")
      ? catalogPath(file)
      : ["applications", ref.application, ref.cube, ...catalogPath(`applications/${file}`).slice(1)];
  const failed = (request: FastifyRequest, what: string) => (e: unknown) => {
    if (e instanceof ProviderError || e instanceof DataLoadError) throw e;
    request.log.error({ err: e }, `essbase-rest: ${what} job failed`);
    throw new Error(`The ${what} failed on the server.`);
  };

  const calc: JobKind = {
    start(ref, parameters, s, request) {
      const file = text(parameters, "file");
      if (file === "") throw badRequest("parameters.file (the calc script) is required for a calc job.");
      const script = calcScriptName(file);
      return {
        record: { jobType: CALC_JOB_TYPE, jobfileName: script, jobInputInfo: { file } },
        work: async (call) => {
          await essbaseOf(ctx.provider)
            .calculate({ ...s.provider, call }, ref, script)
            .catch(failed(request, "calculation"));
          return undefined;
        },
      };
    },
  };

  const dataload: JobKind = {
    start(ref, parameters, s, request) {
      const file = text(parameters, "file");
      if (file === "") throw badRequest("parameters.file (the data file) is required for a data load job.");
      if (text(parameters, "rule") !== "")
        throw badRequest(
          "Rules files are not supported by this endpoint: load a free-form data file without parameters.rule.",
        );
      const abortOnError = flag(parameters, "abortOnError", false);
      const parts = fileParts(ref, file);
      const engine = engineOf(s, ref);
      return {
        record: { jobType: "Data Load", jobfileName: file, jobInputInfo: { file, abortOnError } },
        work: async (): Promise<JobOutcome> => {
          const found = catalog.file(ctx.quotaOwnerOf(s), parts);
          if (!found) throw new Error(`File /${parts.join("/")} does not exist.`);
          if (found.size > catalog.limits.maxFileBytes)
            throw new Error(
              `File /${parts.join("/")} is larger than ${catalog.limits.maxFileBytes} bytes, the largest file a data load reads.`,
            );
          const text = (found.bytes ?? (await readFile(found.spool as string))).toString("utf8");
          const result = await engine
            .loadData(s.provider.ownerId, text, abortOnError)
            .catch(failed(request, "data load"));
          const output = {
            recordsLoaded: result.loaded,
            recordsRejected: result.rejected.length,
            rejected: result.rejected.slice(0, 100),
          };
          return result.rejected.length > 0
            ? {
                output,
                warning: `${result.rejected.length} values were rejected; the first: line ${result.rejected[0]?.line}: ${result.rejected[0]?.reason}.`,
              }
            : { output };
        },
      };
    },
  };

  const clear: JobKind = {
    start(ref, parameters, s, request) {
      const option = text(parameters, "option") || "ALL_DATA";
      const which = CLEAR_OPTIONS.get(option.toLowerCase());
      if (!which)
        throw badRequest(
          `Clear option ${option} is not supported: this endpoint's cubes are block storage (ALL_DATA, UPPER_LEVEL, NON_INPUT).`,
        );
      const engine = engineOf(s, ref);
      return {
        record: { jobType: "Clear Data", jobfileName: "", jobInputInfo: { option: option.toUpperCase() } },
        work: async () => {
          await engine.clearData(s.provider.ownerId, which).catch(failed(request, "clear"));
          return undefined;
        },
      };
    },
  };

  const exportData: JobKind = {
    start(ref, parameters, s, request) {
      const levelName = text(parameters, "dataLevel") || "ALL_DATA";
      const level = EXPORT_LEVELS.get(levelName.toLowerCase());
      if (!level)
        throw badRequest(
          `dataLevel ${levelName} is not supported (ALL_DATA, LEVEL_ZERO_BLOCKS, INPUT_LEVEL_DATA_BLOCKS).`,
        );
      if (flag(parameters, "compress", false))
        throw badRequest("Compressed exports are not supported by this endpoint: ask with compress false.");
      const columns = flag(parameters, "columnFormat", false);
      const name = text(parameters, "file") || `${ref.cube}.txt`;
      const parts = fileParts(ref, name);
      const engine = engineOf(s, ref);
      return {
        record: {
          jobType: "Export Data",
          jobfileName: parts[parts.length - 1] as string,
          jobInputInfo: { dataLevel: levelName.toUpperCase(), columnFormat: columns, compress: false },
        },
        work: async (): Promise<JobOutcome> => {
          // Written to disk as the engine writes it (`FileCatalog.exportWriter`): an export of millions of cells
          // is never held in memory, and is the owner's alone, deleted with DELETE /files/…, with a visitor's
          // last session, or when the endpoint closes.
          const out = catalog.exportWriter(ctx.quotaOwnerOf(s), parts);
          let cells: number;
          try {
            ({ cells } = await engine
              .exportData({ level, columns }, (t) => out.write(t))
              .catch(failed(request, "export")));
          } catch (e) {
            out.abort();
            throw e;
          }
          out.commit();
          return { output: { exportedFile: `/${parts.join("/")}`, cellsExported: cells } };
        },
      };
    },
  };

  const refused = (why: string) => why;
  return new Map<string, JobKind | string>([
    ["calc", calc],
    ["dataload", dataload],
    ["clear", clear],
    ["exportdata", exportData],
    [
      "dimbuild",
      refused("dimension builds need a rules file, and the outline of a served cube does not change."),
    ],
    [
      "importexcel",
      refused("application workbooks are not read; cubes are built from the engine's outlines."),
    ],
    ["exportexcel", refused("application workbooks are not written.")],
    ["lcmexport", refused("there is no life-cycle management archive of the engine's applications.")],
    ["lcmimport", refused("there is no life-cycle management archive of the engine's applications.")],
    [
      "clearaggregation",
      refused("aggregate views belong to aggregate storage cubes; this endpoint's cubes are block storage."),
    ],
    [
      "buildaggregation",
      refused("aggregate views belong to aggregate storage cubes; this endpoint's cubes are block storage."),
    ],
    [
      "asobufferdataload",
      refused("load buffers belong to aggregate storage cubes; this endpoint's cubes are block storage."),
    ],
    [
      "asobuffercommit",
      refused("load buffers belong to aggregate storage cubes; this endpoint's cubes are block storage."),
    ],
    ["mdxscript", refused("MDX script files are not run; send MDX to …/mdx or …/grid/mdx.")],
  ]);
}
