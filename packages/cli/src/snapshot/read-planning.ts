import type { ApplicationRef, DataSliceInput, PlanningOperations, ProviderSession } from "@qibates/provider";
import { callOnce, chooseDensities, type OutlineRead, type ServerCall } from "./read-cube.ts";

/**
 * Reads a plan type of a Planning application for a snapshot (`qibates-snapshot --connector planning|pbcs`),
 * through the planning calls of the provider contract: the plan type's dimensions, each dimension's hierarchy
 * (the `Hierarchy` member filter, once per alias table), its members' storage, the plan type's substitution
 * variables; then its stored level-0 cells with `exportdataslice`, one slice per member of one dimension.
 */

const isUnsupported = (e: unknown) =>
  typeof e === "object" && e !== null && (e as { code?: string }).code === "UNSUPPORTED";

/** Why a copy of a Planning application lacks what it lacks (capability table, Planning REST's member read). */
export const PLANNING_NOT_CARRIED = [
  "consolidation operators (Planning REST's member read gives storage, not the operator): every member adds (+) into its parent in the snapshot and the snapshot consolidates totals again from level 0; where the server ignores a member (~) or subtracts it, the snapshot's totals differ",
  "member formulas (Planning REST does not give them): a Dynamic Calc member at level 0 keeps the values it had at level 0 of every other dimension; above level 0 it is #Missing, where the server would calculate it",
  "dimension types (accounts, time…), generation and level names, time balance, expense reporting, two-pass calculation, UDAs, attribute dimensions and their associations",
  "dense and sparse storage of dimensions (Planning REST does not give it): QiBates chose it for the snapshot",
  "text and Smart List cells, and the Smart Lists themselves: a snapshot holds numbers only",
  "forms (Planning REST has no call that lists them), business rules, runtime prompts, task lists, approvals and cell comments: the snapshot is served as a Planning application without any of them",
];

