import type { components } from "@qibates/client/schema";
import type {
  FormPreferences,
  LaunchRuleResult,
  PlanningApplication,
  PromptInput,
} from "@qibates/engine/planning";
import { engineError } from "@qibates/grid-bridge";
import type {
  ApplicationRef,
  DataSlice,
  DataSliceImportAnswer,
  DataSliceImportInput,
  DataSliceInput,
  ErrorLocale,
  JobAdmission,
  MemberProperties,
  OpenFormInput,
  PlanningOperations,
  ProviderSession,
  RuleRef,
  SubmitFormInput,
} from "@qibates/provider";
import { ProviderError } from "@qibates/provider";
import type { EmbeddedCatalogue } from "./catalogue.ts";
import type { GridWorkers } from "./grid-workers.ts";
import type { PlanningDemoApplication } from "./planning-app.ts";
import type { DemoSessionViews } from "./session-views.ts";
import type { EmbeddedStore, JournalEntry } from "./store.ts";

type Schemas = components["schemas"];

/** The user's alias table preference, kept across sessions (`action/setalias`). */
const PREFERENCE_ALIAS = "aliasTable";

const pick = <T extends object, K extends keyof T>(o: T, keys: readonly K[]): Pick<T, K> => {
  const out = {} as Pick<T, K>;
  for (const k of keys) if (k in o) out[k] = o[k];
  return out;
};

const FORM_FIELDS = [
  "formName",
  "folder",
  "type",
  "cube",
  "pov",
  "povChoices",
  "grid",
  "codes",
  "cellKinds",
] as const;
const SUBFORM_FIELDS = ["folder", "formName", "pov", "povChoices", "grid", "codes", "cellKinds"] as const;

/**
 * The Vision planning demo answered by the engine's `PlanningApplication`. What users change is journaled
 * (entered cells and launched rules, not every cell a rule touched: replaying them from the same state gives
 * the same data); task status and the alias table preference are kept per user in the store.
 */
/** Runs of a rule in a worker before it runs on the event loop, when the data kept changing meanwhile. */
const RULE_WORKER_ATTEMPTS = 3;

export class EmbeddedPlanning implements PlanningOperations {
  constructor(
    private readonly catalogue: EmbeddedCatalogue,
    private readonly store: EmbeddedStore,
    private readonly views: DemoSessionViews | null = null,
    private readonly workers: GridWorkers | null = null,
    /** The queue rules wait in (`job-queue.ts`), and whose job a session's is; none: a rule runs at once. */
    private readonly jobs: JobAdmission | null = null,
    private readonly jobOwner: (session: ProviderSession) => string = (s) => s.ownerId,
  ) {}

  private demo(session: ProviderSession, ref: ApplicationRef): PlanningDemoApplication {
    return this.catalogue.planningApplication(session, ref);
  }

  /** The application whose data a call reads or changes: the session's own view when it has one. */
  private data(session: ProviderSession, demo: PlanningDemoApplication, write: boolean) {
    return this.views ? this.views.data(session, demo, write) : Promise.resolve(demo);
  }

  /** Runs a read-only call of the planning application, its errors in the provider's terms. */
  private read<T>(session: ProviderSession, ref: ApplicationRef, call: (app: PlanningApplication) => T): T {
    return this.call(this.demo(session, ref), call);
  }

  private call<T>(demo: PlanningDemoApplication, call: (app: PlanningApplication) => T): T {
    try {
      return call(demo.app);
    } catch (e) {
      engineError(e);
    }
  }

  /** The session's alias table, else the user's stored preference, else Default. */
  private async aliasTable(session: ProviderSession, demo: PlanningDemoApplication): Promise<string> {
    return (
      session.aliasTable ??
      (await this.store.preference(session.ownerId, demo.name, PREFERENCE_ALIAS)) ??
      "Default"
    );
  }

  async listForms(session: ProviderSession, ref: ApplicationRef, folder: string) {
    return this.read(session, ref, (app) => app.listForms(folder));
  }

