import type { components } from "@qibates/client/schema";
import { isMissingText, numberOfText } from "@qibates/engine/grid";
import { firstCharacters } from "@qibates/engine/planning";
import {
  exportDataSliceRequest,
  type FormDataAsReceived,
  formDataQuery,
  importDataSliceRequest,
  PLANNING_PATHS,
  planningPath,
  readDataSliceAnswer,
  readNamedSegment,
  readRejectedCells,
  sliceRowWithoutData,
  sliceWithoutColumns,
  isStringList as strings,
} from "@qibates/protocols/planning-rest";
import type { Capability, OpenFormInput, SubmitFormInput } from "@qibates/provider";
import {
  afterCellsWritten,
  CELLS_MAYBE_WRITTEN,
  CELLS_WRITTEN_BEFORE_FAILURE,
  ProviderError,
} from "@qibates/provider";
import { UNREADABLE } from "../net/unreadable.ts";
import type { Refusal } from "../remote/unsupported.ts";
import type { PlanningRestClient } from "./client.ts";

type Schemas = components["schemas"];

/**
 * Forms over Planning REST: a form opened from Export Form Data (`GET …/forms/{idorname}/data`, 26.04, any
 * role, needs AI Studio; asked first for `gridInfo,pov`, then with the page members), labelled and marked
 * writable from the members it shows, each read once per session (`GET …/dimensions/{dim}/members/{member}`:
 * an upper-level, Dynamic Calc or Label Only member makes a cell read-only, Planning's bottom-up rule); submitted through `importdataslice` (plan-type scoped, no form save
 * behaviour), then the form's rules on save read from its definition (`GET …/formdefinitions/{idorname}`,
 * Service Administrator) launched as `RULES` jobs. Sources in `packages/wire/src/planning-rest/NOTES.md`.
 */

/** What the connector needs of a dimension's shown members: each one's alias, whether it can hold entered data. */
export interface DimensionInfo {
  label(name: string): string;
  writable(name: string): boolean;
}

export interface FormHost {
  client: PlanningRestClient;
  app: string;
  /** The plan types and their base dimensions. */
  planTypes(): Promise<{ cube: string; dims: string[] }[]>;
  /**
   * What the form needs of the members it shows, per dimension (in the form's order; not the whole
   * dimensions). The first refusal in that order is the call's.
   */
  dimensions(
    cube: string,
    shown: ReadonlyMap<string, readonly string[]>,
  ): Promise<Map<string, DimensionInfo>>;
  /** The refusal of what the capability table says this connector lacks (`missing`). */
  missing(capability: Capability, operation: string, refusal?: Refusal): ProviderError;
}

/** A number as forms show it: an integer as is, else at most six decimals. */
export function formatNumber(v: number): string {
  if (Number.isInteger(v)) return String(v);
  return String(Number.parseFloat(v.toFixed(6)));
}

export interface OpenedForm {
  response: Schemas["FormResponse"];
  cube: string;
  rowDims: string[];
  colDims: string[];
  /** Per data row/column of `response.grid` (after the headers): member names. */
  rowMembers: string[][];
  colMembers: string[][];
  /** Per data cell: whether it can be written. */
  writable: boolean[][];
  /** Per data cell: the value as read (number, text, null). */
  values: (number | string | null)[][];
  /** The form definition as read once for this opening, for the caller to reuse (a submit's rules on save). */
  definition: DefinitionRead;
}

/** The parts of a form definition (`GET …/formdefinitions/{idorname}`) the connector reads. */
interface FormDefinitionBody {
  name?: unknown;
  businessRules?: unknown;
  gridDefinition?: Record<string, unknown>;
}

/** A form definition's read: its body, or the server's refusal (Service Administrator only). */
export type DefinitionRead = { ok: true; value: FormDefinitionBody } | { ok: false; message: string };

/** Reads a form's definition once; the opening, its fallback and a submit's rules on save all take this read. */
export async function readFormDefinition(host: FormHost, formName: string): Promise<DefinitionRead> {
  const r = await host.client.attempt<FormDefinitionBody | null>(
    "GET",
    planningPath(PLANNING_PATHS.formDefinition, { app: host.app, form: formName }),
  );
  return r.ok ? { ok: true, value: r.value ?? {} } : { ok: false, message: r.message };
}