/** A plan type's outline as read, with what is needed to read its data; every call to the server through `call`. */
export async function readPlanTypeOutline(
  planning: PlanningOperations,
  session: ProviderSession,
  app: ApplicationRef,
  cube: string,
  step: (what: string) => void,
  call: ServerCall = callOnce,
): Promise<OutlineRead> {
  const notCarried = [...PLANNING_NOT_CARRIED];
  let tables = ["Default"];
  try {
    const listed = (
      await call("the alias tables", () => planning.listAliasTables(session, app))
    ).aliasTables.map((t) => t.name);
    if (listed.length > 0) tables = listed;
  } catch (e) {
    if (!isUnsupported(e)) throw e;
    notCarried.push(
      "alias tables other than Default (Planning REST has no call that lists alias tables): the snapshot has the Default table's aliases",
    );
  }
  const defaultTable = tables.find((t) => t.toLowerCase() === "default") ?? (tables[0] as string);
  // the default table first: its read is the hierarchy; another table the server cannot read is left out
  tables = [defaultTable, ...tables.filter((t) => t !== defaultTable)];
  const unreadTables = new Set<string>();
  const dimNames = await call("the dimensions", () => planning.planTypeDimensions(session, app, cube));
  const documentDims: Record<string, unknown>[] = [];
  const out: OutlineRead["dimensions"] = [];
  const computedMembers: string[] = [];
  let members = 0;
  for (const dim of dimNames) {
    step(`dimension ${dim}`);
    const lists: Awaited<ReturnType<PlanningOperations["members"]>>["members"][] = [];
    for (const table of tables) {
      const read = () =>
        call(`dimension ${dim} (alias table ${table})`, () =>
          planning.members(session, app, { cube, dim, filter: "Hierarchy", arg: null, aliasTable: table }),
        );
      if (table === defaultTable || unreadTables.has(table)) {
        lists.push(unreadTables.has(table) ? [] : (await read()).members);
        continue;
      }
      try {
        lists.push((await read()).members);
      } catch (e) {
        // a server without Get Dimension Details reads members in the Default table only
        if (!isUnsupported(e)) throw e;
        unreadTables.add(table);
        lists.push([]);
      }
    }
    const first = lists[0] ?? [];
    const properties = await call(`the members' storage of ${dim}`, () =>
      planning.memberProperties(session, app, { dim }),
    );
    interface Spec extends Record<string, unknown> {
      name: string;
      children?: Spec[];
    }
    const seen = new Set<string>();
    const leaves: string[] = [];
    const stack: { generation: number; spec: Spec }[] = [];
    let root: Spec | null = null;
    first.forEach((m, i) => {
      members++;
      const generation = m.generation ?? 1;
      while (stack.length > 0 && (stack.at(-1)?.generation ?? 0) >= generation) stack.pop();
      const parent = stack.at(-1)?.spec ?? null;
      const spec: Spec = { name: m.name };
      const aliases: Record<string, string> = {};
      tables.forEach((t, k) => {
        const alias = lists[k]?.[i]?.alias;
        if (alias) aliases[t] = alias;
      });
      if (Object.keys(aliases).length > 0) spec.aliases = aliases;
      const key = m.name.toLowerCase();
      const shared = seen.has(key);
      seen.add(key);
      if (parent) {
        spec.consolidation = "+";
        parent.children = [...(parent.children ?? []), spec];
      } else root ??= spec;
      if (shared) spec.storage = "shared";
      else spec.storage = properties[m.name]?.storage ?? "store";
      stack.push({ generation, spec });
    });
    if (!root) throw new Error(`dimension ${dim} has no members`);
    const rootSpec = root as Spec;
    // Leaves: a level-0 member whose values the server computes keeps them as stored values, never added up.
    const walk = (s: Spec) => {
      if (s.children && s.children.length > 0) {
        for (const c of s.children) walk(c);
        return;
      }
      if (s === rootSpec) return;
      if (s.storage === "dynamic-calc" || s.storage === "dynamic-calc-and-store") {
        s.storage = "store";
        s.consolidation = "^";
        computedMembers.push(s.name);
      }
      if (s.storage === "store" || s.storage === "never-share") leaves.push(s.name);
    };
    walk(rootSpec);
    documentDims.push({
      name: rootSpec.name,
      type: "regular",
      storage: rootSpec.storage,
      ...(rootSpec.aliases ? { aliases: rootSpec.aliases } : {}),
      members: rootSpec.children ?? [],
    });
    out.push({ name: rootSpec.name, density: null, leaves });
  }
  // Densities the protocol does not give: the two dimensions with the fewest level-0 members dense.
  chooseDensities(out, documentDims);
  const document: OutlineRead["document"] = { defaultAliasTable: defaultTable, dimensions: documentDims };
  const variables = await call("the substitution variables", () =>
    planning.planTypeVariables(session, app, cube),
  );
  if (variables.length > 0) {
    document.substitutionVariables = Object.fromEntries(variables.map((v) => [v.name, v.value]));
  }
  if (unreadTables.size > 0) {
    notCarried.push(
      `aliases of the alias table${unreadTables.size > 1 ? "s" : ""} ${[...unreadTables].join(", ")} (the server reads members in the Default table only: Planning on premises without Get Dimension Details)`,
    );
  }
  return { document, dimensions: out, values: "level-0", members, computedMembers, notCarried };
}

/** The slices of a plan type's data read: one per member of `chunkDimension` (or one in all). */
export interface SlicePlan {
  columnDimension: number;
  /** -1 when one slice reads everything. */
  chunkDimension: number;
  chunks: number;
}

/**
 * The column dimension is the one with the most level-0 members, up to 256; the slices go one member at a time
 * of the largest other dimension, unless every cell fits in `maxCells`. Rows are found by the server from the
 * blocks that hold data (`suppressMissingBlocks`), so a slice crosses every level-0 member of the other
 * dimensions.
 */
