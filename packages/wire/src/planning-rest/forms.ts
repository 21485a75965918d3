import { createHash } from "node:crypto";
import type { components } from "@qibates/client/schema";
import type { DisplayMemberAs, FormDataAnswer, FormDefinition } from "@qibates/protocols/planning-rest";

type FormResponse = components["schemas"]["FormResponse"];

/**
 * Planning REST's form calls answered from a form opened through the provider: Export Form Data
 * (`GET …/forms/{idorname}/data`, reply `gridInfo`, `pov` keyed by dimension, `columns`, `rows[{headers,
 * data}]`, the shape third-party clients reconstructed from real answers) and the form definition
 * (`GET …/formdefinitions/{idorname}`, an inferred skeleton: Oracle documents the call, not the whole body).
 * Sources in `NOTES.md`.
 */

/** A stable "wrapped UUID" for a form (26.11 form ids have that form), from its folder and name. */
export function formId(folder: string, name: string): string {
  const h = createHash("sha256").update(`${folder.toLowerCase()}\n${name.toLowerCase()}`).digest("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

/** How many header rows (column dimensions) and header columns (row dimensions) the form grid has. */
export function gridShape(form: Pick<FormResponse, "cellKinds">): { H: number; L: number } {
  const kinds = form.cellKinds;
  let H = 0;
  while (H < kinds.length && (kinds[H]?.[0] === "corner" || kinds[H]?.[0] === "column-header")) H++;
  const first = kinds[0] ?? [];
  let L = 0;
  while (L < first.length && first[L] === "corner") L++;
  return { H, L };
}

/** A form's data cells, its headers left out, as a data slice counts its own against Planning's threshold. */
export function formDataCells(form: Pick<FormResponse, "cellKinds" | "codes">): number {
  const { H, L } = gridShape(form);
  const width = form.codes[0]?.length ?? 0;
  return Math.max(0, form.codes.length - H) * Math.max(0, width - L);
}

/**
 * A shown cell as Export Form Data's `data` carries it: a number, a text, or `null` when missing. The form is
 * opened with an empty missing label, so an empty `read-only` cell (a total without data) is missing too.
 */
function cellOf(shown: string, kind: string): number | string | null {
  if (kind === "missing" || (kind === "read-only" && shown === "")) return null;
  const t = shown.trim();
  const n = Number(t);
  return t !== "" && Number.isFinite(n) && /^-?[\d.]+(e[+-]?\d+)?$/i.test(t) ? n : shown;
}

/** A member as `displayMemberAs` asks: the name, the label the form shows (alias, else name), or both. */
function display(name: string, label: string, as: DisplayMemberAs, delimiter: string): string {
  if (as === "MEMBER_NAME" || label === name || label === "") return name;
  return as === "ALIAS_THEN_MEMBER_NAME" ? `${label}${delimiter}${name}` : `${name}${delimiter}${label}`;
}

export interface FormDataOptions {
  displayMemberAs: DisplayMemberAs;
  delimiter: string;
  /** `gridInfo`, `pov`, `columns`, `rows`; all when `null`. */
  fields: Set<string> | null;
  /** Dimension of each member name (lower case) the grid shows on an axis. */
  dimensionOf: (member: string) => string | null;
  /** Dimensions that are page dimensions (the user may choose among several members). */
  pageDims: string[];
}

/** Export Form Data's answer for an opened simple form. */
export function formData(form: FormResponse, o: FormDataOptions): FormDataAnswer {
  const { H, L } = gridShape(form);
  const width = form.codes[0]?.length ?? 0;
  const out: FormDataAnswer = {};
  const want = (f: string) => o.fields === null || o.fields.has(f);
  const axisDims = (names: string[]) => names.map((n) => o.dimensionOf(n) ?? "");
  if (want("gridInfo")) {
    const firstRow = form.codes[H] ?? [];
    const firstCol = Array.from({ length: H }, (_, h) => form.codes[h]?.[L] ?? "");
    out.gridInfo = {
      pageDimNames: o.pageDims,
      allowedPageMembersByDim: Object.fromEntries(o.pageDims.map((d) => [d, form.povChoices[d] ?? []])),
      rowDimNames: form.codes.length > H ? axisDims(firstRow.slice(0, L)) : [],
      columnDimNames: width > L ? axisDims(firstCol) : [],
    };
  }
  if (want("pov")) out.pov = { ...form.pov };
  const label = (r: number, c: number) =>
    display(form.codes[r]?.[c] ?? "", form.grid[r]?.[c] ?? "", o.displayMemberAs, o.delimiter);
  if (want("columns")) {
    out.columns = Array.from({ length: H }, (_, h) =>
      Array.from({ length: width - L }, (_, i) => label(h, L + i)),
    );
  }
  if (want("rows")) {
    out.rows = form.grid.slice(H).map((row, i) => ({
      headers: Array.from({ length: L }, (_, l) => label(H + i, l)),
      data: row.slice(L).map((v, c) => cellOf(v, form.cellKinds[H + i]?.[L + c] ?? "data")),
    }));
  }
  return out;
}

/**
 * The form definition: saved metadata (`name`, `id`, `description`, `instructions`, `hidden`, the rules run
 * on save in `businessRules`, empty `smartPushes`/`customMenus`) and the resolved grid in the data-slice
 * grammar (`pov`, `columns`, `rows` of `{dimensions, members}`; one segment per laid-out row and column), the
 * page dimensions' allowed members in `page`. Oracle's field table for the grid is not public (§1.1):
 * inferred, recorded in `NOTES.md`.
 */
export function formDefinition(
  form: FormResponse,
  summary: { folder: string; description: string },
  rules: string[],
  o: Pick<FormDataOptions, "dimensionOf" | "pageDims">,
): FormDefinition {
  const { H, L } = gridShape(form);
  const data = formData(form, {
    ...o,
    displayMemberAs: "MEMBER_NAME",
    delimiter: ":",
    fields: null,
  }) as Required<FormDataAnswer>;
  const povDims = Object.keys(form.pov);
  const width = (form.codes[0]?.length ?? 0) - L;
  return {
    name: form.formName,
    id: formId(summary.folder, form.formName),
    folder: summary.folder,
    description: summary.description,
    instructions: "",
    hidden: false,
    businessRules: rules,
    smartPushes: [],
    customMenus: [],
    gridDefinition: {
      pov: { dimensions: povDims, members: povDims.map((d) => [form.pov[d] as string]) },
      page: {
        dimensions: o.pageDims,
        members: o.pageDims.map((d) => [...(form.povChoices[d] ?? [])]),
      },
      columns: Array.from({ length: width }, (_, c) => ({
        dimensions: data.gridInfo.columnDimNames,
        members: Array.from({ length: H }, (_, h) => [data.columns[h]?.[c] ?? ""]),
      })),
      rows: data.rows.map((r) => ({
        dimensions: data.gridInfo.rowDimNames,
        members: r.headers.map((m) => [m]),
      })),
    },
  };
}
