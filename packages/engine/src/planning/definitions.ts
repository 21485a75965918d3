import type { Cube } from "../cube/cube.ts";
import type { CellValue } from "../data-source.ts";
import type { Dimension, Member } from "../outline.ts";
import type { LocalText } from "./errors.ts";

/**
 * The objects a planning application is made of, as an application designer declares them: plan types,
 * form folders and forms, business rules with runtime prompts, task lists, approval locks.
 */

/**
 * A segment of a form axis: for each dimension of the axis a list of member selections (a member name,
 * `&SubVar`, or a function such as `Children(Q1)`, `ILvl0Descendants(P_TP)`; see `selection.ts`). The members
 * of the segment are the cross product of the dimensions' selections, outer dimension first.
 */
export interface AxisSegment {
  members: Record<string, string[]>;
  /** Cells of this row/column segment are shown but cannot be written. */
  readOnly?: boolean;
  /** The segment takes part in the form but is not shown. */
  hidden?: boolean;
}

export interface FormAxis {
  /** Dimensions of the axis, outer first. */
  dimensions: string[];
  segments: AxisSegment[];
}

export interface RegularFormDefinition {
  type: "regular";
  name: string;
  /** Folder path, `/Forms/...`. */
  folder: string;
  cube: string;
  description: string;
  /** Default POV (point of view and page members), in display order. */
  pov: Record<string, string>;
  /**
   * Dimensions of the POV the user may change, with the member selections allowed (page dimensions). POV
   * dimensions not listed here are fixed by the form.
   */
  povChoices?: Record<string, string[]>;
  /** Dimensions on no axis and not shown in the POV (e.g. `HSP_Metric`), with their member; default: the root. */
  hidden?: Record<string, string>;
  rows: FormAxis;
  columns: FormAxis;
  /** Drop rows (columns) whose data cells are all #Missing, whatever the user's preferences. */
  suppressMissingRows?: boolean;
  suppressMissingColumns?: boolean;
  /** Labels: the alias in the session's alias table (default) or the member name. */
  memberDisplay?: "alias" | "name";
  /** Business rules of the form's cube run after a submit ("Run on Save"), in order. */
  onSaveRules?: string[];
}

export interface SubformReference {
  folder: string;
  formname: string;
  /** POV members the composite imposes on the subform. */
  pov: Record<string, string>;
}

export interface CompositeFormDefinition {
  type: "composite";
  name: string;
  folder: string;
  cube: string;
  description: string;
  subforms: SubformReference[];
}

export type FormDefinition = RegularFormDefinition | CompositeFormDefinition;

export type PromptType = "member" | "members" | "numeric" | "string" | "dimension";

export interface PromptDefinition {
  name: string;
  type: PromptType;
  /** Dimension of `member`/`members` prompts; `null` for the others. */
  dimension?: string;
  /** What the prompt asks, the same in every language or worded in each (the caller's language is chosen). */
  description: string | LocalText;
  /** Default `true`. A prompt that is not required may be left empty. */
  required?: boolean;
  /** Default value as text (`members`: comma-separated names). */
  defaultValue?: string | null;
  /**
   * `member`/`members`: the member selections the prompt accepts (default: the whole dimension);
   * `dimension`: the dimension names it accepts (default: every base dimension).
   */
  allowed?: string[];
  /** `numeric`: bounds, inclusive. */
  min?: number;
  max?: number;
  /** `string`: longest value accepted (default 255). */
  maxLength?: number;
  /**
   * "Use Members on Form": when the rule runs on save and the prompt is not sent, it takes the form's POV
   * member of its dimension instead of `defaultValue`.
   */
  useMembersOnForm?: boolean;
}

/** A prompt value after validation. */
export type ResolvedPrompt =
  | { type: "member"; member: Member }
  | { type: "members"; members: Member[] }
  | { type: "numeric"; value: number }
  | { type: "string"; value: string }
  | { type: "dimension"; dimension: Dimension }
  | { type: "empty" };

/**
 * A cube as a rule's prompt check and text step see it: values are read only (numbers change through the
 * rule's calc script), texts are written through the undo/journal of the running operation.
 */
export interface RuleCube {
  readonly name: string;
  /** Members by name (or `&SubVar`), throws a rule failure when unknown. */
  member(name: string): Member;
  /** Expands member selections (`Children(Q1)`, `ILvl0Descendants(Sales VP)`, names). */
  select(...selections: string[]): Member[];
  /**
   * Builds a full tuple from a partial one (dimension name → member or member name); dimensions not given
   * take their root.
   */
  tuple(members: Record<string, Member | string>): Member[];
  read(tuple: readonly Member[]): CellValue;
  readText(tuple: readonly Member[]): string | null;
  writeText(tuple: readonly Member[], text: string | null): void;
  /** Calls `fn` for every tuple of the cross product of the given member lists (dimensions not given: root). */
  forEach(fix: Record<string, readonly Member[]>, fn: (tuple: Member[]) => void): void;
}

