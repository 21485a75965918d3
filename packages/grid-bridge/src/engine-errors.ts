import { CalcError, CalcSyntaxError, EngineError } from "@qibates/engine";
import { GridError } from "@qibates/engine/grid";
import { MdxError } from "@qibates/engine/mdx";
import { QueryError } from "@qibates/engine/members";
import { PlanningError } from "@qibates/engine/planning";
import { ProviderError } from "@qibates/provider";
import { calcReason } from "./calc-errors.ts";
import { gridProviderError } from "./grid-errors.ts";
import { MDX_QUERY_ENDS, mdxReason } from "./mdx-errors.ts";
import { planningProviderError } from "./planning-errors.ts";

/**
 * Every error the engine throws, as a provider error; anything else (a bug) is thrown as it is. `context`
 * names what the call was doing for the errors whose message needs it (the script of a calculation).
 */
export function engineError(e: unknown, context: { script?: string } = {}): never {
  if (e instanceof ProviderError) throw e;
  if (e instanceof GridError) throw gridProviderError(e);
  if (e instanceof MdxError) mdxError(e);
  if (e instanceof PlanningError) throw planningProviderError(e);
  if (e instanceof CalcSyntaxError || e instanceof CalcError) {
    const script = context.script ?? "";
    throw new ProviderError("CALC_FAILED", e.message, { script, reason: calcReason(e) }, "action.script");
  }
  if (e instanceof QueryError) {
    throw new ProviderError(
      "INVALID_INPUT",
      e.message,
      { field: "action.arg1", reason: e.reason ?? e.message },
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
      // A query cut short has no token to quote: the message says that it ends there, in the caller's language.
      if (e.reason.id === "syntax" && e.reason.found === null) {
        const { token: _none, ...where } = at;
        throw new ProviderError("MDX_SYNTAX", e.message, { ...where, end: MDX_QUERY_ENDS, reason }, "query");
      }
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