export function planSlices(dims: OutlineRead["dimensions"], maxCells: number): SlicePlan {
  const size = (i: number) => dims[i]?.leaves.length ?? 0;
  const order = dims.map((_, i) => i);
  const columnDimension = order.reduce((best, i) => {
    const s = size(i) <= 256 ? size(i) : 0;
    const b = size(best) <= 256 ? size(best) : 0;
    return s > b ? i : best;
  }, 0);
  const all = order.reduce((p, i) => p * Math.max(1, size(i)), 1);
  if (dims.some((d) => d.leaves.length === 0)) return { columnDimension, chunkDimension: -1, chunks: 0 };
  if (all <= maxCells) return { columnDimension, chunkDimension: -1, chunks: 1 };
  const others = order.filter((i) => i !== columnDimension);
  const chunkDimension = others.reduce((best, i) => (size(i) > size(best) ? i : best), others[0] ?? 0);
  return { columnDimension, chunkDimension, chunks: size(chunkDimension) };
}

const TOO_LARGE = /threshold/i;

/**
 * The cells of slice `index` (member names in outline order, and the value): numbers only, texts and Smart
 * List labels counted in `texts`. A slice the server finds too large is read again in slices of the next
 * largest dimension.
 */
export async function readSlice(
  planning: PlanningOperations,
  session: ProviderSession,
  app: ApplicationRef,
  cube: string,
  dims: OutlineRead["dimensions"],
  plan: SlicePlan,
  index: number,
  texts: { count: number },
): Promise<{ names: string[]; value: number }[]> {
  const fixed = new Map<number, string[]>();
  if (plan.chunkDimension >= 0) {
    fixed.set(plan.chunkDimension, [dims[plan.chunkDimension]?.leaves[index] as string]);
  }
  const out: { names: string[]; value: number }[] = [];
  const read = async (fixedNow: Map<number, string[]>): Promise<void> => {
    const rowDims = dims.map((_, i) => i).filter((i) => i !== plan.columnDimension);
    const input: DataSliceInput = {
      cube,
      pov: null,
      columns: [
        {
          dimensions: [dims[plan.columnDimension]?.name as string],
          members: [dims[plan.columnDimension]?.leaves as string[]],
        },
      ],
      rows: [
        {
          dimensions: rowDims.map((i) => dims[i]?.name as string),
          members: rowDims.map((i) => fixedNow.get(i) ?? (dims[i]?.leaves as string[])),
        },
      ],
      suppressMissingBlocks: true,
      suppressMissingRows: true,
      suppressMissingColumns: false,
    };
    let slice: Awaited<ReturnType<PlanningOperations["exportDataSlice"]>>;
    try {
      slice = await planning.exportDataSlice(session, app, input);
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      const next = rowDims
        .filter((i) => !fixedNow.has(i) && (dims[i]?.leaves.length ?? 0) > 1)
        .sort((a, b) => (dims[b]?.leaves.length ?? 0) - (dims[a]?.leaves.length ?? 0))[0];
      if (!TOO_LARGE.test(message) || next === undefined) throw e;
      for (const m of dims[next]?.leaves ?? []) await read(new Map([...fixedNow, [next, [m]]]));
      return;
    }
    const columns = slice.columns[0] ?? [];
    for (const row of slice.rows) {
      if (row.headers.length !== rowDims.length) {
        throw new Error(`a slice row has ${row.headers.length} members where ${rowDims.length} were asked`);
      }
      row.data.forEach((v, c) => {
        if (v === null) return;
        if (typeof v !== "number") {
          texts.count++;
          return;
        }
        const names = new Array<string>(dims.length);
        rowDims.forEach((d, k) => {
          names[d] = row.headers[k] as string;
        });
        names[plan.columnDimension] = columns[c] as string;
        out.push({ names, value: v });
      });
    }
  };
  await read(fixed);
  return out;
}