export interface RuleContext {
  /** The plan type the rule was launched on. */
  cube: RuleCube;
  /** Another plan type of the application (cross-cube rules). */
  otherCube(name: string): RuleCube;
  member(prompt: string): Member;
  members(prompt: string): Member[];
  number(prompt: string): number;
  string(prompt: string): string;
  dimension(prompt: string): Dimension;
  /** Stops the rule: every change made is undone and the launch answers `PLANNING_RULE_FAILED`. */
  fail(message: string): never;
}

export interface RuleDefinition {
  name: string;
  /** Plan type the rule belongs to. */
  cube: string;
  /** `graphical` (Calc Manager graphical rule) or `script`. */
  ruleType: string;
  description: string;
  prompts: PromptDefinition[];
  /**
   * The rule as a calc script, `{Prompt}` marking runtime prompts (what Calc Manager shows). Launching it
   * substitutes the prompt values (members quoted, member lists comma-separated, numbers as typed) and runs
   * the script with the engine's calc interpreter on the plan type's cube; `_PlanType_` location aliases name
   * the other plan types for `@XWRITE`. `@RETURN("why", ERROR)` fails the rule.
   */
  script: string;
  /**
   * Checks the prompt values together before anything runs; answers why the launch is refused (the same words in
   * every language, or worded in each), or null.
   */
  check?(ctx: RuleContext): string | LocalText | null;
  /**
   * Cell texts the rule changes once its script has run (Planning keeps texts beside the cube, where a calc
   * script cannot reach them); answers how many texts it wrote.
   */
  texts?(ctx: RuleContext): number;
  /**
   * The message reported, the same in every language or worded in each (the caller's language is chosen):
   * `{cells}` is the number of cells the script calculated (this cube and @XWRITE targets), `{texts}` the texts
   * written, `{Prompt}` a prompt's value.
   */
  message: string | LocalText;
  /**
   * The texts of the script's `@RETURN`s worded in each language: `en` as the script writes it (`{Prompt}` marks
   * a prompt's value), `fr` the same in French. A text not listed is said as the script writes it, in every
   * language.
   */
  returnTexts?: readonly LocalText[];
}

export type TaskType =
  | "form"
  | "businessRule"
  | "url"
  | "manageApprovals"
  | "jobConsole"
  | "copyVersion"
  | "descriptive";

export interface TaskDefinition {
  taskID: string;
  name: string;
  type: TaskType;
  /** What the task opens: a form path (`/Forms/Revenue/Revenue Plan`), a rule name or a URL; `null` otherwise. */
  target: string | null;
  /** `YYYY-MM-DD`, or `null`. */
  dueDate: string | null;
  instructions?: string;
}

export interface TaskListDefinition {
  taskListID: string;
  name: string;
  tasks: TaskDefinition[];
}

/** Cells nobody may enter through a form (e.g. an approval unit that is approved). */
export interface LockDefinition {
  cube: string;
  /** Dimension name → members (names) that together define the locked region. */
  members: Record<string, string[]>;
  reason: string;
}

export interface SmartListDefinition {
  name: string;
  /** Members (usually accounts) whose cells take the list. */
  members: string[];
  /** Entry labels, in order; entry n is stored as the number n. */
  entries: string[];
}

export interface PlanTypeDefinition {
  name: string;
  /** The plan type's block cube (upper levels stored and kept up to date after entries, as in Essbase). */
  data: Cube;
  /** Level-0 members (usually accounts) whose cells hold text, not numbers. */
  textMembers?: string[];
  /**
   * Smart Lists: members whose cells hold one entry of a list. The cube stores the entry's number (1 = first
   * entry); forms show and accept its label.
   */
  smartLists?: SmartListDefinition[];
  /**
   * Member used for a dimension a form or rule does not name (default: the dimension itself), e.g.
   * `{ HSP_Metric: "No Metric" }`.
   */
  defaults?: Record<string, string>;
  /** Substitution variable names as they should be shown (the outline keeps them lower-cased). */
  variableNames?: string[];
}

export interface PlanningApplicationDefinition {
  name: string;
  planTypes: PlanTypeDefinition[];
  /** Folders (paths); the folders of the forms and their parents are added. */
  folders?: string[];
  forms: FormDefinition[];
  rules: RuleDefinition[];
  taskLists: TaskListDefinition[];
  locks?: LockDefinition[];
}
