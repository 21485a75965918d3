import type { Cube } from "../cube/cube.ts";
import type { Outline } from "../outline.ts";
import type {
  AliasTableInfo,
  FormSummary,
  LaunchRuleRequest,
  LaunchRuleResult,
  OnSaveRulesResult,
  OpenFormRequest,
  OpenFormResult,
  PlanningLocale,
  PlanningSession,
  RulePromptsResult,
  SubmitFormRequest,
  SubmitFormResult,
} from "./calls.ts";
import type { CellWrite, PlanningJournalStep } from "./changes.ts";
import { type DataSliceImportRequest, type DataSliceImportResult, importDataSlice } from "./data-import.ts";
import { type DataSliceRequest, type DataSliceResult, exportDataSlice } from "./data-slices.ts";
import type {
  FormDefinition,
  PlanningApplicationDefinition,
  RuleDefinition,
  TaskListDefinition,
} from "./definitions.ts";
import { FormLibrary } from "./form-library.ts";
import { FormSubmission } from "./form-submission.ts";
import { FormViews } from "./form-views.ts";
import { enumerateMembers, MEMBER_FILTER_INFO, type MemberFilterInfo, type MemberInfo } from "./members.ts";
import { PlanTypes, sessionAliasTable } from "./plan-types.ts";
import { RuleRuns } from "./rule-runs.ts";
import { describeRule } from "./rules.ts";
import { listTaskLists, nextTaskStatus, type TaskCompletion, type TaskListInfo } from "./tasks.ts";

export type * from "./calls.ts";

/**
 * A Planning application: plan types with their data, form folders and forms, business rules, task lists.
 * Every method is synchronous and pure TypeScript. Mutating methods (`submitForm`, `launchRule`) are
 * all-or-nothing and answer the exact list of cells they changed (`changes`), which `applyCellWrites`
 * replays on another instance (restart). Per-user and per-session state (task status, alias table) is passed
 * in and answered, never kept here.
 *
 * The class answers the calls; the work is done by its parts: the plan types (`plan-types.ts`), the form
 * folders and definitions (`form-library.ts`), opening forms (`form-views.ts`), submitting them
 * (`form-submission.ts`), business rules and their runs (`rule-runs.ts`) and task lists (`tasks.ts`).
 */
export class PlanningApplication {
  readonly name: string;
  private readonly planTypes: PlanTypes;
  private readonly library: FormLibrary;
  private readonly views: FormViews;
  private readonly rules: RuleRuns;
  private readonly submission: FormSubmission;
  private readonly taskLists: TaskListDefinition[];

  constructor(def: PlanningApplicationDefinition) {
    this.name = def.name;
    this.planTypes = new PlanTypes(def.name, def);
    this.library = new FormLibrary(def.forms, def.folders ?? []);
    this.views = new FormViews(this.planTypes, this.library);
    this.rules = new RuleRuns(this.planTypes, def.rules);
    this.submission = new FormSubmission(this.planTypes, this.library, this.views, this.rules);
    this.taskLists = def.taskLists;
  }

  /** Plan type names, in definition order. */
  get cubes(): string[] {
    return this.planTypes.names;
  }

  outline(cube: string): Outline {
    return this.planTypes.get(cube).outline;
  }

  /** The cube of a plan type (for tests and the ad hoc layer). */
  dataSource(cube: string): Cube {
    return this.planTypes.get(cube).data;
  }

  /** The text of a planning text cell (tuple: one member name per base dimension, outline order). */
  readText(cube: string, members: readonly string[]): string | null {
    const s = this.planTypes.get(cube);
    return s.texts.get(this.planTypes.tupleOf(s, members));
  }

  /**
   * Reads a data slice of a plan type (Planning REST's `exportdataslice` grid definition): POV, column and row
   * segments of member selections, crossed; every cell a number, a text, a Smart List label or `null`.
   */
  exportDataSlice(req: DataSliceRequest): DataSliceResult {
    return exportDataSlice(this.planTypes.get(req.cube), req);
  }

  /**
   * Writes a data grid into a plan type (Planning REST's `importdataslice`): cells the user may enter are
   * written (totals follow), the others rejected with their reasons; no on-save rule runs. Answers `journal`
   * and `changes` as `submitForm` does.
   */
  importDataSlice(req: DataSliceImportRequest): DataSliceImportResult {
    return importDataSlice(this.planTypes.get(req.cube), req);
  }

  // ---------- forms ----------

  /** Sub-folders and forms of a folder, alphabetical. */
  listForms(folder: string): { folder: string; folders: string[]; forms: FormSummary[] } {
    return this.library.list(folder);
  }

  /** The definition of a form (by folder and name; without folder, the form of that name in any folder). */
  form(folder: string | undefined, formName: string): FormDefinition {
    return this.library.find(folder, formName);
  }

  /** Opens a regular or composite form for a POV (the form's defaults overridden by `pov`). */
  openForm(req: OpenFormRequest, session: PlanningSession = {}): OpenFormResult {
    return this.views.open(req, session);
  }

  /** The rules a form runs on save, with their prompts (described in `locale`). */
  listOnSaveRules(
    folder: string | undefined,
    formName: string,
    locale: PlanningLocale = "en",
  ): OnSaveRulesResult {
    return this.submission.onSaveRules(folder, formName, locale);
  }

  /**
   * Submits a form grid: writes the changed cells it lists (`cells`), or without a list every non-empty writable
   * data cell of the grid, then runs the form's on-save rules. All or nothing: a text over 255 characters (without
   * `enableLargeCellSubmit`), an unknown header, an invalid prompt or a failing rule leaves the data as it was.
   */
  submitForm(req: SubmitFormRequest, session: PlanningSession = {}): SubmitFormResult {
    return this.submission.submit(req, session);
  }

