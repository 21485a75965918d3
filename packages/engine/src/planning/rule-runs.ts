import type { CalcFailure } from "../calc/errors.ts";
import { CalcError, CalcReturn } from "../calc/eval.ts";
import { CalcSyntaxError } from "../calc/parser.ts";
import { runCalcScript } from "../calc/script.ts";
import type { Cube } from "../cube/cube.ts";
import type {
  LaunchRuleRequest,
  LaunchRuleResult,
  PlanningLocale,
  RulePromptsResult,
  RuleRunResult,
} from "./calls.ts";
import { ChangeSet, type PlanningJournalStep } from "./changes.ts";
import type { RuleDefinition } from "./definitions.ts";
import { type LocalText, PlanningError } from "./errors.ts";
import { type MemberInfo, memberInfo } from "./members.ts";
import type { PlanTypeStore, PlanTypes } from "./plan-types.ts";
import {
  describeRule,
  promptChoices,
  promptValues,
  RuleFailure,
  resolvePrompts,
  ruleContext,
  ruleCube,
  ruleMessage,
  ruleReturnText,
  substitutePrompts,
} from "./rules.ts";

/** A rule's prompt values, validated. */
export type ResolvedPrompts = ReturnType<typeof resolvePrompts>;

/** The same words in every language (an error's own text, a rule author's words given in one language). */
const same = (text: string): LocalText => ({ en: text, fr: text });

/**
 * Business rules of an application as the calls use them: looked up by plan type and name, described with
 * their prompts and the members a prompt accepts, and run — alone (launch, journal replay: all or nothing) or
 * inside an operation that already holds a {@link ChangeSet} (the on-save rules of a submit).
 */
export class RuleRuns {
  constructor(
    private readonly planTypes: PlanTypes,
    private readonly rules: readonly RuleDefinition[],
  ) {}

