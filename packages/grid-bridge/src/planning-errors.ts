// The engine's planning refusals in the product's words, in both languages. Like grid-errors.ts, this module
// imports only the engine's planning layer and the provider's errors and registry (no package index), so that a
// page running the Vision demo in the browser says a rule's failure as the API does.
import type { PlanningError, PlanningErrorCode } from "@qibates/engine/planning";
import { afterColon, type ErrorLocale } from "@qibates/provider/error-codes";
import { ProviderError, type ProviderErrorCode, type ProviderText } from "@qibates/provider/errors";
import { providerErrorMessage } from "@qibates/provider/registry-codes";
import { calcFailureFr } from "./calc-errors.ts";

/** The engine's planning error codes in the provider's terms. */
export const PLANNING: Readonly<Record<PlanningErrorCode, ProviderErrorCode>> = {
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

/** A planning refusal of the engine as a provider error: the API's code, parameters and field. */
export function planningProviderError(e: PlanningError): ProviderError {
  return new ProviderError(PLANNING[e.code], e.message, planningParams(e), e.field);
}

/**
 * The refusal's parameters. A rule whose calc script stopped gives the engine's reason as data (`calc`): its French
 * is said here (the engine's `reason.fr` quotes the English), the English kept as the engine wrote it, but after
 * "its calc script stopped:" in lower case, as the French says it (« … s'est arrêté : membre inconnu … »).
 */
function planningParams(e: PlanningError): Readonly<Record<string, string | ProviderText>> | null {
  const params = e.details.params ?? null;
  const calc = e.details.calc;
  const reason = params?.reason;
  if (!params || !calc || typeof reason !== "object") return params;
  const fr = calcFailureFr(calc);
  const why = calc.syntax ? fr : `son script de calcul s'est arrêté : ${fr}`;
  const en = calc.syntax
    ? reason.en
    : reason.en.replace(
        /^(its calc script stopped: )(.*)$/s,
        (_whole, stopped: string, rest: string) => `${stopped}${afterColon({ en: rest, fr })}`,
      );
  return { ...params, reason: { en, fr: `${why}. Aucune donnée n'a été modifiée.` } };
}

/** A planning refusal of the engine as the API says it, in `locale`. */
export function planningErrorMessage(e: PlanningError, locale: ErrorLocale): string {
  return providerErrorMessage(planningProviderError(e), locale);
}
