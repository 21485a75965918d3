import type { FormView, OpenFormRequest, OpenFormResult, PlanningSession } from "./calls.ts";
import type { RegularFormDefinition } from "./definitions.ts";
import { PlanningError } from "./errors.ts";
import { type FormLibrary, sameForm, subformPov } from "./form-library.ts";
import { type FormPreferences, layOutForm, renderForm } from "./forms.ts";
import { type PlanTypes, sessionAliasTable } from "./plan-types.ts";

/**
 * Opening forms: a regular form laid out for a POV and rendered with the plan type's data in the session's
 * alias table; a composite form as its subforms, each with its own POV, and the POV members and choices of
 * the subforms gathered (first subform first).
 */
export class FormViews {
  constructor(
    private readonly planTypes: PlanTypes,
    private readonly library: FormLibrary,
  ) {}

  /** A regular form for a POV (the form's defaults overridden by `pov`). */
  view(
    def: RegularFormDefinition,
    pov: Record<string, string> | undefined,
    prefs: FormPreferences,
    session: PlanningSession,
  ): FormView {
    const store = this.planTypes.get(def.cube);
    const laid = layOutForm(store, def, pov);
    const r = renderForm(store, def, laid, prefs, sessionAliasTable(session));
    return { formName: def.name, folder: def.folder, type: "regular", cube: store.name, ...r };
  }

  /** Opens a regular or composite form for a POV (the form's defaults overridden by `pov`). */
  open(req: OpenFormRequest, session: PlanningSession): OpenFormResult {
    const def = this.library.find(req.folder, req.formName);
    if (req.type && req.type !== def.type) {
      throw new PlanningError(
        "PLANNING_FORM_TYPE_MISMATCH",
        `Form "${def.name}" is a ${def.type} form, not ${req.type}.`,
        "type",
        { params: { form: def.name, actual: def.type, expected: String(req.type) } },
      );
    }
    const prefs = req.preferences ?? {};
    if (def.type === "regular") return { ...this.view(def, req.pov, prefs, session), subforms: [] };
    (req.subforms ?? []).forEach((s, i) => {
      if (!def.subforms.some((ref) => sameForm(ref, s))) {
        // Not "does not exist": the form named may well exist, it is just not part of this composite.
        const field = `subforms[${i}].formName`;
        const names = def.subforms.map((ref) => ref.formname).join(", ");
        throw new PlanningError(
          "PLANNING_REQUEST_INVALID",
          `Form "${s.formName}" is not a subform of "${def.name}".`,
          field,
          {
            params: {
              field,
              sentence: {
                en: `"${s.formName}" is not a subform of the composite form "${def.name}", whose subforms are ${names}`,
                fr: `«\u00a0${s.formName}\u00a0» n'est pas un sous-formulaire du formulaire composite «\u00a0${def.name}\u00a0», dont les sous-formulaires sont ${names}`,
              },
            },
          },
        );
      }
    });
    const subforms = def.subforms.map((ref) => {
      const own = (req.subforms ?? []).find((s) => sameForm(ref, s))?.pov;
      const sub = this.library.regular(ref);
      return this.view(sub, { ...subformPov(sub, ref, req.pov), ...own }, prefs, session);
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
}
