/**
 * Errors of the planning layer. Every error has a stable `code`, the matching API error code (`apiCode`,
 * `QB_ERR_*` of the contract), the HTTP status the server should answer, an English message and the input at
 * fault (`field`, a request path such as `grid[3][1]` or `prompts[0]`).
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

/** API code and HTTP status for each planning error code. */
export const PLANNING_ERROR_HTTP: Readonly<Record<PlanningErrorCode, { apiCode: string; status: number }>> = {
  PLANNING_REQUEST_INVALID: { apiCode: "QB_ERR_VALIDATION", status: 400 },
  PLANNING_FOLDER_UNKNOWN: { apiCode: "QB_ERR_FOLDER_UNKNOWN", status: 404 },
  PLANNING_FORM_UNKNOWN: { apiCode: "QB_ERR_FORM_UNKNOWN", status: 404 },
  PLANNING_FORM_TYPE_MISMATCH: { apiCode: "QB_ERR_FORM_TYPE_MISMATCH", status: 422 },
  PLANNING_CUBE_UNKNOWN: { apiCode: "QB_ERR_CUBE_UNKNOWN", status: 404 },
  PLANNING_DIMENSION_UNKNOWN: { apiCode: "QB_ERR_DIMENSION_UNKNOWN", status: 404 },
  PLANNING_MEMBER_UNKNOWN: { apiCode: "QB_ERR_MEMBER_UNKNOWN", status: 422 },
  PLANNING_POV_INVALID: { apiCode: "QB_ERR_MEMBER_UNKNOWN", status: 422 },
  PLANNING_ALIAS_TABLE_UNKNOWN: { apiCode: "QB_ERR_ALIAS_TABLE_UNKNOWN", status: 404 },
  PLANNING_FILTER_UNKNOWN: { apiCode: "QB_ERR_VALIDATION", status: 400 },
  PLANNING_GRID_INVALID: { apiCode: "QB_ERR_GRID_INVALID", status: 422 },
  PLANNING_CELL_TOO_LONG: { apiCode: "QB_ERR_CELL_TOO_LONG", status: 422 },
  PLANNING_CELL_NOT_WRITABLE: { apiCode: "QB_ERR_GRID_INVALID", status: 422 },
  PLANNING_RULE_UNKNOWN: { apiCode: "QB_ERR_RULE_UNKNOWN", status: 404 },
  PLANNING_PROMPT_UNKNOWN: { apiCode: "QB_ERR_PROMPT_UNKNOWN", status: 422 },
  PLANNING_PROMPT_MISSING: { apiCode: "QB_ERR_PROMPT_MISSING", status: 422 },
  PLANNING_PROMPT_INVALID: { apiCode: "QB_ERR_PROMPT_INVALID", status: 422 },
  PLANNING_RULE_FAILED: { apiCode: "QB_ERR_RULE_FAILED", status: 422 },
  PLANNING_TASKLIST_UNKNOWN: { apiCode: "QB_ERR_TASKLIST_UNKNOWN", status: 404 },
  PLANNING_TASK_UNKNOWN: { apiCode: "QB_ERR_TASK_UNKNOWN", status: 404 },
};

export class PlanningError extends Error {
  override readonly name = "PlanningError";
  readonly apiCode: string;
  readonly status: number;
  constructor(
    readonly code: PlanningErrorCode,
    message: string,
    /** The input at fault (`formName`, `grid[2][3]`, `prompts[1]`), or `null`. */
    readonly field: string | null = null,
    /** Extra detail: for `PLANNING_CELL_TOO_LONG` the cells at fault. */
    readonly details: { cells?: { row: number; column: number; length: number }[] } = {},
  ) {
    super(message);
    this.apiCode = PLANNING_ERROR_HTTP[code].apiCode;
    this.status = PLANNING_ERROR_HTTP[code].status;
  }
}
