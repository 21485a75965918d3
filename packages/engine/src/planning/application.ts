import { CalcError, CalcReturn } from "../calc-eval.ts";
import { runCalcScript } from "../calc-script.ts";
import type { Cube } from "../cube.ts";
import type { Dimension, Member, Outline } from "../outline.ts";
import type {
  AliasTableInfo,
  FormSummary,
  FormView,
  LaunchRuleRequest,
  LaunchRuleResult,
  OpenFormRequest,
  OpenFormResult,
  PlanningSession,
  RulePromptsResult,
  RuleRunResult,
  SubmitFormRequest,
  SubmitFormResult,
  SubmittedCellStatus,
} from "./calls.ts";
import { type CellWrite, ChangeSet, type PlanningJournalStep, TextStore } from "./changes.ts";
import type {
  CompositeFormDefinition,
  FormDefinition,
  PlanningApplicationDefinition,
  RegularFormDefinition,
  RuleDefinition,
  SmartListDefinition,
  TaskListDefinition,
} from "./definitions.ts";
import { PlanningError } from "./errors.ts";
import {
  compileLocks,
  type FormCube,
  type FormPreferences,
  formatNumber,
  layOutForm,
  renderForm,
} from "./forms.ts";
import {
  enumerateMembers,
  MEMBER_FILTER_INFO,
  type MemberFilterInfo,
  type MemberInfo,
  memberInfo,
} from "./members.ts";
import {
  describeRule,
  promptChoices,
  promptValues,
  RuleFailure,
  resolvePrompts,
  ruleContext,
  ruleCube,
  ruleMessage,
  substitutePrompts,
} from "./rules.ts";
import { resolveMember } from "./selection.ts";
import { planSubmit } from "./submit.ts";
import { listTaskLists, nextTaskStatus, type TaskCompletion, type TaskListInfo } from "./tasks.ts";

export type * from "./calls.ts";

interface PlanTypeStore extends FormCube {
  variableNames: readonly string[];
  name: string;
  outline: Outline;
  data: Cube;
  texts: TextStore;
}

const ROOT = "/Forms";

function normFolder(folder: string | undefined): string {
  const f = (folder ?? ROOT).trim().replace(/\/+$/, "");
  return (f === "" ? ROOT : f.startsWith("/") ? f : `/${f}`).toLowerCase();
}

/**
 * A Planning application: plan types with their data, form folders and forms, business rules, task lists.
 * Every method is synchronous and pure TypeScript. Mutating methods (`submitForm`, `launchRule`) are
 * all-or-nothing and answer the exact list of cells they changed (`changes`), which `applyCellWrites`
 * replays on another instance (restart). Per-user and per-session state (task status, alias table) is passed
 * in and answered, never kept here.
 */
export class PlanningApplication {
  readonly name: string;
  private readonly stores = new Map<string, PlanTypeStore>();
  private readonly forms: FormDefinition[];
  private readonly rules: RuleDefinition[];
  private readonly taskLists: TaskListDefinition[];
  private readonly folders = new Map<string, string>();

  constructor(def: PlanningApplicationDefinition) {
    this.name = def.name;
    for (const pt of def.planTypes) {
      const outline = pt.data.outline;
      const textMembers = new Set((pt.textMembers ?? []).map((n) => resolveMember(outline, n).stored));
      const smartLists = new Map<Member, SmartListDefinition>();
      for (const list of pt.smartLists ?? []) {
        for (const n of list.members) smartLists.set(resolveMember(outline, n).stored, list);
      }
      const locks = compileLocks(
        outline,
        (def.locks ?? []).filter((l) => l.cube.toLowerCase() === pt.name.toLowerCase()),
      );
      const defaults = new Map<Dimension, Member>();
      for (const [dimName, memberName] of Object.entries(pt.defaults ?? {})) {
        const dim = outline.dimension(dimName);
        if (!dim) throw new Error(`Plan type ${pt.name}: unknown dimension ${dimName}`);
        defaults.set(dim, resolveMember(outline, memberName, dim));
      }
      this.stores.set(pt.name.toLowerCase(), {
        name: pt.name,
        outline,
        data: pt.data,
        texts: new TextStore(),
        textMembers,
        smartLists,
        locks,
        defaults,
        variableNames: pt.variableNames ?? [],
      });
    }
    this.forms = def.forms;
    this.rules = def.rules;
    this.taskLists = def.taskLists;
    const addFolder = (path: string): void => {
      let p = path.replace(/\/+$/, "");
      while (p.length > 0) {
        this.folders.set(p.toLowerCase(), p);
        p = p.slice(0, p.lastIndexOf("/"));
      }
    };
    addFolder(ROOT);
    for (const f of def.folders ?? []) addFolder(f);
    for (const f of def.forms) addFolder(f.folder);
  }