/** Export Form Data refused by the server (no AI Studio): its message, for the fallback and the error. */
class FormDataRefused extends Error {}

/** Reads Export Form Data; an unknown form is `FORM_UNKNOWN`, a composite form unsupported, a refusal {@link FormDataRefused}. */
async function exportFormData(
  host: FormHost,
  formName: string,
  query: string,
  operation: string,
): Promise<FormDataAsReceived> {
  const r = await host.client.attempt<FormDataAsReceived>(
    "GET",
    planningPath(PLANNING_PATHS.formData, { app: host.app, form: formName }, query),
  );
  if (r.ok) return r.value;
  // A composite form first: a server's words about one are not that the form does not exist.
  if (/composite/i.test(r.message)) throw host.missing("compositeForms", operation, { server: r.message });
  if (/does not exist/i.test(r.message)) {
    throw new ProviderError("FORM_UNKNOWN", `Unknown form ${formName}.`, { form: formName }, "formName");
  }
  throw new FormDataRefused(r.message);
}

/**
 * The page members of `wanted` the form does not offer (`allowed`, from its grid information) refused before the
 * server is asked for them, in the words the demo server uses: the server would refuse the read of the form's
 * data, which names no field the caller can correct.
 */
async function checkPageMembers(
  host: FormHost,
  formName: string,
  pageDims: readonly string[],
  allowed: Record<string, unknown>,
  wanted: Record<string, unknown>,
): Promise<void> {
  for (const [dim, member] of Object.entries(wanted)) {
    const page = pageDims.find((d) => d.toLowerCase() === dim.toLowerCase());
    if (!page || typeof member !== "string" || member === "") continue;
    const offered = allowed[page];
    if (!strings(offered) || offered.length === 0) continue;
    if (offered.some((m) => m.toLowerCase() === member.toLowerCase())) continue;
    const field = `pov.${page}`;
    // A name that is no member of the dimension is an unknown member, as on the demo server: the member read
    // answers Planning's "The member X does not exist …" (pbj reads that prefix as "no such member").
    const read = await host.client.attempt<unknown>(
      "GET",
      planningPath(PLANNING_PATHS.member, { app: host.app, dim: page, member }),
    );
    if (!read.ok && read.status === 400 && /^The member\b/i.test(read.message)) {
      throw new ProviderError("MEMBER_UNKNOWN", `Unknown member "${member}".`, { member }, field);
    }
    throw new ProviderError(
      "INVALID_INPUT",
      `Member "${member}" is not one of the ${page} members form "${formName}" allows.`,
      {
        field,
        sentence: {
          en: `The form "${formName}" does not offer "${member}" for ${page}`,
          fr: `Le formulaire «\u00a0${formName}\u00a0» ne propose pas «\u00a0${member}\u00a0» pour ${page}`,
        },
      },
      field,
    );
  }
}

/**
 * Where Export Form Data is refused: the form definition (`GET …/formdefinitions/{form}`, Service
 * Administrator) read for its grid in the data-slice grammar (`pov`, `page`, `columns`, `rows` of
 * `{dimensions, members}`), then the cells through `exportdataslice` (any role). Oracle's field table for the
 * definition's grid is not public: a definition in another shape is the typed unsupported error naming both
 * refusals.
 */