  async openForm(session: ProviderSession, ref: ApplicationRef, input: OpenFormInput) {
    const aliasTable = await this.aliasTable(session, this.demo(session, ref));
    const demo = await this.data(session, this.demo(session, ref), false);
    // Data and texts written by another API node before this call are read too (form definitions, rules and
    // outlines never change: other reads need not look).
    await demo.upToDate();
    return this.call(demo, (app) => {
      const r = app.openForm(
        {
          folder: input.folder,
          formName: input.formName,
          ...(input.type ? { type: input.type } : {}),
          ...(input.preferences ? { preferences: input.preferences as FormPreferences } : {}),
          ...(input.pov ? { pov: input.pov } : {}),
          ...(input.subforms ? { subforms: input.subforms } : {}),
        },
        { aliasTable },
      );
      return {
        ...pick(r, FORM_FIELDS),
        subforms: r.subforms.map((s) => pick(s, SUBFORM_FIELDS)),
      } as Schemas["FormResponse"];
    });
  }

  async submitForm(
    session: ProviderSession,
    ref: ApplicationRef,
    input: SubmitFormInput & { subform?: string },
  ) {
    const aliasTable = await this.aliasTable(session, this.demo(session, ref));
    const demo = await this.data(session, this.demo(session, ref), true);
    const r = await demo
      .mutate(session.ownerId, () => {
        const result = demo.app.submitForm(
          {
            folder: input.folder,
            formName: input.formName,
            ...(input.subform !== undefined ? { subform: input.subform } : {}),
            ...(input.pov ? { pov: input.pov } : {}),
            grid: input.grid,
            ...(input.cells ? { cells: input.cells } : {}),
            ...(input.codes ? { codes: input.codes } : {}),
            ...(input.prompts
              ? { prompts: input.prompts as { ruleinfo: { ruleName: string }; prompts: PromptInput[] }[] }
              : {}),
            enableLargeCellSubmit: input.enableLargeCellSubmit,
            ...(input.preferences ? { preferences: input.preferences as FormPreferences } : {}),
            ...(input.locale ? { locale: input.locale } : {}),
          },
          { aliasTable },
        );
        const changed = result.changes.length > 0;
        if (changed) demo.changed();
        return { result, entry: changed ? { kind: "planning", payload: { steps: result.journal } } : null };
      })
      .catch((e: unknown) => engineError(e));
    return pick(r, [
      "formName",
      "submitted",
      "cells",
      "rules",
      "pov",
      "grid",
      "codes",
      "cellKinds",
    ]) as Schemas["SubmitFormResponse"];
  }

  /**
   * Where a session's task statuses are kept: under the application's name, or, for a session kept apart (the
   * demo's own views), under its view's name, so that one visitor of the public demo never sees another's
   * ticks, and they go with the view.
   */
  private taskScope(session: ProviderSession, demo: PlanningDemoApplication): string {
    return this.views?.isolated(session) ? this.views.planning.name(session.id) : demo.name;
  }

  async listTaskLists(session: ProviderSession, ref: ApplicationRef) {
    const demo = this.demo(session, ref);
    const statuses = await this.store.taskStatuses(session.ownerId, this.taskScope(session, demo));
    return this.read(session, ref, (app) => app.listTaskLists(statuses)) as Schemas["TaskListList"];
  }

  async setTaskStatus(
    session: ProviderSession,
    ref: ApplicationRef,
    input: { taskListID: string; taskID: string; complete: boolean },
  ) {
    const demo = this.demo(session, ref);
    const scope = this.taskScope(session, demo);
    const statuses = await this.store.taskStatuses(session.ownerId, scope);
    const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
    const current = statuses.find(
      (s) => same(s.taskListID, input.taskListID) && same(s.taskID, input.taskID),
    );
    const status = this.read(session, ref, (app) => app.setTaskStatus(input, current));
    await this.store.saveTaskStatus(session.ownerId, scope, status);
    return { ...status };
  }

  async listOnSaveRules(
    session: ProviderSession,
    ref: ApplicationRef,
    input: { folder: string; formName: string; locale?: ErrorLocale },
  ) {
    return this.read(session, ref, (app) => app.listOnSaveRules(input.folder, input.formName, input.locale));
  }

