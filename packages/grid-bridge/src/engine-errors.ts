import { CalcError, CalcSyntaxError, EngineError } from "@qibates/engine";
import { GRID_MESSAGES, GridError } from "@qibates/engine/grid";
import { MdxError } from "@qibates/engine/mdx";
import { QueryError } from "@qibates/engine/members";
import { PlanningError, type PlanningErrorCode } from "@qibates/engine/planning";
import { ProviderError, type ProviderErrorCode, type ProviderText } from "@qibates/provider";

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

/** The engine's refusals of a selection or a grid (Essbase's words where recorded), as the French API says them. */
const ENGINE_REASON_FR: Readonly<Record<string, string>> = {
  [GRID_MESSAGES.pivotNoStart]: "le point de départ du pivot ne peut pas être déterminé",
  [GRID_MESSAGES.pivotNoDestination]: "la destination du pivot ne peut pas être déterminée",
  [GRID_MESSAGES.pivotInPlace]: "la dimension est déjà à la destination du pivot",
  [GRID_MESSAGES.removeEmptiesAxis]: "il faut un en-tête de ligne pour effectuer cette extraction",
};

/** A refusal's reason in both languages (the engine's English where no French is known). */
function engineReason(message: string): ProviderText {
  return { en: message, fr: ENGINE_REASON_FR[message] ?? message };
}

/**
 * Every error the engine throws, as a provider error; anything else (a bug) is thrown as it is. `context`
 * names what the call was doing for the errors whose message needs it (the script of a calculation).
 */
export function engineError(e: unknown, context: { script?: string } = {}): never {
  if (e instanceof ProviderError) throw e;
  if (e instanceof GridError) {
    switch (e.code) {
      case "GRID_UNKNOWN_MEMBER": {
        const first = e.unknownMembers?.[0];
        throw new ProviderError(
          "MEMBER_UNKNOWN",
          e.message,
          { member: first?.text ?? "" },
          first ? `grid[${first.row}][${first.column}]` : "grid",
        );
      }
      case "GRID_PIVOT_LAST_ROW":
        throw new ProviderError(
          "PIVOT_LAST_DIMENSION",
          e.message,
          e.dimension === undefined ? null : { dimension: e.dimension },
          "row",
        );
      case "GRID_PIVOT_NO_START":
      case "GRID_PIVOT_NO_DESTINATION":
        throw new ProviderError("SELECTION_INVALID", e.message, { reason: engineReason(e.message) }, "row");
      case "GRID_REMOVE_EMPTIES_AXIS":
        throw new ProviderError("SELECTION_INVALID", e.message, { reason: engineReason(e.message) }, "cells");
      case "GRID_TOO_LARGE":
        throw new ProviderError(
          "GRID_TOO_LARGE",
          e.message,
          { cells: e.size?.cells ?? 0, max: e.size?.max ?? 0 },
          "grid",
        );
      default:
        throw new ProviderError("GRID_INVALID", e.message, { reason: engineReason(e.message) }, "grid");
    }
  }
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

/** An MDX error in the provider's terms: the token at fault and its 1-based line and column, on `query`. */
export function mdxError(e: MdxError): never {
  const at = { token: e.token, line: e.line, column: e.column };
  switch (e.code) {
    case "MDX_SYNTAX":
      throw new ProviderError("MDX_SYNTAX", e.message, { ...at, reason: e.detail }, "query");
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
      throw new ProviderError("MDX_INVALID", e.message, { ...at, reason: e.detail }, "query");
  }
}