async function fromDefinition(
  host: FormHost,
  def: DefinitionRead,
  wanted: Record<string, unknown>,
  refused: string,
  operation: string,
): Promise<FormDataAsReceived> {
  const why = (because: string, message = "") =>
    host.missing("forms", operation, { because, values: { refused, message } });
  if (!def.ok) throw why("definitionRefused", def.message);
  const g = def.value.gridDefinition ?? {};
  const pov = readNamedSegment(g.pov);
  const page = g.page === undefined ? { dimensions: [], members: [] } : readNamedSegment(g.page);
  const columns = Array.isArray(g.columns) ? g.columns.map(readNamedSegment) : [];
  const rows = Array.isArray(g.rows) ? g.rows.map(readNamedSegment) : [];
  const ok = <T>(list: (T | null)[]): list is T[] => list.length > 0 && list.every((x) => x !== null);
  if (!pov || !page || !ok(columns) || !ok(rows)) {
    throw why("definitionUnread");
  }
  const povMembers: Record<string, string> = {};
  pov.dimensions.forEach((d, i) => {
    povMembers[d] = pov.members[i]?.[0] ?? "";
  });
  for (const [d, m] of Object.entries(wanted)) {
    const k = page.dimensions.findIndex((x) => x.toLowerCase() === d.toLowerCase());
    if (
      k >= 0 &&
      typeof m === "string" &&
      page.members[k]?.some((x) => x.toLowerCase() === m.toLowerCase())
    ) {
      povMembers[page.dimensions[k] as string] = m;
    }
  }
  const cube = (await host.planTypes())
    .filter((p) =>
      [...Object.keys(povMembers), ...(rows[0]?.dimensions ?? []), ...(columns[0]?.dimensions ?? [])].every(
        (d) => p.dims.some((x) => x.toLowerCase() === d.toLowerCase()),
      ),
    )
    .sort((a, b) => a.dims.length - b.dims.length)[0]?.cube;
  if (!cube) throw why("noPlanType");
  const answer = await host.client.post<unknown>(
    planningPath(PLANNING_PATHS.exportDataSlice, { app: host.app, pt: cube }),
    exportDataSliceRequest({
      suppressMissingBlocks: false,
      suppressMissingRows: false,
      suppressMissingColumns: false,
      pov: { dimensions: Object.keys(povMembers), members: Object.values(povMembers).map((m) => [m]) },
      columns,
      rows,
    }),
  );
  const slice = host.client.read(readDataSliceAnswer, answer);
  return {
    gridInfo: {
      pageDimNames: page.dimensions,
      allowedPageMembersByDim: Object.fromEntries(page.dimensions.map((d, i) => [d, page.members[i] ?? []])),
      rowDimNames: rows[0]?.dimensions ?? [],
      columnDimNames: columns[0]?.dimensions ?? [],
    },
    pov: povMembers,
    columns: slice.columns,
    rows: slice.rows,
  };
}

function cellValue(v: unknown): number | string | null {
  if (v === null || v === undefined || v === "") return null;
  if (typeof v === "number") return v;
  return String(v);
}

/**
 * A member of `wanted` for a dimension the form fixes (in its POV, not a page dimension) other than the one it
 * fixes, refused as the demo server refuses it: the server would read the form on its own member without a word.
 */
function checkFixedMembers(
  formName: string,
  pageDims: readonly string[],
  fixed: Record<string, unknown>,
  wanted: Record<string, unknown>,
): void {
  for (const [dim, member] of Object.entries(wanted)) {
    if (typeof member !== "string" || member.trim() === "") continue;
    if (pageDims.some((d) => d.toLowerCase() === dim.toLowerCase())) continue;
    const pov = Object.keys(fixed).find((d) => d.toLowerCase() === dim.toLowerCase());
    const member0 = pov === undefined ? undefined : fixed[pov];
    if (pov === undefined || typeof member0 !== "string") continue;
    if (member0.toLowerCase() === member.trim().toLowerCase()) continue;
    const field = `pov.${pov}`;
    throw new ProviderError(
      "INVALID_INPUT",
      `Form "${formName}" fixes ${pov} to "${member0}".`,
      {
        field,
        sentence: {
          en: `The form "${formName}" fixes ${pov} to "${member0}"`,
          fr: `Le formulaire «\u00a0${formName}\u00a0» fixe ${pov} à «\u00a0${member0}\u00a0»`,
        },
      },
      field,
    );
  }
}

/**
 * The form's name as the application spells it ("Revenue Plan" for "revenue plan"), as the demo server returns
 * it: the form definition's `name` (`GET …/formdefinitions/{idorname}`, Service Administrator); the name as given
 * where the definition is refused or names another form.
 */
