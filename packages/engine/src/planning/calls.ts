import type { CellWrite, PlanningJournalStep } from "./changes.ts";
import type { PromptDefinition } from "./definitions.ts";
import type { FormPreferences, RenderedForm } from "./forms.ts";

/**
 * What the planning application's calls take and return: requests, views and results, apart from the
 * application that answers them (`application.ts`).
 */

/** The language of the messages a call answers in (a rule's message): the caller's, English by default. */
export type PlanningLocale = "en" | "fr";

/** A runtime prompt value as callers send it (`{ name, value }`); `members` values may be a list. */
export interface PromptInput {
  name: string;
  value: string | number | boolean | string[] | null;
}

/** What the user's session holds for the planning layer: the alias table, chosen once per session. */
export interface PlanningSession {
  /** Active alias table (`action/setalias`); default `Default`. */
  aliasTable?: string | null;
}

export interface FormSummary {
  formName: string;
  folder: string;
  type: "regular" | "composite";
  cube: string;
  description: string;
}

export interface OpenFormRequest {
  folder?: string;
  formName: string;
  type?: "regular" | "composite";
  preferences?: FormPreferences;
  pov?: Record<string, string>;
  /** Composite forms: POV members for individual subforms, applied after `pov`. */
  subforms?: readonly { folder?: string; formName: string; pov?: Record<string, string> }[];
}

/** A regular form opened: its name, folder and plan type beside what it shows ({@link RenderedForm}). */
export interface FormView extends RenderedForm {
  formName: string;
  folder: string;
  type: "regular";
  cube: string;
}

export interface OpenFormResult extends Omit<FormView, "type"> {
  type: "regular" | "composite";
  /** Composite forms: one view per subform; the top-level grid is then empty. */
  subforms: FormView[];
}

export interface SubmitRulePrompts {
  ruleinfo: { ruleName: string; cube?: string; ruleType?: string };
  prompts: PromptInput[];
}

export interface SubmitFormRequest {
  folder?: string;
  formName: string;
  /** For a composite form: the subform the grid belongs to. */
  subform?: string;
  pov?: Record<string, string>;
  grid: readonly (readonly (string | number | null)[])[];
  /**
   * The cells the client changed: only they are written, every other cell of the grid is no edit whatever it
   * holds. Without it, every non-empty writable data cell is written.
   */
  cells?: readonly { row: number; column: number }[];
  codes?: readonly (readonly (string | null)[])[];
  prompts?: readonly SubmitRulePrompts[];
  enableLargeCellSubmit?: boolean;
  preferences?: FormPreferences;
  /** The language of the on-save rules' messages (default English). */
  locale?: PlanningLocale;
}

export interface SubmittedCellStatus {
  row: number;
  column: number;
  status: "written" | "truncated" | "read-only" | "invalid";
  value: string;
}

export interface RuleRunResult {
  ruleName: string;
  status: "completed";
  durationMs: number;
  message: string | null;
}

export interface SubmitFormResult extends FormView {
  /** Cells written (`written` + `truncated`). */
  submitted: number;
  cells: SubmittedCellStatus[];
  rules: RuleRunResult[];
  /** Every stored cell that changed (submitted cells, totals and on-save rule effects) and the texts. */
  changes: CellWrite[];
  /** What to journal: the entered cells, then each on-save rule with its prompts ({@link applyJournal}). */
  journal: PlanningJournalStep[];
}

export interface PromptInfo {
  name: string;
  type: PromptDefinition["type"];
  dimension: string | null;
  defaultValue: string | null;
  required: boolean;
  description: string;
}

export interface RulePromptsResult {
  ruleName: string;
  cube: string;
  ruleType: string;
  prompts: PromptInfo[];
}

/** The rules a form runs on save, each with its prompts. */
export interface OnSaveRulesResult {
  formName: string;
  folder: string;
  rules: RulePromptsResult[];
}

export interface LaunchRuleRequest {
  cube: string;
  ruleName: string;
  ruleType?: string;
  prompts?: readonly PromptInput[];
  /** The language of the rule's message (default English). */
  locale?: PlanningLocale;
}

export interface LaunchRuleResult extends RuleRunResult {
  /** Every stored cell the rule changed (totals included) and the texts. */
  changes: CellWrite[];
  /** What to journal: the rule with its prompt values ({@link PlanningApplication.applyJournal}). */
  journal: PlanningJournalStep[];
}

export interface AliasTableInfo {
  aliasId: string;
  name: string;
  active: boolean;
}