  /** Plan type names, in definition order. */
  get cubes(): string[] {
    return [...this.stores.values()].map((s) => s.name);
  }

  outline(cube: string): Outline {
    return this.store(cube).outline;
  }

  /** The cube of a plan type (for tests and the ad hoc layer). */
  dataSource(cube: string): Cube {
    return this.store(cube).data;
  }

  /** The text of a planning text cell (tuple: one member name per base dimension, outline order). */
  readText(cube: string, members: readonly string[]): string | null {
    const s = this.store(cube);
    return s.texts.get(this.tupleOf(s, members));
  }

  private store(cube: string, field = "cube"): PlanTypeStore {
    const s = this.stores.get(String(cube).toLowerCase());
    if (!s) {
      throw new PlanningError(
        "PLANNING_CUBE_UNKNOWN",
        `Application ${this.name} has no plan type "${cube}"; it has ${this.cubes.join(", ")}.`,
        field,
      );
    }
    return s;
  }

  private tupleOf(s: PlanTypeStore, members: readonly string[]): Member[] {
    const dims = s.outline.baseDimensions;
    if (members.length !== dims.length) {
      throw new PlanningError(
        "PLANNING_GRID_INVALID",
        `A cell of ${s.name} needs ${dims.length} members (${dims.map((d) => d.name).join(", ")}).`,
        "members",
      );
    }
    return dims.map((d, i) => resolveMember(s.outline, members[i] as string, d));
  }

  // ---------- forms ----------

  /** Sub-folders and forms of a folder, alphabetical. */
  listForms(folder: string): { folder: string; folders: string[]; forms: FormSummary[] } {
    const key = normFolder(folder);
    const path = this.folders.get(key);
    if (!path)
      throw new PlanningError("PLANNING_FOLDER_UNKNOWN", `Unknown form folder "${folder}".`, "folder");
    const folders = [...this.folders.entries()]
      .filter(([k]) => k.startsWith(`${key}/`) && !k.slice(key.length + 1).includes("/"))
      .map(([, p]) => p)
      .sort((a, b) => a.localeCompare(b));
    const forms = this.forms
      .filter((f) => normFolder(f.folder) === key)
      .map((f) => ({
        formName: f.name,
        folder: f.folder,
        type: f.type,
        cube: f.cube,
        description: f.description,
      }))
      .sort((a, b) => a.formName.localeCompare(b.formName));
    return { folder: path, folders, forms };
  }

  /** The definition of a form (by folder and name; without folder, the form of that name in any folder). */
  form(folder: string | undefined, formName: string): FormDefinition {
    const name = String(formName).toLowerCase();
    if (folder !== undefined && folder !== "") {
      const key = normFolder(folder);
      if (!this.folders.has(key)) {
        throw new PlanningError("PLANNING_FOLDER_UNKNOWN", `Unknown form folder "${folder}".`, "folder");
      }
      const f = this.forms.find((x) => normFolder(x.folder) === key && x.name.toLowerCase() === name);
      if (f) return f;
      throw new PlanningError(
        "PLANNING_FORM_UNKNOWN",
        `The form "${formName}" does not exist in folder "${this.folders.get(key)}".`,
        "formName",
      );
    }
    const f = this.forms.find((x) => x.name.toLowerCase() === name);
    if (!f)
      throw new PlanningError("PLANNING_FORM_UNKNOWN", `The form "${formName}" does not exist.`, "formName");
    return f;
  }

  private regular(ref: { folder: string; formname: string }): RegularFormDefinition {
    const f = this.form(ref.folder, ref.formname);
    if (f.type !== "regular") throw new Error(`Subform ${ref.formname} must be a regular form`);
    return f;
  }

  private view(
    def: RegularFormDefinition,
    pov: Record<string, string> | undefined,
    prefs: FormPreferences,
    session: PlanningSession,
  ): FormView {
    const store = this.store(def.cube);
    const laid = layOutForm(store, def, pov);
    const r = renderForm(store, def, laid, prefs, this.aliasTableOf(session));
    return { formName: def.name, folder: def.folder, type: "regular", cube: store.name, ...r };
  }

