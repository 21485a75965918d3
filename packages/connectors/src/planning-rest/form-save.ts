import type { components } from "@qibates/client/schema";
import { readBusinessRules } from "@qibates/protocols/planning-rest";
import type { ApplicationRef, ProviderSession, SubmitFormInput } from "@qibates/provider";
import { afterCellsWritten, CELLS_WRITTEN_BEFORE_FAILURE, ProviderError } from "@qibates/provider";
import { formHost } from "./form-members.ts";
import { openForm, submitCells } from "./forms.ts";
import type { PlanningRestHost } from "./host.ts";
import type { PlanningRuleJobs } from "./rule-jobs.ts";

type Schemas = components["schemas"];

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * The form opened for the grid's POV, its writable cells written through `importdataslice`, then the rules
 * its definition runs on save launched as `RULES` jobs (prompts as sent; the server's defaults otherwise).
 * Where the definition cannot be read (Service Administrator only), no rule runs and `rules` is empty. Unlike
 * a Smart View form save, the import and the rules are separate calls: a failing rule leaves the cells saved.
 */
export async function submitForm(
  provider: PlanningRestHost,
  ruleJobs: PlanningRuleJobs,
  session: ProviderSession,
  ref: ApplicationRef,
  input: SubmitFormInput,
): Promise<Schemas["SubmitFormResponse"]> {
  const host = await formHost(provider, session, ref);
  const form = await openForm(
    host,
    {
      folder: input.folder,
      formName: input.formName,
      ...(input.type ? { type: input.type } : {}),
      ...(input.pov ? { pov: input.pov } : {}),
      ...(input.preferences ? { preferences: input.preferences } : {}),
    },
    "action/submitform",
  );
  // The definition its opening read: its rules on save (Service Administrator only; none where refused).
  const definition = form.definition;
  const onSave = definition.ok ? readBusinessRules(definition.value) : [];
  (input.prompts ?? []).forEach((p, i) => {
    const name = String(p?.ruleinfo?.ruleName ?? "");
    if (definition.ok && !onSave.some((r) => same(r, name))) {
      // The rule may well exist: this form does not run it on save, so its prompts have no place here.
      const field = `prompts[${i}].ruleinfo.ruleName`;
      const runs = onSave.join(", ");
      throw new ProviderError(
        "INVALID_INPUT",
        `Rule "${name}" is not run on save by form "${input.formName}".`,
        {
          field,
          sentence: {
            en: `The form "${input.formName}" does not run the rule "${name}" on save (${runs === "" ? "it runs none" : `it runs ${runs}`})`,
            fr: `Le formulaire «\u00a0${input.formName}\u00a0» n'exécute pas la règle «\u00a0${name}\u00a0» à l'enregistrement (${runs === "" ? "il n'en exécute aucune" : `il exécute ${runs}`})`,
          },
        },
        field,
      );
    }
    // The form's on-save rules run on its plan type: a prompt naming another one is not for them.
    const cube = p?.ruleinfo?.cube === undefined ? form.cube : String(p.ruleinfo.cube);
    if (!same(cube, form.cube)) {
      const field = `prompts[${i}].ruleinfo.cube`;
      throw new ProviderError(
        "INVALID_INPUT",
        `Rule "${name}" runs on save on plan type ${form.cube} of form "${input.formName}", not "${cube}".`,
        {
          field,
          sentence: {
            en: `The rule "${name}" runs on save on the plan type of the form "${input.formName}", ${form.cube}, not "${cube}"`,
            fr: `La règle «\u00a0${name}\u00a0» s'exécute à l'enregistrement sur le type de plan du formulaire «\u00a0${input.formName}\u00a0», ${form.cube}, et non «\u00a0${cube}\u00a0»`,
          },
        },
        field,
      );
    }
  });
  const cells = await submitCells(host, form, input);
  const written = cells.some((c) => c.status === "written" || c.status === "truncated");
  // The cells are saved: a server lost while the rules run or the form is read again says so.
  const saved = (e: unknown): never => {
    throw written ? afterCellsWritten(e, CELLS_WRITTEN_BEFORE_FAILURE.form) : e;
  };
  const rules = await ruleJobs
    .runOnSave(session, ref, form.cube, onSave, input.prompts ?? [], written)
    .catch(saved);
  const after = await openForm(
    host,
    {
      folder: input.folder,
      formName: input.formName,
      pov: form.response.pov,
      ...(input.preferences ? { preferences: input.preferences } : {}),
    },
    "action/submitform",
    form.definition,
  ).catch(saved);
  const r = after.response;
  return {
    formName: r.formName,
    submitted: cells.filter((c) => c.status === "written" || c.status === "truncated").length,
    cells,
    rules,
    pov: r.pov,
    grid: r.grid,
    codes: r.codes,
    cellKinds: r.cellKinds,
  };
}
