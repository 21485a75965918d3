import { PlanningError } from "@qibates/engine/planning";
// The product's message for a rule's refusal (the API's, in either language): the grid-bridge module alone.
import { planningErrorMessage } from "@qibates/grid-bridge/planning-errors";

/**
 * What the live rule shows when the engine refuses a launch: the message the API answers for the same refusal
 * (`QB_ERR_RULE_FAILED`, `QB_ERR_PROMPT_INVALID`…), in the page's language, as the page quotes it.
 */
export function ruleFailureMessage(e: unknown, locale: "en" | "fr"): string {
  if (e instanceof PlanningError) return planningErrorMessage(e, locale);
  return e instanceof Error ? e.message : String(e);
}