  async listAliasTables(session: ProviderSession, ref: ApplicationRef) {
    const demo = this.demo(session, ref);
    const aliasTable = await this.aliasTable(session, demo);
    return this.read(session, ref, (app) => app.listAliasTables({ aliasTable }));
  }

  async setAlias(session: ProviderSession, ref: ApplicationRef, aliasId: string) {
    const demo = this.demo(session, ref);
    const table = this.read(session, ref, (app) => app.setAlias(aliasId));
    await this.store.savePreference(session.ownerId, demo.name, PREFERENCE_ALIAS, table.aliasId);
    return { ...table };
  }

  async rulePrompts(session: ProviderSession, ref: ApplicationRef, rule: RuleRef & { locale?: ErrorLocale }) {
    return this.read(session, ref, (app) => ({
      ...app.enumPrompts(rule.cube, rule.ruleName, rule.ruleType, rule.locale),
    }));
  }

  async listRules(session: ProviderSession, ref: ApplicationRef) {
    return this.read(session, ref, (app) => ({
      rules: app.listRules().map((r) => ({ cube: r.cube, ruleName: r.ruleName, ruleType: r.ruleType })),
    }));
  }

  async planTypeVariables(session: ProviderSession, ref: ApplicationRef, cube: string) {
    return this.read(session, ref, (app) => {
      const outline = app.outline(cube);
      return outline.substitutionVariableNames.map((name) => ({
        name,
        value: outline.substitutionVariables.get(name.toLowerCase()) ?? "",
      }));
    });
  }

  async launchRule(
    session: ProviderSession,
    ref: ApplicationRef,
    input: RuleRef & { prompts: Schemas["PromptValue"][]; locale?: ErrorLocale },
  ): Promise<Schemas["RuleRun"]> {
    // Admitted or refused before any work (no await before it); a step of a wire job (its call marked with the
    // job, `CallContext.ofJob`) runs in that job's turn.
    const run = () => this.runRule(session, ref, input);
    return this.jobs ? this.jobs.run(this.jobOwner(session), run, session.call) : run();
  }

  private async runRule(
    session: ProviderSession,
    ref: ApplicationRef,
    input: RuleRef & { prompts: Schemas["PromptValue"][]; locale?: ErrorLocale },
  ): Promise<Schemas["RuleRun"]> {
    const demo = await this.data(session, this.demo(session, ref), true);
    const rule = {
      cube: input.cube,
      ruleName: input.ruleName,
      ...(input.ruleType !== undefined ? { ruleType: input.ruleType } : {}),
      prompts: input.prompts,
      // The rule's message in the caller's language.
      ...(input.locale ? { locale: input.locale } : {}),
    };
    const workers = this.workers?.acceptsPlanning(demo) ? this.workers : null;
    // With grid workers, the rule runs in one, on a copy of the state; the state it ends with is put in place
    // here, under the lock, if nothing changed meanwhile (else it runs again). The journal keeps the rule.
    for (let attempt = 1; ; attempt++) {
      const plan = workers && attempt <= RULE_WORKER_ATTEMPTS ? await workers.launchRule(demo, rule) : null;
      type Run = Pick<LaunchRuleResult, "ruleName" | "status" | "durationMs" | "message">;
      const r = await demo
        .mutate(session.ownerId, (): { result: Run | null; entry: JournalEntry | null } => {
          if (plan && plan.stamp !== demo.stamp) return { result: null, entry: null };
          if (plan) {
            const changed = plan.result.changed > 0;
            // A rule that changed nothing sends no state back.
            if (plan.state) demo.adopt(plan.state);
            return {
              result: plan.result,
              entry: changed ? { kind: "planning", payload: { steps: plan.result.journal } } : null,
            };
          }
          const result = demo.app.launchRule(rule);
          const changed = result.changes.length > 0;
          if (changed) demo.changed();
          return { result, entry: changed ? { kind: "planning", payload: { steps: result.journal } } : null };
        })
        .catch((e: unknown) => engineError(e));
      if (r) return pick(r, ["ruleName", "status", "durationMs", "message"]) as Schemas["RuleRun"];
    }
  }

