import { CalcError, CalcSyntaxError, EngineError } from "@qibates/engine";
import { GridError } from "@qibates/engine/grid";
import { MdxError } from "@qibates/engine/mdx";
import { QueryError } from "@qibates/engine/members";
import { PlanningError, type PlanningErrorCode } from "@qibates/engine/planning";
import { ProviderError, type ProviderErrorCode } from "@qibates/provider";
import { gridProviderError } from "./grid-errors.ts";
import { mdxReason } from "./mdx-errors.ts";

/** The engine's planning error codes in the provider's terms. */
const PLANNING: Readonly<Record<PlanningErrorCode, ProviderErrorCode>> = {
  PLANNING_REQUEST_INVALID: "INVALID_INPUT",
  PLANNING_FOLDER_UNKNOWN: "FOLDER_UNKNOWN",
  PLANNING_FORM_UNKNOWN: "FORM_UNKNOWN",
  PLANNING_FORM_TYPE_MISMATCH: "FORM_TYPE_MISMATCH",
  PLANNING_CUBE_UNKNOWN: "CUBE_UNKNOWN",
  PLANNING_DIMENSION_UNKNOWN: "DIMENSION_UNKNOWN",
  PLANNING_MEMBER_UNKNOWN: "MEMBER_UNKNOWN",
  // A POV member the form does not offer, or a name that is no dimension: not an unknown member (the member may
  // well exist), but a value of `pov` the form refuses, with the reason in the caller's language.
  PLANNING_POV_INVALID: "INVALID_INPUT",
  PLANNING_ALIAS_TABLE_UNKNOWN: "ALIAS_TABLE_UNKNOWN",
  PLANNING_FILTER_UNKNOWN: "INVALID_INPUT",
  PLANNING_GRID_INVALID: "GRID_INVALID",
  PLANNING_CELL_TOO_LONG: "CELL_TOO_LONG",
  PLANNING_CELL_NOT_WRITABLE: "GRID_INVALID",
  PLANNING_RULE_UNKNOWN: "RULE_UNKNOWN",
  PLANNING_PROMPT_UNKNOWN: "PROMPT_UNKNOWN",
  PLANNING_PROMPT_MISSING: "PROMPT_MISSING",
  PLANNING_PROMPT_INVALID: "PROMPT_INVALID",
  PLANNING_RULE_FAILED: "RULE_FAILED",
  PLANNING_TASKLIST_UNKNOWN: "TASKLIST_UNKNOWN",
  PLANNING_TASK_UNKNOWN: "TASK_UNKNOWN",
};

/**
 * Every error the engine throws, as a provider error; anything else (a bug) is thrown as it is. `context`
 * names what the call was doing for the errors whose message needs it (the script of a calculation).
 */
export function engineError(e: unknown, context: { script?: string } = {}): never {
  if (e instanceof ProviderError) throw e;
  if (e instanceof GridError) throw gridProviderError(e);
  if (e instanceof MdxError) mdxError(e);
  if (e instanceof PlanningError)
    throw new ProviderError(PLANNING[e.code], e.message, e.details.params ?? null, e.field);
  if (e instanceof CalcSyntaxError || e instanceof CalcError) {
    const script = context.script ?? "";
    throw new ProviderError("CALC_FAILED", e.message, { script, reason: e.message }, "action.script");
  }
  if (e instanceof QueryError) {
    throw new ProviderError(
      "INVALID_INPUT",
      e.message,
      { field: "action.arg1", reason: e.message },
      "action.arg1",
    );
  }
  // Any other engine error (a too-deep dynamic calculation, a write the cube refuses): the server failed
  // on this request, with its own words.
  if (e instanceof EngineError) throw new ProviderError("PROVIDER_FAILED", e.message, { reason: e.message });
  throw e;
}

/**
 * An MDX error in the provider's terms: the token at fault and its 1-based line and column, on `query`, and the
 * engine's reason in both languages.
 */
export function mdxError(e: MdxError): never {
  const at = { token: e.token, line: e.line, column: e.column };
  const reason = mdxReason(e);
  switch (e.code) {
    case "MDX_SYNTAX":
      throw new ProviderError("MDX_SYNTAX", e.message, { ...at, reason }, "query");
    case "MDX_UNKNOWN_MEMBER":
      throw new ProviderError("MEMBER_UNKNOWN", e.message, { member: e.token }, "query");
    case "MDX_TOO_LARGE":
      throw new ProviderError(
        "GRID_TOO_LARGE",
        e.message,
        { cells: e.size?.cells ?? 0, max: e.size?.max ?? 0 },
        "query",
      );
    default:
      throw new ProviderError("MDX_INVALID", e.message, { ...at, reason }, "query");
  }
}
