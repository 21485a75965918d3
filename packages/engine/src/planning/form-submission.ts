import type {
  OnSaveRulesResult,
  PlanningLocale,
  PlanningSession,
  RuleRunResult,
  SubmitFormRequest,
  SubmitFormResult,
  SubmittedCellStatus,
} from "./calls.ts";
import { ChangeSet } from "./changes.ts";
import type { RegularFormDefinition, RuleDefinition } from "./definitions.ts";
import { PlanningError } from "./errors.ts";
import { type FormLibrary, subformPov } from "./form-library.ts";
import type { FormViews } from "./form-views.ts";
import { formatNumber, type LaidOutForm, layOutForm } from "./forms.ts";
import type { PlanTypeStore, PlanTypes } from "./plan-types.ts";
import type { ResolvedPrompts, RuleRuns } from "./rule-runs.ts";
import { describeRule, resolvePrompts } from "./rules.ts";
import { planSubmit } from "./submit.ts";

/**
 * Submitting a form: the subform of a composite, the grid planned cell by cell (`submit.ts`), the form's
 * on-save rules and their prompts checked, then the entries written and the rules run in one
 * {@link ChangeSet} (all or nothing), and the form answered as it now reads.
 */
export class FormSubmission {
  constructor(
    private readonly planTypes: PlanTypes,
    private readonly library: FormLibrary,
    private readonly views: FormViews,
    private readonly rules: RuleRuns,
  ) {}

  /** The rules a form runs on save, with their prompts. */
  onSaveRules(
    folder: string | undefined,
    formName: string,
    locale: PlanningLocale = "en",
  ): OnSaveRulesResult {
    const def = this.library.find(folder, formName);
    const forms = this.library.regularForms(def);
    const found = forms.flatMap((f) => (f.onSaveRules ?? []).map((n) => this.rules.find(f.cube, n)));
    const rules = [...new Set(found)].map((r) => describeRule(r, locale));
    return { formName: def.name, folder: def.folder, rules };
  }

  /**
   * Submits a form grid: writes the changed cells it lists (`cells`), or without a list every non-empty writable
   * data cell of the grid, then runs the form's on-save rules. All or nothing.
   */
  submit(req: SubmitFormRequest, session: PlanningSession): SubmitFormResult {
    let def = this.library.find(req.folder, req.formName);
    let pov = req.pov;
    if (def.type === "composite") {
      const composite = def;
      const ref = composite.subforms.find(
        (s) => s.formname.toLowerCase() === String(req.subform ?? "").toLowerCase(),
      );
      if (!ref) {
        const names = composite.subforms.map((s) => s.formname).join(", ");
        throw new PlanningError(
          "PLANNING_REQUEST_INVALID",
          `Form "${composite.name}" is composite: submit one of its subforms (${names}) by its own folder and formName.`,
          "formName",
          {
            params: {
              field: "formName",
              reason: {
                en: `the form "${composite.name}" is composite: submit one of its subforms (${names}) by its own folder and formName`,
                fr: `le formulaire «\u00a0${composite.name}\u00a0» est composite\u00a0: soumettez l'un de ses sous-formulaires (${names}) par son propre dossier (folder) et son nom (formName)`,
              },
            },
          },
        );
      }
      def = this.library.regular(ref);
      pov = subformPov(def, ref, req.pov);
    }
    const form = def;
    const store = this.planTypes.get(form.cube);
    const laid = layOutForm(store, form, pov);
    const prefs = req.preferences ?? {};
    const missingLabel = prefs.missingLabel ?? "#Missing";
    const planned = planSubmit(store, laid, req, missingLabel);

    // On-save rules and their prompts are validated before anything is written.
    const resolved = this.onSavePrompts(form, store, laid, req);

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
          // A text cleared is stored as no text: shown with the missing label, as the refreshed form shows it and
          // as a Planning server stores it (`#missing` clears the cell).
          cells.push({
            row: p.row,
            column: p.column,
            status: p.truncated ? "truncated" : "written",
            value: p.text === "" ? missingLabel : p.text,
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
      for (const { rule, prompts } of resolved)
        ruleResults.push(this.rules.run(rule, prompts, changes, req.locale));
    } catch (e) {
      changes.rollback();
      throw e;
    }
    const refreshed = this.views.view(form, laid.pov, prefs, session);
    return {
      ...refreshed,
      submitted: cells.filter((c) => c.status === "written" || c.status === "truncated").length,
      cells,
      rules: ruleResults,
      changes: changes.writes(),
      journal: changes.journal(),
    };
  }

  /**
   * The form's on-save rules with their prompt values: those sent for the rule, else "Use Members on Form"
   * (the form's POV member of the prompt's dimension), else the defaults. A prompt for a rule the form does
   * not run on save is `PLANNING_RULE_UNKNOWN`; a prompt the rule does not have is `PLANNING_PROMPT_INVALID`.
   */
  private onSavePrompts(
    form: RegularFormDefinition,
    store: PlanTypeStore,
    laid: LaidOutForm,
    req: SubmitFormRequest,
  ): { rule: RuleDefinition; prompts: ResolvedPrompts }[] {
    const onSave = (form.onSaveRules ?? []).map((n) => this.rules.find(form.cube, n));
    (req.prompts ?? []).forEach((p, i) => {
      const name = String(p?.ruleinfo?.ruleName ?? "");
      if (!onSave.some((r) => r.name.toLowerCase() === name.toLowerCase())) {
        // The rule may well exist: this form does not run it on save, so its prompts have no place here.
        const field = `prompts[${i}].ruleinfo.ruleName`;
        const runs = onSave.map((r) => r.name).join(", ");
        throw new PlanningError(
          "PLANNING_REQUEST_INVALID",
          `Rule "${name}" is not run on save by form "${form.name}".`,
          field,
          {
            params: {
              field,
              sentence: {
                en: `The form "${form.name}" does not run the rule "${name}" on save (${runs === "" ? "it runs none" : `it runs ${runs}`})`,
                fr: `Le formulaire «\u00a0${form.name}\u00a0» n'exécute pas la règle «\u00a0${name}\u00a0» à l'enregistrement (${runs === "" ? "il n'en exécute aucune" : `il exécute ${runs}`})`,
              },
            },
          },
        );
      }
      // The form's on-save rules run on its plan type: a prompt naming another one is not for them.
      const cube = p?.ruleinfo?.cube === undefined ? form.cube : String(p.ruleinfo.cube);
      if (cube.toLowerCase() !== form.cube.toLowerCase()) {
        const field = `prompts[${i}].ruleinfo.cube`;
        throw new PlanningError(
          "PLANNING_REQUEST_INVALID",
          `Rule "${name}" runs on save on plan type ${form.cube} of form "${form.name}", not "${cube}".`,
          field,
          { params: { field, sentence: onSaveCubeReason(form.name, name, form.cube, cube) } },
        );
      }
    });
    return onSave.map((rule) => {
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
          throw new PlanningError("PLANNING_PROMPT_INVALID", e.message, e.field, e.details);
        }
        throw e;
      }
    });
  }
}

/** Why a prompt's `ruleinfo.cube` is refused: the form's on-save rules run on the form's own plan type. */
function onSaveCubeReason(form: string, rule: string, formCube: string, cube: string) {
  return {
    en: `The rule "${rule}" runs on save on the plan type of the form "${form}", ${formCube}, not "${cube}"`,
    fr: `La règle «\u00a0${rule}\u00a0» s'exécute à l'enregistrement sur le type de plan du formulaire «\u00a0${form}\u00a0», ${formCube}, et non «\u00a0${cube}\u00a0»`,
  };
}
