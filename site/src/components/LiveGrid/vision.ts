import { createVisionPlanning } from "@qibates/engine/demo/planning";
import { type CellKind, isMissingText } from "@qibates/engine/grid";
import type { OpenFormResult, PlanningError } from "@qibates/engine/planning";
// The product's message for a planning refusal (the API's, in either language): the grid-bridge module alone.
import { planningErrorMessage } from "@qibates/grid-bridge/planning-errors";
import { type Backend, LiveError, type Sheet } from "./backend";

type PlanningApplication = ReturnType<typeof createVisionPlanning>;

import type { LivePreset } from "./presets";

const FOLDER = "/Forms/Revenue";
const FORM = "Revenue Plan";

/**
 * The form as a sheet: a row with the form's POV first, so that the live example shows it without the add-in's POV
 * bar (the add-in itself writes the form's grid alone), then the form's grid.
 */
function toSheet(form: Pick<OpenFormResult, "pov" | "grid" | "cellStates">): Sheet {
  const pov = Object.values(form.pov);
  const width = Math.max(pov.length + 1, ...form.grid.map((r) => r.length));
  const fill = <T>(row: T[], v: T): T[] => [...row, ...Array<T>(Math.max(0, width - row.length)).fill(v)];
  const grid = [fill(["", ...pov], ""), ...form.grid.map((r) => fill([...r], ""))];
  const kinds: CellKind[][] = [fill<CellKind>(["corner", ...pov.map((): CellKind => "pov")], "blank")];
  const writable: boolean[][] = [fill<boolean>([], false)];
  const locked: boolean[][] = [fill<boolean>([], false)];
  form.cellStates.forEach((row, i) => {
    const k: CellKind[] = [];
    const w: boolean[] = [];
    const l: boolean[] = [];
    row.forEach((state, j) => {
      const text = form.grid[i]?.[j] ?? "";
      if (state === "member") k.push(i === 0 ? "column-header" : "row-header");
      else if (state === "blank") k.push(i === 0 && j === 0 ? "corner" : "blank");
      else k.push(text === "" || isMissingText(text, "#Missing") ? "missing" : "data");
      w.push(state === "data" || state === "missing" || state === "text" || state === "smart-list");
      l.push(state === "locked");
    });
    kinds.push(fill(k, "blank"));
    writable.push(fill(w, false));
    locked.push(fill(l, false));
  });
  return { grid, kinds, writable, locked };
}

/**
 * The Vision planning demo (plan type Plan1), form Revenue Plan of /Forms/Revenue; its on-save rules' messages and
 * its refusals are said in `locale`, as the API says them.
 */
export function visionBackend(locale: "en" | "fr" = "en"): Backend {
  let app: PlanningApplication | null = null;
  let form: OpenFormResult | null = null;
  const open = (): OpenFormResult => {
    if (!app) app = createVisionPlanning();
    form = app.openForm({ folder: FOLDER, formName: FORM, ...(form ? { pov: form.pov } : {}) });
    return form;
  };
  return {
    start(_preset: LivePreset): Sheet {
      app = createVisionPlanning();
      form = null;
      return toSheet(open());
    },
    run(_preset, { action, grid }) {
      try {
        if (action !== "submit" || !app || !form) return { sheet: toSheet(open()), changed: false };
        const rules = app.listOnSaveRules(FOLDER, FORM).rules;
        const res = app.submitForm({
          folder: FOLDER,
          formName: FORM,
          pov: form.pov,
          grid: grid.slice(1),
          codes: form.codes,
          locale,
          // Runtime prompts answered with their defaults (SeedForecast: the form's entity).
          prompts: rules.map((r) => ({
            ruleinfo: { ruleName: r.ruleName, cube: r.cube, ruleType: r.ruleType },
            prompts: r.prompts.map((p) => ({
              name: p.name,
              value: form?.pov[p.dimension ?? ""] ?? p.defaultValue ?? "",
            })),
          })),
        });
        form = {
          ...form,
          grid: res.grid,
          codes: res.codes,
          cellKinds: res.cellKinds,
          cellStates: res.cellStates,
        };
        return {
          sheet: toSheet(res),
          changed: true,
          statuses: res.cells.map((c) => ({
            row: c.row + 1,
            column: c.column,
            status: c.status,
            value: c.value,
          })),
          // "SeedForecast: Seeded the FY15 forecast…" (French: a no-break space before the colon).
          notes: res.rules.map(
            (r) => `${r.ruleName}${locale === "fr" ? "\u00a0" : ""}: ${r.message ?? r.status}`,
          ),
        };
      } catch (e) {
        // Planning's refusal (PlanningError) as the API says it, in the page's language; importing the class would
        // keep the whole planning layer in the Sample.Basic chunk too (webpack marks used exports per module, not
        // per chunk): its name tells it.
        if (e instanceof Error && e.name === "PlanningError")
          throw new LiveError(planningErrorMessage(e as PlanningError, locale));
        if (e instanceof Error) throw new LiveError(e.message);
        throw e;
      }
    },
  };
}
