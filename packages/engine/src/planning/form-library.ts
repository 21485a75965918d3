import type { FormSummary } from "./calls.ts";
import type { CompositeFormDefinition, FormDefinition, RegularFormDefinition } from "./definitions.ts";
import { PlanningError } from "./errors.ts";

/** A subform reference of a composite form. */
export type SubformRef = CompositeFormDefinition["subforms"][number];

const ROOT = "/Forms";

/** A folder path as a lookup key: rooted, no trailing slash, lower case (`/Forms` when empty). */
export function normFolder(folder: string | undefined): string {
  const f = (folder ?? ROOT).trim().replace(/\/+$/, "");
  return (f === "" ? ROOT : f.startsWith("/") ? f : `/${f}`).toLowerCase();
}

/** Whether a subform a caller names (folder optional) is the subform reference `ref`. */
export function sameForm(
  ref: { folder: string; formname: string },
  s: { folder?: string; formName: string },
): boolean {
  return (
    ref.formname.toLowerCase() === String(s.formName).toLowerCase() &&
    (s.folder === undefined || normFolder(s.folder) === normFolder(ref.folder))
  );
}

/**
 * The POV of a subform inside its composite: the composite's fixed members for it, overridden by the
 * requested members of the dimensions the subform lets the user choose.
 */
export function subformPov(
  sub: RegularFormDefinition,
  ref: SubformRef,
  requested: Record<string, string> | undefined,
): Record<string, string> {
  const pov: Record<string, string> = { ...ref.pov };
  for (const [k, v] of Object.entries(requested ?? {})) {
    const choosable = Object.keys(sub.povChoices ?? {}).some((d) => d.toLowerCase() === k.toLowerCase());
    if (choosable) pov[k] = v;
  }
  return pov;
}

/**
 * The form folders and form definitions of an application: every folder that holds a form or is declared
 * (with its ancestors, under `/Forms`), listings, and lookups by folder and name (any case).
 */
export class FormLibrary {
  private readonly folders = new Map<string, string>();

  constructor(
    private readonly forms: readonly FormDefinition[],
    declared: readonly string[] = [],
  ) {
    const addFolder = (path: string): void => {
      let p = path.replace(/\/+$/, "");
      while (p.length > 0) {
        this.folders.set(p.toLowerCase(), p);
        p = p.slice(0, p.lastIndexOf("/"));
      }
    };
    addFolder(ROOT);
    for (const f of declared) addFolder(f);
    for (const f of forms) addFolder(f.folder);
  }

  /** Sub-folders and forms of a folder, alphabetical. */
  list(folder: string): { folder: string; folders: string[]; forms: FormSummary[] } {
    const key = normFolder(folder);
    const path = this.folders.get(key);
    if (!path)
      throw new PlanningError("PLANNING_FOLDER_UNKNOWN", `Unknown form folder "${folder}".`, "folder", {
        params: { folder: String(folder) },
      });
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

  /** A form by folder and name; without folder, the form of that name in any folder. */
  find(folder: string | undefined, formName: string): FormDefinition {
    const name = String(formName).toLowerCase();
    if (folder !== undefined && folder !== "") {
      const key = normFolder(folder);
      if (!this.folders.has(key)) {
        throw new PlanningError("PLANNING_FOLDER_UNKNOWN", `Unknown form folder "${folder}".`, "folder", {
          params: { folder: String(folder) },
        });
      }
      const f = this.forms.find((x) => normFolder(x.folder) === key && x.name.toLowerCase() === name);
      if (f) return f;
      throw new PlanningError(
        "PLANNING_FORM_UNKNOWN",
        `The form "${formName}" does not exist in folder "${this.folders.get(key)}".`,
        "formName",
        { params: { form: String(formName), folder: this.folders.get(key) ?? String(folder) } },
      );
    }
    const f = this.forms.find((x) => x.name.toLowerCase() === name);
    if (!f)
      throw new PlanningError("PLANNING_FORM_UNKNOWN", `The form "${formName}" does not exist.`, "formName", {
        params: { form: String(formName) },
      });
    return f;
  }

  /** The regular form a composite's subform reference names. */
  regular(ref: { folder: string; formname: string }): RegularFormDefinition {
    const f = this.find(ref.folder, ref.formname);
    if (f.type !== "regular") throw new Error(`Subform ${ref.formname} must be a regular form`);
    return f;
  }

  /** The regular forms a form stands for: itself, or a composite's subforms. */
  regularForms(def: FormDefinition): RegularFormDefinition[] {
    return def.type === "regular" ? [def] : def.subforms.map((s) => this.regular(s));
  }
}