function nameOfForm(def: DefinitionRead, given: string): string {
  const name = def.ok ? def.value.name : undefined;
  return typeof name === "string" && name.toLowerCase() === given.trim().toLowerCase() ? name : given;
}

/** Opens a simple form for a POV (page members from `input.pov`). */
export async function openForm(
  host: FormHost,
  input: OpenFormInput,
  operation = "nav/openform",
  known?: DefinitionRead,
): Promise<OpenedForm> {
  if (input.type === "composite") throw host.missing("compositeForms", operation);
  // The plan types and their dimensions (needed once the form's data is in) read beside the form's definition
  // and data instead of after them: the form's own refusals still come first, as it is awaited first.
  host.planTypes().catch(() => undefined);
  const definition = known ?? (await readFormDefinition(host, input.formName));
  const name = nameOfForm(definition, input.formName);
  let info: FormDataAsReceived;
  let fallback: FormDataAsReceived | null = null;
  try {
    info = await exportFormData(
      host,
      name,
      formDataQuery({ fields: ["gridInfo", "pov"], displayMemberAs: "MEMBER_NAME" }),
      operation,
    );
  } catch (e) {
    if (!(e instanceof FormDataRefused)) throw e;
    fallback = await fromDefinition(host, definition, input.pov ?? {}, e.message, operation);
    info = fallback;
  }
  const g = info.gridInfo ?? {};
  const pageDims = strings(g.pageDimNames) ? g.pageDimNames : [];
  const allowed = (typeof g.allowedPageMembersByDim === "object" && g.allowedPageMembersByDim) || {};
  const rowDims = strings(g.rowDimNames) ? g.rowDimNames : [];
  const colDims = strings(g.columnDimNames) ? g.columnDimNames : [];
  const basePov = (typeof info.pov === "object" && info.pov ? info.pov : {}) as Record<string, unknown>;
  // Export Form Data's allowed page members are member names; a definition's (the fallback) may hold member
  // functions, and its reader keeps only the members it lists.
  if (!fallback)
    await checkPageMembers(host, name, pageDims, allowed as Record<string, unknown>, input.pov ?? {});
  checkFixedMembers(name, pageDims, basePov, input.pov ?? {});
  const pages: string[] = [];
  for (const [dim, member] of Object.entries(input.pov ?? {})) {
    const page = pageDims.find((d) => d.toLowerCase() === dim.toLowerCase());
    if (page && typeof member === "string" && member !== "") pages.push(member);
  }
  let data: FormDataAsReceived;
  try {
    data =
      fallback ??
      (await exportFormData(
        host,
        name,
        formDataQuery(
          pages.length === 0
            ? { displayMemberAs: "MEMBER_NAME" }
            : { displayMemberAs: "MEMBER_NAME", pageMembers: pages },
        ),
        operation,
      ));
  } catch (e) {
    // The grid's read refused after its layout was read: the server's own reason.
    if (e instanceof FormDataRefused)
      throw new ProviderError("PROVIDER_FAILED", e.message, { reason: e.message });
    throw e;
  }
  const povRaw = (typeof data.pov === "object" && data.pov ? data.pov : basePov) as Record<string, unknown>;
  const pov: Record<string, string> = {};
  for (const [d, m] of Object.entries(povRaw)) if (typeof m === "string") pov[d] = m;
  if (!Array.isArray(data.columns) || !data.columns.every(strings) || !Array.isArray(data.rows)) {
    throw host.client.malformed(sliceWithoutColumns("Export Form Data"));
  }
  const columns = data.columns as string[][];
  const rows = (data.rows as { headers?: unknown; data?: unknown }[]).map((r) => {
    if (!strings(r.headers) || !Array.isArray(r.data)) {
      throw host.client.malformed(sliceRowWithoutData("Export Form Data"));
    }
    return { headers: r.headers, data: r.data.map(cellValue) };
  });
  // The plan type: the one whose base dimensions hold every dimension the form shows (the fewest such).
  const shown = [...Object.keys(pov), ...rowDims, ...colDims].map((d) => d.toLowerCase());
  const candidates = (await host.planTypes())
    .filter((p) => shown.every((d) => p.dims.some((x) => x.toLowerCase() === d)))
    .sort((a, b) => a.dims.length - b.dims.length);
  const cube = candidates[0]?.cube;
  if (!cube) throw host.client.malformed(UNREADABLE.formOfNoPlanType(name));
  // A POV naming no dimension of the plan type is refused, as the demo server refuses it (the server ignores it).
  for (const k of Object.keys(input.pov ?? {})) {
    if (candidates[0]?.dims.some((d) => d.toLowerCase() === k.toLowerCase())) continue;
    throw new ProviderError(
      "INVALID_INPUT",
      `The POV names "${k}", which is not a dimension.`,
      {
        field: `pov.${k}`,
        sentence: { en: `"${k}" is not a dimension`, fr: `«\u00a0${k}\u00a0» n'est pas une dimension` },
      },
      `pov.${k}`,
    );
  }
  const H = colDims.length;
  const L = rowDims.length;
  const width = columns[0]?.length ?? 0;
  const colMembers = Array.from({ length: width }, (_, c) => colDims.map((_, h) => columns[h]?.[c] ?? ""));
  const rowMembers = rows.map((r) => r.headers);
  const values = rows.map((r) => r.data);
  // Missing rows and columns dropped as the user's preferences ask.
  const prefs = input.preferences ?? {};
  let rowIdx = rows.map((_, i) => i);
  let colIdx = colMembers.map((_, i) => i);
  if (prefs.missingRowSuppression) rowIdx = rowIdx.filter((r) => colIdx.some((c) => values[r]?.[c] !== null));
  if (prefs.missingColSuppression) colIdx = colIdx.filter((c) => rowIdx.some((r) => values[r]?.[c] !== null));
  // The members shown (the POV's, the kept rows' and columns'), by dimension: what is read of the server.
  const shownOf = new Map<string, Set<string>>();
  const show = (d: string, m: string) => {
    const set = shownOf.get(d);
    if (set) set.add(m);
    else shownOf.set(d, new Set([m]));
  };
  for (const [d, m] of Object.entries(pov)) show(d, m);
  for (const r of rowIdx) for (const [l, m] of (rowMembers[r] ?? []).entries()) show(rowDims[l] as string, m);
  for (const c of colIdx) for (const [h, m] of (colMembers[c] ?? []).entries()) show(colDims[h] as string, m);
  const dims = [...new Set([...Object.keys(pov), ...rowDims, ...colDims])];
  const infos = await host.dimensions(cube, new Map(dims.map((d) => [d, [...(shownOf.get(d) ?? [])]])));
  const dimInfo = (d: string) => infos.get(d) as DimensionInfo;
  const povWritable = Object.entries(pov).every(([d, m]) => dimInfo(d).writable(m));
  // Asked of the rows and columns kept only: a suppressed one's members were not read.
  const rowWritable = new Map(
    rowIdx.map((r) => [
      r,
      povWritable && (rowMembers[r] ?? []).every((m, l) => dimInfo(rowDims[l] as string).writable(m)),
    ]),
  );
  const colWritable = new Map(
    colIdx.map((c) => [c, (colMembers[c] ?? []).every((m, h) => dimInfo(colDims[h] as string).writable(m))]),
  );
  const writable = (r: number, c: number) => rowWritable.get(r) === true && colWritable.get(c) === true;
  const missingLabel = prefs.missingLabel ?? "#Missing";
  const grid: string[][] = [];
  const codes: string[][] = [];
  const kinds: Schemas["CellKinds"] = [];
  for (let h = 0; h < H; h++) {
    const dim = dimInfo(colDims[h] as string);
    grid.push([...new Array(L).fill(""), ...colIdx.map((c) => dim.label(colMembers[c]?.[h] ?? ""))]);
    codes.push([...new Array(L).fill(""), ...colIdx.map((c) => colMembers[c]?.[h] ?? "")]);
    kinds.push([...new Array(L).fill("corner"), ...colIdx.map(() => "column-header" as const)]);
  }
  for (const r of rowIdx) {
    const headers = rowMembers[r] as string[];
    grid.push([
      ...headers.map((m, l) => dimInfo(rowDims[l] as string).label(m)),
      ...colIdx.map((c) => {
        const v = values[r]?.[c] ?? null;
        return v === null ? missingLabel : typeof v === "number" ? formatNumber(v) : v;
      }),
    ]);
    codes.push([...headers, ...colIdx.map(() => "")]);
    kinds.push([
      ...headers.map(() => "row-header" as const),
      // A cell the user cannot write is `read-only` with or without a value, as on the demo server.
      ...colIdx.map((c) =>
        !writable(r, c) ? ("read-only" as const) : (values[r]?.[c] ?? null) === null ? "missing" : "data",
      ),
    ]);
  }
  const povChoices: Record<string, string[]> = {};
  for (const d of Object.keys(pov)) {
    const list = (allowed as Record<string, unknown>)[d];
    povChoices[d] = strings(list) && pageDims.includes(d) ? list : [pov[d] as string];
  }
  return {
    response: {
      formName: name,
      folder: input.folder,
      type: "regular",
      cube,
      pov,
      povChoices,
      grid,
      codes,
      cellKinds: kinds,
      subforms: [],
    } as Schemas["FormResponse"],
    cube,
    rowDims,
    colDims,
    rowMembers: rowIdx.map((r) => rowMembers[r] as string[]),
    colMembers: colIdx.map((c) => colMembers[c] as string[]),
    writable: rowIdx.map((r) => colIdx.map((c) => writable(r, c))),
    values: rowIdx.map((r) => colIdx.map((c) => values[r]?.[c] ?? null)),
    definition,
  };
}