  private aliasTableOf(session: PlanningSession): string {
    return session.aliasTable && session.aliasTable !== "none" ? session.aliasTable : "Default";
  }

  /** Opens a regular or composite form for a POV (the form's defaults overridden by `pov`). */
  openForm(req: OpenFormRequest, session: PlanningSession = {}): OpenFormResult {
    const def = this.form(req.folder, req.formName);
    if (req.type && req.type !== def.type) {
      throw new PlanningError(
        "PLANNING_FORM_TYPE_MISMATCH",
        `Form "${def.name}" is a ${def.type} form, not ${req.type}.`,
        "type",
      );
    }
    const prefs = req.preferences ?? {};
    if (def.type === "regular") return { ...this.view(def, req.pov, prefs, session), subforms: [] };
    (req.subforms ?? []).forEach((s, i) => {
      if (!def.subforms.some((ref) => sameForm(ref, s))) {
        throw new PlanningError(
          "PLANNING_FORM_UNKNOWN",
          `Form "${s.formName}" is not a subform of "${def.name}".`,
          `subforms[${i}].formName`,
        );
      }
    });
    const subforms = def.subforms.map((ref) => {
      const own = (req.subforms ?? []).find((s) => sameForm(ref, s))?.pov;
      return this.subformView(def, ref, req.pov, own, prefs, session);
    });
    const pov: Record<string, string> = {};
    for (const s of subforms) for (const [k, v] of Object.entries(s.pov)) if (!(k in pov)) pov[k] = v;
    const povChoices: Record<string, string[]> = {};
    for (const s of subforms) for (const [k, v] of Object.entries(s.povChoices)) povChoices[k] ??= v;
    return {
      formName: def.name,
      folder: def.folder,
      type: "composite",
      cube: def.cube,
      pov,
      povChoices,
      grid: [],
      codes: [],
      cellKinds: [],
      cellStates: [],
      subforms,
    };
  }

  private subformPov(
    sub: RegularFormDefinition,
    ref: CompositeFormDefinition["subforms"][number],
    requested: Record<string, string> | undefined,
  ): Record<string, string> {
    const pov: Record<string, string> = { ...ref.pov };
    for (const [k, v] of Object.entries(requested ?? {})) {
      const choosable = Object.keys(sub.povChoices ?? {}).some((d) => d.toLowerCase() === k.toLowerCase());
      if (choosable) pov[k] = v;
    }
    return pov;
  }

  private subformView(
    _composite: CompositeFormDefinition,
    ref: CompositeFormDefinition["subforms"][number],
    requested: Record<string, string> | undefined,
    own: Record<string, string> | undefined,
    prefs: FormPreferences,
    session: PlanningSession,
  ): FormView {
    const sub = this.regular(ref);
    return this.view(sub, { ...this.subformPov(sub, ref, requested), ...own }, prefs, session);
  }

  /** The rules a form runs on save, with their prompts. */
  listOnSaveRules(
    folder: string | undefined,
    formName: string,
  ): {
    formName: string;
    folder: string;
    rules: RulePromptsResult[];
  } {
    const def = this.form(folder, formName);
    const forms = def.type === "regular" ? [def] : def.subforms.map((s) => this.regular(s));
    const found = forms.flatMap((f) => (f.onSaveRules ?? []).map((n) => this.rule(f.cube, n)));
    const rules = [...new Set(found)].map((r) => describeRule(r));
    return { formName: def.name, folder: def.folder, rules };
  }