  async memberFilters(
    session: ProviderSession,
    ref: ApplicationRef,
    input: { dim: string; aliasTable?: string; cube?: string },
  ) {
    const demo = this.demo(session, ref);
    const aliasTable = input.aliasTable ?? (await this.aliasTable(session, demo));
    return this.read(session, ref, (app) =>
      app.enumFilters(input.dim, aliasTable, input.cube),
    ) as Schemas["MemberFilterList"];
  }

  async members(
    session: ProviderSession,
    ref: ApplicationRef,
    input: Parameters<PlanningOperations["members"]>[2],
  ) {
    const demo = this.demo(session, ref);
    const aliastable = input.aliasTable ?? (await this.aliasTable(session, demo));
    return this.read(session, ref, (app) =>
      app.enumMembers({
        ...(input.cube !== undefined ? { cube: input.cube } : {}),
        dim: input.dim,
        filter: input.filter,
        arg: input.arg,
        aliastable,
      }),
    ) as Schemas["MemberList"];
  }

  async memberProperties(session: ProviderSession, ref: ApplicationRef, input: { dim: string }) {
    return this.read(session, ref, (app) => {
      for (const cube of app.cubes) {
        const dim = app.outline(cube).dimension(input.dim);
        if (!dim || dim.type === "attribute") continue;
        const out: Record<string, MemberProperties> = {};
        for (const m of [dim.root, ...dim.root.descendants()]) {
          if (!m.isShared || !(m.name in out)) out[m.name] = { storage: m.storage, twoPass: m.twoPass };
        }
        return out;
      }
      throw new ProviderError(
        "DIMENSION_UNKNOWN",
        `Unknown dimension ${input.dim}.`,
        // Looked for in every plan type of the application.
        { dimension: input.dim, cube: app.cubes.join(", ") },
        "dim",
      );
    });
  }

  /**
   * The shared application's engine object, whose plan types' outlines never change: every user who may open
   * the application sees all of their members (access is per application), and a session's own view reads
   * members from the shared application. A rebuilt application is another object.
   */
  outlineIdentity(session: ProviderSession, ref: ApplicationRef): object {
    return this.demo(session, ref).app;
  }

  async planTypeDimensions(session: ProviderSession, ref: ApplicationRef, cube: string) {
    return this.read(session, ref, (app) => app.outline(cube).baseDimensions.map((d) => d.name));
  }

  async exportDataSlice(
    session: ProviderSession,
    ref: ApplicationRef,
    input: DataSliceInput,
  ): Promise<DataSlice> {
    const demo = await this.data(session, this.demo(session, ref), false);
    await demo.upToDate();
    return this.call(demo, (app) =>
      app.exportDataSlice({
        cube: input.cube,
        pov: input.pov,
        columns: input.columns,
        rows: input.rows,
        suppressMissingBlocks: input.suppressMissingBlocks,
        suppressMissingRows: input.suppressMissingRows,
        suppressMissingColumns: input.suppressMissingColumns,
        ...(input.maxCells !== undefined ? { maxCells: input.maxCells } : {}),
      }),
    );
  }

  async importDataSlice(session: ProviderSession, ref: ApplicationRef, input: DataSliceImportInput) {
    const demo = await this.data(session, this.demo(session, ref), true);
    const r = await demo
      .mutate(session.ownerId, () => {
        const result = demo.app.importDataSlice(input);
        const changed = result.changes.length > 0;
        if (changed) demo.changed();
        return { result, entry: changed ? { kind: "planning", payload: { steps: result.journal } } : null };
      })
      .catch((e: unknown) => engineError(e));
    return pick(r, [
      "numAcceptedCells",
      "numUpdateCells",
      "numRejectedCells",
      "rejectedCells",
    ]) as DataSliceImportAnswer;
  }

  async promptMembers(
    session: ProviderSession,
    ref: ApplicationRef,
    input: { cube: string; ruleName: string; promptName: string; aliasTable?: string },
  ) {
    const demo = this.demo(session, ref);
    const aliastable = input.aliasTable ?? (await this.aliasTable(session, demo));
    return this.read(session, ref, (app) =>
      app.enumPromptMembers({
        cube: input.cube,
        ruleName: input.ruleName,
        promptName: input.promptName,
        aliastable,
      }),
    );
  }
}