  // ---------- rules ----------

  /** The business rules of a plan type (or of every plan type), their prompts described in `locale`. */
  listRules(cube?: string, locale: PlanningLocale = "en"): RulePromptsResult[] {
    return this.rules.list(cube, locale);
  }

  /** The definition of a rule, including its calc script. */
  ruleDefinition(cube: string, ruleName: string): RuleDefinition {
    return this.rules.find(cube, ruleName);
  }

  /** The runtime prompts of a rule, in the order the rule asks them, described in `locale`. */
  enumPrompts(
    cube: string,
    ruleName: string,
    ruleType?: string,
    locale: PlanningLocale = "en",
  ): RulePromptsResult {
    return describeRule(this.rules.findOfType(cube, ruleName, ruleType), locale);
  }

  /** The members (or dimensions) a runtime prompt accepts, outline order. */
  enumPromptMembers(req: {
    cube: string;
    ruleName: string;
    promptName: string;
    aliastable?: string | null;
  }): {
    ruleName: string;
    promptName: string;
    dimension: string;
    members: MemberInfo[];
  } {
    return this.rules.promptMembers(req);
  }

  /** Validates the prompts, runs the rule and answers what it did. All or nothing. */
  launchRule(req: LaunchRuleRequest): LaunchRuleResult {
    return this.rules.launch(req);
  }

  // ---------- task lists ----------

  /** Task lists with the user's completion (`statuses`: the user's stored rows). */
  listTaskLists(statuses: Iterable<TaskCompletion> = []): { taskLists: TaskListInfo[] } {
    return listTaskLists(this.taskLists, statuses);
  }

  /** The new completion of a task, for the server to store for the user. */
  setTaskStatus(
    req: { taskListID: string; taskID: string; complete: boolean },
    current: TaskCompletion | undefined,
    now: Date = new Date(),
  ): TaskCompletion {
    return nextTaskStatus(this.taskLists, req.taskListID, req.taskID, req.complete, current, now);
  }

  // ---------- aliases and members ----------

  /** Alias tables of the application (union over plan types), the session's one marked active. */
  listAliasTables(session: PlanningSession = {}): { aliasTables: AliasTableInfo[] } {
    const active = sessionAliasTable(session).toLowerCase();
    return {
      aliasTables: this.planTypes.aliasTableNames().map((t) => ({
        aliasId: t,
        name: t,
        active: t.toLowerCase() === active,
      })),
    };
  }

  /** Checks an alias table for `setalias`; the caller keeps it in the session. */
  setAlias(aliasId: string): AliasTableInfo {
    const t = this.planTypes.aliasTable(aliasId);
    return { aliasId: t, name: t, active: true };
  }

  /** The member filters `enumMembers` accepts for a dimension. */
  enumFilters(
    dim: string,
    aliastable?: string | null,
    cube?: string,
  ): {
    dimension: string;
    filters: MemberFilterInfo[];
  } {
    this.planTypes.checkAliasTable(aliastable);
    const { dimension } = this.planTypes.dimension(cube, dim);
    return { dimension: dimension.name, filters: MEMBER_FILTER_INFO.map((f) => ({ ...f })) };
  }

  /** Members of a dimension chosen by a member filter (`MEMBER_FILTERS`) relative to `arg`, outline order. */
  enumMembers(req: {
    cube?: string;
    dim: string;
    filter: string;
    arg?: string | null;
    aliastable?: string | null;
  }): { dimension: string; filter: string; arg: string | null; members: MemberInfo[] } {
    const table = this.planTypes.checkAliasTable(req.aliastable);
    const { outline, dimension, variableNames } = this.planTypes.dimension(req.cube, req.dim);
    const { filter, members } = enumerateMembers(
      outline,
      dimension,
      req.filter,
      req.arg ?? null,
      table,
      variableNames,
    );
    return { dimension: dimension.name, filter, arg: req.arg ?? null, members };
  }

  // ---------- durability ----------

  /**
   * Replays journaled operations (the `journal` of `submitForm` and `launchRule`), in order: entered cells
   * are written again, rules run again with the same prompts. Used to rebuild the state after a restart.
   */
  applyJournal(steps: readonly PlanningJournalStep[]): void {
    for (const s of steps) {
      if (s.step === "cells") this.applyCellWrites(s.writes);
      else this.rules.replay(s);
    }
  }

  /**
   * Every text cell of a plan type, by member names (one per base dimension, outline order): with the plan
   * type's cube ({@link dataSource}), its whole state, for a snapshot that `applyCellWrites` restores.
   */
  textCells(cube: string): { members: string[]; text: string }[] {
    return this.planTypes
      .get(cube)
      .texts.entries()
      .map((t) => ({ members: t.tuple.map((m) => m.name), text: t.text }));
  }

  /** Re-applies cell changes (`changes`, or the `cells` steps of a journal) without form or rule checks. */
  applyCellWrites(writes: readonly CellWrite[]): void {
    for (const w of writes) {
      const s = this.planTypes.get(w.cube);
      const tuple = this.planTypes.tupleOf(s, w.members);
      if (w.text !== undefined) s.texts.set(tuple, w.text === "" ? null : w.text);
      else if (w.stored) s.data.setStored(s.data.coordsOf(tuple), w.value ?? Number.NaN, w.input ?? false);
      else s.data.write(tuple, w.value);
    }
  }
}