  /**
   * Submits a form grid: writes every writable data cell of the grid (unchanged values are rewritten, which
   * changes nothing), then runs the form's on-save rules. All or nothing: a text over 255 characters (without
   * `enableLargeCellSubmit`), an unknown header, an invalid prompt or a failing rule leaves the data as it was.
   */
  submitForm(req: SubmitFormRequest, session: PlanningSession = {}): SubmitFormResult {
    let def = this.form(req.folder, req.formName);
    let pov = req.pov;
    if (def.type === "composite") {
      const composite = def;
      const ref = composite.subforms.find(
        (s) => s.formname.toLowerCase() === String(req.subform ?? "").toLowerCase(),
      );
      if (!ref) {
        throw new PlanningError(
          "PLANNING_REQUEST_INVALID",
          `Form "${composite.name}" is composite: submit one of its subforms (${composite.subforms.map((s) => s.formname).join(", ")}) by its own folder and formName.`,
          "formName",
        );
      }
      def = this.regular(ref);
      pov = this.subformPov(def, ref, req.pov);
    }
    const form = def;
    const store = this.store(form.cube);
    const laid = layOutForm(store, form, pov);
    const prefs = req.preferences ?? {};
    const missingLabel = prefs.missingLabel ?? "#Missing";
    const planned = planSubmit(store, laid, req, missingLabel);

    // On-save rules and their prompts are validated before anything is written.
    const onSave = (form.onSaveRules ?? []).map((n) => this.rule(form.cube, n));
    (req.prompts ?? []).forEach((p, i) => {
      const name = String(p?.ruleinfo?.ruleName ?? "");
      if (!onSave.some((r) => r.name.toLowerCase() === name.toLowerCase())) {
        throw new PlanningError(
          "PLANNING_RULE_UNKNOWN",
          `Rule "${name}" is not run on save by form "${form.name}".`,
          `prompts[${i}].ruleinfo.ruleName`,
        );
      }
    });
    const resolved = onSave.map((rule) => {
      const i = (req.prompts ?? []).findIndex(
        (p) => String(p.ruleinfo.ruleName).toLowerCase() === rule.name.toLowerCase(),
      );
      const sent = i >= 0 ? ((req.prompts ?? [])[i]?.prompts ?? []) : [];
      // "Use Members on Form": a member prompt not sent takes the form's POV member of its dimension.
      const fromForm = rule.prompts
        .filter((p) => p.useMembersOnForm && p.type === "member" && p.dimension)
        .filter((p) => !sent.some((s) => String(s.name).toLowerCase() === p.name.toLowerCase()))
        .flatMap((p) => {
          const key = Object.keys(laid.pov).find(
            (d) => d.toLowerCase() === String(p.dimension).toLowerCase(),
          );
          return key ? [{ name: p.name, value: laid.pov[key] as string }] : [];
        });
      const given = [...sent, ...fromForm];
      try {
        return {
          rule,
          prompts: resolvePrompts(store.outline, rule, given, `prompts[${Math.max(i, 0)}].prompts`),
        };
      } catch (e) {
        // On submit, a prompt the rule does not have is an invalid prompt value set.
        if (e instanceof PlanningError && e.code === "PLANNING_PROMPT_UNKNOWN") {
          throw new PlanningError("PLANNING_PROMPT_INVALID", e.message, e.field);
        }
        throw e;
      }
    });

    const changes = new ChangeSet();
    const cells: SubmittedCellStatus[] = [];
    const ruleResults: RuleRunResult[] = [];
    try {
      for (const p of planned) {
        if (p.kind === "skip") {
          cells.push({ row: p.row, column: p.column, status: p.status, value: p.raw });
          continue;
        }
        if (p.kind === "text") {
          changes.writeText(store, p.tuple, p.text);
          cells.push({
            row: p.row,
            column: p.column,
            status: p.truncated ? "truncated" : "written",
            value: p.text,
          });
        } else {
          changes.writeValue(store, p.tuple, p.value);
          cells.push({
            row: p.row,
            column: p.column,
            status: "written",
            value: p.value === null ? missingLabel : (p.shown ?? formatNumber(p.value)),
          });
        }
      }
      for (const { rule, prompts } of resolved) ruleResults.push(this.runRule(rule, prompts, changes));
    } catch (e) {
      changes.rollback();
      throw e;
    }
    const refreshed = this.view(form, laid.pov, prefs, session);
    return {
      ...refreshed,
      submitted: cells.filter((c) => c.status === "written" || c.status === "truncated").length,
      cells,
      rules: ruleResults,
      changes: changes.writes(),
      journal: changes.journal(),
    };
  }

  // ---------- rules ----------

  private rule(cube: string, ruleName: string, field = "ruleName"): RuleDefinition {
    const store = this.store(cube);
    const r = this.rules.find(
      (x) =>
        x.name.toLowerCase() === String(ruleName).toLowerCase() &&
        x.cube.toLowerCase() === store.name.toLowerCase(),
    );
    if (!r) {
      throw new PlanningError(
        "PLANNING_RULE_UNKNOWN",
        `Plan type ${store.name} has no business rule "${ruleName}".`,
        field,
      );
    }
    return r;
  }