  /** A rule of a plan type by name (any case); `PLANNING_RULE_UNKNOWN` on input `field` otherwise. */
  find(cube: string, ruleName: string, field = "ruleName"): RuleDefinition {
    const store = this.planTypes.get(cube);
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
        { params: { rule: String(ruleName), cube: store.name } },
      );
    }
    return r;
  }

  /**
   * A rule as {@link find} gives it, with the `ruleType` the caller sent (when sent) checked against the rule's
   * own kind: a request naming another kind is not about this rule (`PLANNING_REQUEST_INVALID` on `ruleType`).
   */
  findOfType(cube: string, ruleName: string, ruleType: string | undefined): RuleDefinition {
    const rule = this.find(cube, ruleName);
    if (ruleType !== undefined && String(ruleType).toLowerCase() !== rule.ruleType.toLowerCase()) {
      throw new PlanningError(
        "PLANNING_REQUEST_INVALID",
        `Rule ${rule.name} of plan type ${rule.cube} is a ${rule.ruleType} rule, not "${ruleType}".`,
        "ruleType",
        {
          params: {
            field: "ruleType",
            sentence: ruleTypeReason(rule.name, rule.cube, rule.ruleType, String(ruleType)),
          },
        },
      );
    }
    return rule;
  }

  /** The business rules of a plan type (or of every plan type), their prompts described in `locale`. */
  list(cube?: string, locale: PlanningLocale = "en"): RulePromptsResult[] {
    return this.rules
      .filter((r) => cube === undefined || r.cube.toLowerCase() === cube.toLowerCase())
      .map((r) => describeRule(r, locale));
  }

  /** The members (or dimensions) a runtime prompt accepts, outline order. */
  promptMembers(req: { cube: string; ruleName: string; promptName: string; aliastable?: string | null }): {
    ruleName: string;
    promptName: string;
    dimension: string;
    members: MemberInfo[];
  } {
    const rule = this.find(req.cube, req.ruleName);
    const p = rule.prompts.find((x) => x.name.toLowerCase() === String(req.promptName).toLowerCase());
    if (!p) {
      throw new PlanningError(
        "PLANNING_PROMPT_UNKNOWN",
        `Rule ${rule.name} has no runtime prompt "${req.promptName}".`,
        "promptName",
        { params: { rule: rule.name, prompt: String(req.promptName) } },
      );
    }
    if (p.type !== "member" && p.type !== "members" && p.type !== "dimension") {
      throw new PlanningError(
        "PLANNING_REQUEST_INVALID",
        `Runtime prompt ${p.name} of rule ${rule.name} takes a ${p.type === "numeric" ? "number" : "text"}, not members.`,
        "promptName",
        {
          params: {
            field: "promptName",
            reason:
              p.type === "numeric"
                ? {
                    en: `the runtime prompt ${p.name} of rule ${rule.name} takes a number, not members`,
                    fr: `l'invite d'exécution ${p.name} de la règle ${rule.name} attend un nombre, pas des membres`,
                  }
                : {
                    en: `the runtime prompt ${p.name} of rule ${rule.name} takes a text, not members`,
                    fr: `l'invite d'exécution ${p.name} de la règle ${rule.name} attend un texte, pas des membres`,
                  },
          },
        },
      );
    }
    const outline = this.planTypes.get(rule.cube).outline;
    const table = this.planTypes.checkAliasTable(req.aliastable);
    return {
      ruleName: rule.name,
      promptName: p.name,
      dimension: p.type === "dimension" ? "" : (p.dimension ?? ""),
      members: promptChoices(outline, p).map((m) => memberInfo(m, table)),
    };
  }

  /** Validates the prompts, runs the rule and answers what it did. All or nothing. */
  launch(req: LaunchRuleRequest): LaunchRuleResult {
    const rule = this.findOfType(req.cube, req.ruleName, req.ruleType);
    const prompts = resolvePrompts(this.planTypes.get(rule.cube).outline, rule, req.prompts ?? []);
    const changes = new ChangeSet();
    try {
      const result = this.run(rule, prompts, changes, req.locale);
      return { ...result, changes: changes.writes(), journal: changes.journal() };
    } catch (e) {
      changes.rollback();
      throw e;
    }
  }

  /** Runs a journaled rule step again with the same prompts. All or nothing. */
  replay(step: Extract<PlanningJournalStep, { step: "rule" }>): void {
    const rule = this.find(step.cube, step.ruleName);
    const prompts = resolvePrompts(this.planTypes.get(rule.cube).outline, rule, step.prompts);
    const changes = new ChangeSet();
    try {
      this.run(rule, prompts, changes);
    } catch (e) {
      changes.rollback();
      throw e;
    }
  }

  /**
   * Runs one rule inside an operation: the prompt check, then the calc script (prompt values substituted) on
   * the plan type's cube, other plan types reachable by @XWRITE as `_Name_`, then the rule's text step. Any
   * failure answers `PLANNING_RULE_FAILED` (its reason in each language); the caller rolls the whole operation
   * back. The rule's message is in `locale`.
   */
  run(
    rule: RuleDefinition,
    prompts: ResolvedPrompts,
    changes: ChangeSet,
    locale: PlanningLocale = "en",
  ): RuleRunResult {
    const started = Date.now();
    const store = this.planTypes.get(rule.cube);
    const ctx = ruleContext(rule, prompts, ruleCube(store, changes), (name) =>
      ruleCube(this.planTypes.get(name), changes),
    );
    const step = {
      step: "rule" as const,
      cube: store.name,
      ruleName: rule.name,
      prompts: promptValues(prompts),
    };
    try {
      return changes.asRule(step, () => this.runScript(rule, prompts, changes, ctx, store, started, locale));
    } catch (e) {
      if (e instanceof PlanningError) throw e;
      // The rule's own words (its @RETURN text, its check's refusal) in each language its author gave them, as
      // written otherwise; what the engine adds is said in both languages, the calc script's reason too (`calc`:
      // grid-bridge has its French).
      const returned = e instanceof CalcReturn ? ruleReturnText(rule, prompts, e.text) : null;
      const why: LocalText =
        returned !== null
          ? { en: returned.en.replace(/\.?$/, "."), fr: returned.fr.replace(/\.?$/, ".") }
          : e instanceof RuleFailure
            ? e.text
            : e instanceof CalcError
              ? {
                  en: `its calc script stopped: ${e.message}.`,
                  fr: `son script de calcul s'est arrêté\u00a0: ${e.message}.`,
                }
              : e instanceof CalcSyntaxError
                ? same(`${e.message}.`)
                : same(e instanceof Error ? e.message : String(e));
      const reason = {
        en: `${why.en} No data was changed.`,
        fr: `${why.fr} Aucune donnée n'a été modifiée.`,
      };
      const calc: CalcFailure | undefined =
        e instanceof CalcSyntaxError || (e instanceof CalcError && !(e instanceof CalcReturn))
          ? e.failure
          : undefined;
      throw new PlanningError(
        "PLANNING_RULE_FAILED",
        `Business rule ${rule.name} failed: ${reason.en}`,
        "ruleName",
        { params: { rule: rule.name, reason }, ...(calc ? { calc } : {}) },
      );
    }
  }

  private runScript(
    rule: RuleDefinition,
    prompts: ResolvedPrompts,
    changes: ChangeSet,
    ctx: ReturnType<typeof ruleContext>,
    store: PlanTypeStore,
    started: number,
    locale: PlanningLocale,
  ): RuleRunResult {
    const refused = rule.check?.(ctx);
    if (refused) throw new RuleFailure(refused);
    const script = substitutePrompts(rule, prompts);
    const locations: Record<string, Cube> = {};
    const all = this.planTypes.all();
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
    const message = ruleMessage(rule, prompts, { cells: Math.max(0, changedAfter - changedBefore), texts })[
      locale
    ];
    const returned = run.returned ? ruleReturnText(rule, prompts, run.returned.message)[locale] : null;
    return {
      ruleName: rule.name,
      status: "completed",
      durationMs: Date.now() - started,
      message: returned !== null ? `${message} ${returned}` : message || null,
    };
  }
}

/** Why a `ruleType` is refused: the rule it names is of another kind, as `nav/enumprompt` reports it. */
export function ruleTypeReason(rule: string, cube: string, kind: string, sent: string): LocalText {
  return {
    en: `The rule "${rule}" of plan type ${cube} is a ${kind} rule, not "${sent}"`,
    fr: `La règle «\u00a0${rule}\u00a0» du type de plan ${cube} est de type ${kind}, et non «\u00a0${sent}\u00a0»`,
  };
}