/**
 * Writes the grid's changed writable cells through `importdataslice` (one call per set of columns written),
 * each cell's status from the answer's rejected cells. Texts over 255 characters are `CELL_TOO_LONG` unless
 * `enableLargeCellSubmit`, then cut to 255 (`truncated`).
 */
export async function submitCells(
  host: FormHost,
  form: OpenedForm,
  input: SubmitFormInput,
): Promise<Schemas["SubmittedCell"][]> {
  const grid = input.grid as unknown[][];
  const H = form.colDims.length;
  const L = form.rowDims.length;
  const missingLabel = input.preferences?.missingLabel ?? "#Missing";
  const label = (r: number, c: number) => {
    const code = input.codes?.[r]?.[c];
    if (typeof code === "string" && code.trim() !== "") return code.trim();
    const g = grid[r]?.[c];
    return g === null || g === undefined ? "" : String(g).trim();
  };
  const labels = form.response.grid;
  const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
  // Column c of the request → column of the opened form (by member names, else labels).
  // A loop, not Math.max(...rows): a grid of half a million rows is more arguments than a call takes.
  const width = grid.reduce((w, row) => (Array.isArray(row) && row.length > w ? row.length : w), 0);
  const colOf: (number | undefined)[] = [];
  for (let c = L; c < width; c++) {
    const names = Array.from({ length: H }, (_, h) => label(h, c));
    if (names.every((n) => n === "")) continue;
    const i = form.colMembers.findIndex((cm, k) =>
      cm.every((m, h) => same(m, names[h] ?? "") || same(labels[h]?.[L + k] ?? "", names[h] ?? "")),
    );
    if (i < 0) {
      throw new ProviderError(
        "GRID_INVALID",
        `Column ${c} (${names.join(", ")}) is not on the form.`,
        null,
        `grid[0][${c}]`,
      );
    }
    colOf[c] = i;
  }
  const cells: Schemas["SubmittedCell"][] = [];
  const writes: {
    r: number;
    c: number;
    row: number;
    col: number;
    value: string;
    status: "written" | "truncated";
  }[] = [];
  const tooLong: string[] = [];
  let firstTooLong: { row: number; column: number; length: number } | undefined;
  // With the changed cells listed, every other cell is no edit: a value the client did not change is never
  // written back over one another user saved since the form was opened.
  const listed = input.cells ? new Set(input.cells.map((c) => `${c.row},${c.column}`)) : null;
  for (let r = H; r < grid.length; r++) {
    const row = grid[r];
    if (!Array.isArray(row)) continue;
    const names = Array.from({ length: L }, (_, l) => label(r, l));
    if (names.every((n) => n === "")) continue;
    const i = form.rowMembers.findIndex((rm, k) =>
      rm.every((m, l) => same(m, names[l] ?? "") || same(labels[H + k]?.[l] ?? "", names[l] ?? "")),
    );
    if (i < 0) {
      throw new ProviderError(
        "GRID_INVALID",
        `Row ${r} (${names.join(", ")}) is not on the form.`,
        null,
        `grid[${r}][0]`,
      );
    }
    for (let c = L; c < width; c++) {
      const k = colOf[c];
      if (k === undefined) continue;
      if (listed && !listed.has(`${r},${c}`)) continue;
      const raw = row[c] === null || row[c] === undefined ? "" : String(row[c]);
      const t = raw.trim();
      const now = form.values[i]?.[k] ?? null;
      const shown = now === null ? missingLabel : typeof now === "number" ? formatNumber(now) : now;
      if (!form.writable[i]?.[k]) {
        // An empty cell is no edit (as for a writable cell below), whatever the protected cell holds.
        const unchanged =
          t === "" ||
          t === shown ||
          (now === null && isMissingText(t, missingLabel)) ||
          (typeof now === "number" && numberOfText(t) === now);
        if (!unchanged) cells.push({ row: r, column: c, status: "read-only", value: raw });
        continue;
      }
      if (t === "") continue;
      const isMissing = isMissingText(t, missingLabel);
      // Commas only as thousands separators: `1,25` is refused, never read as 125.
      const n = numberOfText(t);
      if (isMissing) {
        writes.push({ r, c, row: i, col: k, value: "#missing", status: "written" });
      } else if (Number.isFinite(n)) {
        writes.push({ r, c, row: i, col: k, value: String(n), status: "written" });
      } else if (raw.length > 255) {
        if (!input.enableLargeCellSubmit) {
          tooLong.push(`grid[${r}][${c}] (${raw.length} characters)`);
          firstTooLong ??= { row: r, column: c, length: raw.length };
        }
        writes.push({ r, c, row: i, col: k, value: firstCharacters(raw, 255), status: "truncated" });
      } else writes.push({ r, c, row: i, col: k, value: raw, status: "written" });
    }
  }
  if (tooLong.length > 0) {
    throw new ProviderError(
      "CELL_TOO_LONG",
      `Text cells are limited to 255 characters: ${tooLong.join(", ")}. Shorten them or submit with enableLargeCellSubmit to keep the first 255 characters.`,
      // The message counts the row and column from 1, as a user does; the field is the grid's 0-based indexes.
      firstTooLong
        ? { row: firstTooLong.row + 1, column: firstTooLong.column + 1, length: firstTooLong.length }
        : null,
      firstTooLong ? `grid[${firstTooLong.row}][${firstTooLong.column}]` : "grid",
    );
  }
  // One importdataslice per set of columns written (rows grouped by it).
  // Linear in the cells written: a form of 100,000 rows is grouped without a scan of every write per write.
  const colsOfRow = new Map<number, number[]>();
  for (const w of writes) {
    const list = colsOfRow.get(w.row);
    if (list) list.push(w.col);
    else colsOfRow.set(w.row, [w.col]);
  }
  const groups = new Map<string, typeof writes>();
  for (const w of writes) {
    const key = (colsOfRow.get(w.row) ?? []).join(",");
    const group = groups.get(key);
    if (group) group.push(w);
    else groups.set(key, [w]);
  }
  const rejected = new Map<string, { readOnly: string[]; other: string[] }>();
  /** What the server stored in each written cell, read back after its import: a Smart List's label, a text. */
  const stored = new Map<string, number | string | null>();
  const pov = Object.values(form.response.pov);
  // Once an import wrote cells, a server lost before the end (another import, a read back) says they are saved.
  let saved = false;
  const failed = (e: unknown): never => {
    throw saved ? afterCellsWritten(e, CELLS_WRITTEN_BEFORE_FAILURE.form) : e;
  };
  // An import lost after it was sent may have been applied: QiBates cannot tell.
  const importLost = (e: unknown): never => {
    throw afterCellsWritten(e, saved ? CELLS_WRITTEN_BEFORE_FAILURE.form : CELLS_MAYBE_WRITTEN.form);
  };
  for (const [key, group] of groups) {
    const cols = key.split(",").map(Number);
    const rowsOf = [...new Set(group.map((w) => w.row))];
    const at = new Map(group.map((w) => [`${w.row},${w.col}`, w]));
    const body = importDataSliceRequest({
      aggregateEssbaseData: false,
      grid: {
        pov,
        columns: form.colDims.map((_, h) => cols.map((c) => form.colMembers[c]?.[h] ?? "")),
        rows: rowsOf.map((row) => ({
          headers: form.rowMembers[row] ?? [],
          data: cols.map((c) => at.get(`${row},${c}`)?.value ?? ""),
        })),
      },
      includeRejectedCells: true,
      includeDetails: true,
    });
    const answer = await host.client
      .post<unknown>(planningPath(PLANNING_PATHS.importDataSlice, { app: host.app, pt: form.cube }), body)
      .catch(importLost);
    for (const d of readRejectedCells(answer)) {
      const names = new Set(d.memberNames.map((m) => m.toLowerCase()));
      for (const w of group) {
        const members = [...(form.rowMembers[w.row] ?? []), ...(form.colMembers[w.col] ?? [])];
        if (members.every((m) => names.has(m.toLowerCase()))) {
          rejected.set(`${w.r},${w.c}`, { readOnly: d.readOnlyReasons, other: d.otherReasons });
        }
      }
    }
    if (group.some((w) => !rejected.has(`${w.r},${w.c}`))) saved = true;
    // The same cells read back (`exportdataslice`, as a live-tested client checks an import): the value as
    // stored, which is not always the one sent (a Smart List stores the entry "3" or "approved" names, and
    // exports its label).
    const back = await host.client
      .post<unknown>(
        planningPath(PLANNING_PATHS.exportDataSlice, { app: host.app, pt: form.cube }),
        exportDataSliceRequest({
          suppressMissingBlocks: false,
          suppressMissingRows: false,
          suppressMissingColumns: false,
          pov: { dimensions: Object.keys(form.response.pov), members: pov.map((m) => [m]) },
          columns: cols.map((c) => ({
            dimensions: form.colDims,
            members: form.colDims.map((_, h) => [form.colMembers[c]?.[h] ?? ""]),
          })),
          rows: rowsOf.map((row) => ({
            dimensions: form.rowDims,
            members: form.rowDims.map((_, l) => [form.rowMembers[row]?.[l] ?? ""]),
          })),
        }),
      )
      .catch(failed);
    let slice: ReturnType<typeof readDataSliceAnswer>;
    try {
      slice = host.client.read(readDataSliceAnswer, back);
    } catch (e) {
      failed(e);
    }
    rowsOf.forEach((row, i) => {
      cols.forEach((col, j) => {
        const w = at.get(`${row},${col}`);
        const data = slice.rows[i]?.data;
        if (w && data && j < data.length) stored.set(`${w.r},${w.c}`, data[j] ?? null);
      });
    });
  }
  for (const w of writes) {
    const no = rejected.get(`${w.r},${w.c}`);
    const raw = String((grid[w.r] as unknown[])[w.c] ?? "");
    if (no) {
      cells.push({
        row: w.r,
        column: w.c,
        status: no.readOnly.length > 0 ? "read-only" : "invalid",
        value: raw,
        reason: [...no.readOnly, ...no.other].join("; ") || null,
      });
    } else {
      const n = Number(w.value);
      const sent =
        w.value === "#missing"
          ? missingLabel
          : w.status === "written" && Number.isFinite(n)
            ? formatNumber(n)
            : w.value;
      const back = stored.get(`${w.r},${w.c}`);
      const value =
        back === undefined
          ? sent
          : back === null
            ? missingLabel
            : typeof back === "number"
              ? formatNumber(back)
              : back;
      cells.push({ row: w.r, column: w.c, status: w.status, value });
    }
  }
  return cells.sort((a, b) => a.row - b.row || a.column - b.column);
}