  /** The business rules of a plan type (or of every plan type). */
  listRules(cube?: string): RulePromptsResult[] {
    return this.rules
      .filter((r) => cube === undefined || r.cube.toLowerCase() === cube.toLowerCase())
      .map((r) => describeRule(r));
  }

  /** The definition of a rule, including its calc script. */
  ruleDefinition(cube: string, ruleName: string): RuleDefinition {
    return this.rule(cube, ruleName);
  }

  /** The runtime prompts of a rule, in the order the rule asks them. */
  enumPrompts(cube: string, ruleName: string, _ruleType?: string): RulePromptsResult {
    return describeRule(this.rule(cube, ruleName));
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
    const rule = this.rule(req.cube, req.ruleName);
    const p = rule.prompts.find((x) => x.name.toLowerCase() === String(req.promptName).toLowerCase());
    if (!p) {
      throw new PlanningError(
        "PLANNING_PROMPT_UNKNOWN",
        `Rule ${rule.name} has no runtime prompt "${req.promptName}".`,
        "promptName",
      );
    }
    if (p.type !== "member" && p.type !== "members" && p.type !== "dimension") {
      throw new PlanningError(
        "PLANNING_REQUEST_INVALID",
        `Runtime prompt ${p.name} of rule ${rule.name} takes a ${p.type === "numeric" ? "number" : "text"}, not members.`,
        "promptName",
      );
    }
    const outline = this.store(rule.cube).outline;
    const table = this.checkAliasTable(req.aliastable);
    return {
      ruleName: rule.name,
      promptName: p.name,
      dimension: p.type === "dimension" ? "" : (p.dimension ?? ""),
      members: promptChoices(outline, p).map((m) => memberInfo(m, table)),
    };
  }

  /** Validates the prompts, runs the rule and answers what it did. All or nothing. */
  launchRule(req: LaunchRuleRequest): LaunchRuleResult {
    const rule = this.rule(req.cube, req.ruleName);
    const prompts = resolvePrompts(this.store(rule.cube).outline, rule, req.prompts ?? []);
    const changes = new ChangeSet();
    try {
      const result = this.runRule(rule, prompts, changes);
      return { ...result, changes: changes.writes(), journal: changes.journal() };
    } catch (e) {
      changes.rollback();
      throw e;
    }
  }

  /**
   * Runs one rule inside an operation: the prompt check, then the calc script (prompt values substituted) on
   * the plan type's cube, other plan types reachable by @XWRITE as `_Name_`, then the rule's text step. Any
   * failure answers `PLANNING_RULE_FAILED`; the caller rolls the whole operation back.
   */
  private runRule(
    rule: RuleDefinition,
    prompts: ReturnType<typeof resolvePrompts>,
    changes: ChangeSet,
  ): RuleRunResult {
    const started = Date.now();
    const store = this.store(rule.cube);
    const ctx = ruleContext(rule, prompts, ruleCube(store, changes), (name) =>
      ruleCube(this.store(name), changes),
    );
    const step = {
      step: "rule" as const,
      cube: store.name,
      ruleName: rule.name,
      prompts: promptValues(prompts),
    };
    try {
      return changes.asRule(step, () => this.runScript(rule, prompts, changes, ctx, store, started));
    } catch (e) {
      if (e instanceof PlanningError) throw e;
      const why =
        e instanceof CalcReturn
          ? e.text.replace(/\.?$/, ".")
          : e instanceof CalcError
            ? `its calc script stopped: ${e.message}.`
            : e instanceof Error
              ? e.message
              : String(e);
      throw new PlanningError(
        "PLANNING_RULE_FAILED",
        `Business rule ${rule.name} failed: ${why} No data was changed.`,
        "ruleName",
      );
    }
  }

