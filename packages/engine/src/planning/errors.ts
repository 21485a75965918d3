import type { CalcFailure } from "../calc/errors.ts";
import { EngineError } from "../engine-error.ts";
/**
 * Errors of the planning layer. Every error has a stable `code`, an English message and the input at fault
 * (`field`, a path such as `grid[3][1]` or `prompts[0]`). What a caller answers for each code is its own
 * business: the API maps them in `@qibates/connectors` (embedded provider) and the server's registry.
 */
export type PlanningErrorCode =
  | "PLANNING_REQUEST_INVALID"
  | "PLANNING_FOLDER_UNKNOWN"
  | "PLANNING_FORM_UNKNOWN"
  | "PLANNING_FORM_TYPE_MISMATCH"
  | "PLANNING_CUBE_UNKNOWN"
  | "PLANNING_DIMENSION_UNKNOWN"
  | "PLANNING_MEMBER_UNKNOWN"
  | "PLANNING_POV_INVALID"
  | "PLANNING_ALIAS_TABLE_UNKNOWN"
  | "PLANNING_FILTER_UNKNOWN"
  | "PLANNING_GRID_INVALID"
  | "PLANNING_CELL_TOO_LONG"
  | "PLANNING_CELL_NOT_WRITABLE"
  | "PLANNING_RULE_UNKNOWN"
  | "PLANNING_PROMPT_UNKNOWN"
  | "PLANNING_PROMPT_MISSING"
  | "PLANNING_PROMPT_INVALID"
  | "PLANNING_RULE_FAILED"
  | "PLANNING_TASKLIST_UNKNOWN"
  | "PLANNING_TASK_UNKNOWN";

/** A text the engine writes itself, in each language a caller may answer in (a rule author's words are not). */
export interface LocalText {
  en: string;
  fr: string;
}

export class PlanningError extends EngineError {
  override readonly name = "PlanningError";
  declare readonly code: PlanningErrorCode;
  constructor(
    code: PlanningErrorCode,
    message: string,
    /** The input at fault (`formName`, `grid[2][3]`, `prompts[1]`), or `null`. */
    field: string | null = null,
    /**
     * Extra detail: for `PLANNING_CELL_TOO_LONG` the cells at fault; `params`, the names a caller's own wording of
     * the error needs (`rule`, `prompt`, `value`, `form`, `folder`, `task`, `taskList`, `cube`, `application`,
     * `dimension`, `member`, `aliasTable`, `actual`, `expected`, `field`, `reason`), so that it can say it in its
     * user's language rather than repeat this English message. Every refusal gives them.
     */
    readonly details: {
      cells?: { row: number; column: number; length: number }[];
      params?: Readonly<Record<string, string | LocalText>>;
      /**
       * `PLANNING_RULE_FAILED` when the rule's calc script stopped (or did not parse): why, as data, for a caller
       * that says the engine's reason in another language (`params.reason.fr` quotes its English).
       */
      calc?: CalcFailure;
    } = {},
  ) {
    super(code, message, field);
  }
}

/**
 * `PLANNING_GRID_INVALID`: a grid the call cannot read, with the engine's English message and the reason in each
 * language, for the caller's own wording (the API's "The grid cannot be read: {reason}.").
 */
export function gridInvalid(reason: LocalText, field: string): PlanningError {
  return new PlanningError("PLANNING_GRID_INVALID", reason.en, field, { params: { reason } });
}