  private runScript(
    rule: RuleDefinition,
    prompts: ReturnType<typeof resolvePrompts>,
    changes: ChangeSet,
    ctx: ReturnType<typeof ruleContext>,
    store: PlanTypeStore,
    started: number,
  ): RuleRunResult {
    const refused = rule.check?.(ctx);
    if (refused) throw new RuleFailure(refused);
    const script = substitutePrompts(rule, prompts);
    const locations: Record<string, Cube> = {};
    const all = [...this.stores.values()];
    // Cells changed earlier in the operation (entered on a form, or by a previous on-save rule) are not this
    // rule's: count them first, except on a cube snapshotted just now (nothing changed yet, no scan).
    let changedBefore = 0;
    for (const s of all) {
      if (!changes.touch(s)) changedBefore += changes.changedCells(s);
      if (s !== store) locations[`_${s.name}_`] = s.data;
    }
    const run = runCalcScript(store.data, script, { locations });
    const changedAfter = all.reduce((n, s) => n + changes.changedCells(s), 0);
    const texts = rule.texts?.(ctx) ?? 0;
    // Stored cells (totals included) that the script left different, in every plan type.
    const message = ruleMessage(rule, prompts, { cells: Math.max(0, changedAfter - changedBefore), texts });
    return {
      ruleName: rule.name,
      status: "completed",
      durationMs: Date.now() - started,
      message: run.returned ? `${message} ${run.returned.message}` : message || null,
    };
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
    const active = this.aliasTableOf(session).toLowerCase();
    return {
      aliasTables: this.aliasTableNames().map((t) => ({
        aliasId: t,
        name: t,
        active: t.toLowerCase() === active,
      })),
    };
  }

  /** Checks an alias table for `setalias`; the caller keeps it in the session. */
  setAlias(aliasId: string): AliasTableInfo {
    const t = this.aliasTableNames().find((x) => x.toLowerCase() === String(aliasId).toLowerCase());
    if (!t) {
      throw new PlanningError(
        "PLANNING_ALIAS_TABLE_UNKNOWN",
        `Unknown alias table "${aliasId}"; the tables are ${this.aliasTableNames().join(", ")}.`,
        "aliasId",
      );
    }
    return { aliasId: t, name: t, active: true };
  }

  private aliasTableNames(): string[] {
    const out: string[] = [];
    for (const s of this.stores.values()) {
      for (const t of s.outline.aliasTables)
        if (!out.some((x) => x.toLowerCase() === t.toLowerCase())) out.push(t);
    }
    return out;
  }

  private checkAliasTable(table: string | null | undefined): string {
    if (table === undefined || table === null || table === "") return "Default";
    return this.setAlias(table).aliasId;
  }

  private dimension(
    cube: string | undefined,
    dim: string,
  ): { outline: Outline; dimension: Dimension; variableNames: readonly string[] } {
    const stores = cube ? [this.store(cube)] : [...this.stores.values()];
    for (const s of stores) {
      const d = s.outline.dimension(String(dim));
      if (d && d.type !== "attribute")
        return { outline: s.outline, dimension: d, variableNames: s.variableNames };
    }
    throw new PlanningError("PLANNING_DIMENSION_UNKNOWN", `Unknown dimension "${dim}".`, "dim");
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
    this.checkAliasTable(aliastable);
    const { dimension } = this.dimension(cube, dim);
    return { dimension: dimension.name, filters: MEMBER_FILTER_INFO.map((f) => ({ ...f })) };
  }

  /** Members of a dimension chosen by a member filter (spec §9) relative to `arg`, outline order. */
  enumMembers(req: {
    cube?: string;
    dim: string;
    filter: string;
    arg?: string | null;
    aliastable?: string | null;
  }): { dimension: string; filter: string; arg: string | null; members: MemberInfo[] } {
    const table = this.checkAliasTable(req.aliastable);
    const { outline, dimension, variableNames } = this.dimension(req.cube, req.dim);
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
      if (s.step === "cells") {
        this.applyCellWrites(s.writes);
        continue;
      }
      const rule = this.rule(s.cube, s.ruleName);
      const prompts = resolvePrompts(this.store(rule.cube).outline, rule, s.prompts);
      const changes = new ChangeSet();
      try {
        this.runRule(rule, prompts, changes);
      } catch (e) {
        changes.rollback();
        throw e;
      }
    }
  }

  /** Re-applies cell changes (`changes`, or the `cells` steps of a journal) without form or rule checks. */
  applyCellWrites(writes: readonly CellWrite[]): void {
    for (const w of writes) {
      const s = this.store(w.cube);
      const tuple = this.tupleOf(s, w.members);
      if (w.text !== undefined) s.texts.set(tuple, w.text === "" ? null : w.text);
      else if (w.stored) s.data.setStored(s.data.coordsOf(tuple), w.value ?? Number.NaN, w.input ?? false);
      else s.data.write(tuple, w.value);
    }
  }
}

function sameForm(
  ref: { folder: string; formname: string },
  s: { folder?: string; formName: string },
): boolean {
  return (
    ref.formname.toLowerCase() === String(s.formName).toLowerCase() &&
    (s.folder === undefined || normFolder(s.folder) === normFolder(ref.folder))
  );
}
