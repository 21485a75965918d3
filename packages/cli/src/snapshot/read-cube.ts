import type { components } from "@qibates/client/schema";
import { type CubeRef, type Provider, type ProviderSession, supportOf } from "@qibates/provider";

/**
 * Reads a cube through a provider for a snapshot (`qibates-snapshot`): its outline from the member calls of the
 * provider contract, and the plan of the queries that read its stored level-0 cells, one chunk at a time.
 */

type Schemas = components["schemas"];
type Node = Schemas["MemberNode"];

const STORAGE: Record<Node["storage"], string> = {
  store: "store",
  dynamicCalc: "dynamic-calc",
  dynamicCalcAndStore: "dynamic-calc-and-store",
  labelOnly: "label-only",
  shared: "shared",
  neverShare: "never-share",
};

export interface OutlineRead {
  /** The outline document (`outlineSpecFromDocument`'s format). */
  document: {
    defaultAliasTable: string;
    dimensions: unknown[];
    substitutionVariables?: Record<string, string>;
  };
  /** Base dimensions in outline order, each with its level-0 members whose cells are read. */
  dimensions: { name: string; density: string | null; leaves: string[] }[];
  /**
   * `every-level` when the protocol gives no storage (so no consolidation the copy could redo): the values the
   * server computes are read at every level (`leaves` then holds every member but shared ones) and the copy
   * keeps them as they are, without aggregating; `level-0` otherwise.
   */
  values: "level-0" | "every-level";
  members: number;
  computedMembers: string[];
  notCarried: string[];
}

/**
 * Dense and sparse where the protocol gives neither: the dimensions at `dense` (the time and accounts
 * dimensions), or else the two with the fewest level-0 members, are dense, the others sparse, so that the copy's
 * blocks stay small. Written to the dimensions read (`out`) and to the outline document's.
 */
export function chooseDensities(
  out: { density: string | null; leaves: readonly unknown[] }[],
  documentDims: readonly unknown[],
  dense: readonly number[] = [],
): void {
  const chosen = new Set(
    dense.length > 0
      ? dense
      : out
          .map((d, i) => ({ i, n: d.leaves.length }))
          .sort((a, b) => a.n - b.n)
          .slice(0, 2)
          .map((x) => x.i),
  );
  out.forEach((d, i) => {
    d.density = chosen.has(i) ? "dense" : "sparse";
    (documentDims[i] as { density?: string }).density = d.density;
  });
}

/**
 * How a read of the outline calls the server: each call goes through it, named by `what` (`dimension Year`), so
 * that a run tries a call that fails in a way that may pass again by the data queries' rule (`take.ts`'s
 * `withRetries`: a 429's wait, network failures, 5xx). By default, called once.
 */
export type ServerCall = <T>(what: string, fn: () => Promise<T>) => Promise<T>;

export const callOnce: ServerCall = (_what, fn) => fn();

const isUnsupported = (e: unknown) =>
  typeof e === "object" && e !== null && (e as { code?: string }).code === "UNSUPPORTED";

/** Calls `fn`, answering `fallback` when the provider says the server cannot. */
async function optional<T>(fn: () => Promise<T>, fallback: T): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (isUnsupported(e)) return fallback;
    throw e;
  }
}

/**
 * Reads the outline of `ref`, `step` called once per dimension read. `givesConsolidation`: whether the
 * connector's protocol gives members' consolidation operators and storage (Essbase REST does; XMLA and the
 * Smart View messages QiBates sends do not: every member comes back stored and added, see the capability
 * table's `metadata` entries). Without them the copy keeps the server's values at every level. Every call to the
 * server goes through `call`.
 */
export async function readOutline(
  provider: Provider,
  session: ProviderSession,
  ref: CubeRef,
  givesConsolidation: boolean,
  step: (what: string) => void,
  call: ServerCall = callOnce,
): Promise<OutlineRead> {
  const essbase = provider.essbase;
  if (!essbase) throw new Error(`${provider.id} serves no Essbase-family cube`);
  const dims = await call("the dimensions", () => essbase.dimensions(session, ref));
  const tables = (
    await optional(() => call("the alias tables", () => essbase.aliasTables(session, ref)), {
      aliasTables: [{ name: "Default" }],
    } as never)
  ).aliasTables.map((t: { name: string }) => t.name);
  const defaultTable = tables.includes("Default") ? "Default" : (tables[0] ?? "Default");
  const notCarried: string[] = [
    "member formulas (QiBates cannot read them from the server): a member the server calculates keeps the values it had at level 0 of every other dimension; above level 0 it is #Missing, where the server would calculate it",
    "generation and level names, time balance, expense reporting and two-pass settings",
  ];
  // A protocol that gives one caption per member (XMLA: the capability table's alias tables `partly` on real
  // servers) lists the Default table alone, whatever other tables the server holds.
  const aliasSupport = supportOf(session.connector, "aliasTables");
  if (aliasSupport.status === "yes" && aliasSupport.realServers?.status === "partly") {
    notCarried.push(
      "alias tables other than Default (the server gives one caption per member through this connector): the snapshot has the Default table's aliases",
    );
  }
  const attributeDims = dims.dimensions.filter((d) => d.type === "attribute").map((d) => d.name);
  if (attributeDims.length > 0) {
    notCarried.push(
      `attribute dimensions (${attributeDims.join(", ")}) and their associations: QiBates cannot read from the server which base members carry each attribute`,
    );
  }
  const computedMembers: string[] = [];
  const every: string[][] = [];
  const out: OutlineRead["dimensions"] = [];
  const documentDims: unknown[] = [];
  let members = 0;
  let udasRefused = false;
  for (const d of dims.dimensions) {
    if (d.type === "attribute") continue;
    step(`dimension ${d.name}`);
    const trees: { table: string; root: Node }[] = [];
    for (const table of tables) {
      const tree = await call(`dimension ${d.name} (alias table ${table})`, () =>
        essbase.dimensionTree(session, ref, { dimension: d.name, aliasTable: table }),
      );
      trees.push({ table, root: tree.root });
    }
    const UNSUPPORTED = {};
    const udas = await optional(
      () => call(`the UDAs of ${d.name}`, () => essbase.memberUdas(session, ref, d.name)),
      UNSUPPORTED,
    );
    if (udas === UNSUPPORTED) udasRefused = true;
    const first = trees[0] as { table: string; root: Node };
    // Aliases per table, by position in the tree (the same tree read once per alias table).
    const aliasesAt = (path: number[]): Record<string, string> => {
      const out: Record<string, string> = {};
      for (const t of trees) {
        let n: Node | undefined = t.root;
        for (const i of path) n = n?.children[i];
        if (n?.alias) out[t.table] = n.alias;
      }
      return out;
    };
    const leaves = new Set<string>();
    const everyMember = new Set<string>([first.root.name]);
    const member = (n: Node, path: number[]): Record<string, unknown> => {
      members++;
      const spec: Record<string, unknown> = { name: n.name };
      const aliases = aliasesAt(path);
      if (Object.keys(aliases).length > 0) spec.aliases = aliases;
      spec.consolidation = n.consolidation;
      let storage = STORAGE[n.storage];
      if (n.children.length === 0 && (n.storage === "dynamicCalc" || n.storage === "dynamicCalcAndStore")) {
        // A dynamic level-0 member holds what the server computes (often a ratio): kept as a stored value at
        // level 0 in the copy, never consolidated (`^`), since adding its values up would give wrong totals.
        storage = "store";
        spec.consolidation = "^";
        computedMembers.push(n.name);
      }
      spec.storage = storage;
      const u = (udas as Record<string, readonly string[]>)[n.name];
      if (u && u.length > 0 && storage !== "shared") spec.udas = [...u];
      if (n.children.length > 0) spec.children = n.children.map((c, i) => member(c, [...path, i]));
      else if (storage !== "shared" && storage !== "label-only") leaves.add(n.name);
      if (storage !== "shared") everyMember.add(n.name);
      return spec;
    };
    const root = first.root;
    members++;
    const rootAliases = aliasesAt([]);
    documentDims.push({
      name: d.name,
      type: d.type,
      ...(d.storage ? { density: d.storage } : {}),
      storage: STORAGE[root.storage],
      ...(Object.keys(rootAliases).length > 0 ? { aliases: rootAliases } : {}),
      members: root.children.map((c, i) => member(c, [i])),
    });
    out.push({ name: d.name, density: d.storage, leaves: [...leaves] });
    every.push([...everyMember]);
  }
  // Densities: time and accounts dense (the two smallest dimensions when none is tagged), the others sparse,
  // where the protocol gives none, so that the copy's blocks stay small.
  if (out.some((d) => d.density === null)) {
    const tagged = (documentDims as { type: string }[])
      .map((d, i) => (d.type === "time" || d.type === "accounts" ? i : -1))
      .filter((i) => i >= 0);
    chooseDensities(out, documentDims, tagged);
    notCarried.push(
      "dense and sparse storage of dimensions (the server does not give it through this connector): QiBates chose it for the snapshot",
    );
  }
  // A protocol that gives no consolidation: the copy keeps the values the server computes at every level, as
  // they are, since it could not compute them again.
  let values: OutlineRead["values"] = "level-0";
  if (!givesConsolidation) {
    values = "every-level";
    out.forEach((d, i) => {
      d.leaves = every[i] as string[];
    });
    const stored = (m: Record<string, unknown>) => {
      if (m.storage !== "shared") m.storage = "store";
      for (const c of (m.children as Record<string, unknown>[] | undefined) ?? []) stored(c);
    };
    for (const d of documentDims as Record<string, unknown>[]) {
      d.storage = "store";
      for (const m of d.members as Record<string, unknown>[]) stored(m);
    }
    computedMembers.length = 0;
    notCarried.splice(
      0,
      1,
      "member formulas (QiBates cannot read them from the server): the values the server calculated are kept, and do not change when data is submitted to the snapshot",
    );
    notCarried.push(
      "storage and consolidation operators (the server does not give them through this connector): the values the server computes are copied at every level and served as they are",
    );
  }
  if (udasRefused) notCarried.push("UDAs (the server does not give them through this connector)");
  // a protocol that gives no storage and tagged no dimension (Smart View's messages): time and accounts tags,
  // if the cube has any, are lost
  if (!givesConsolidation && dims.dimensions.every((d) => d.type === "regular" || d.type === "attribute")) {
    notCarried.push(
      "dimension types (the server gave every base dimension as regular through this connector): a time or accounts dimension is regular in the snapshot",
    );
  }
  const variables = await optional(
    () =>
      call("the substitution variables", () =>
        essbase.variables(session, { server: ref.server, application: ref.application, cube: ref.cube }),
      ),
    null,
  );
  const document: OutlineRead["document"] = { defaultAliasTable: defaultTable, dimensions: documentDims };
  if (variables && variables.variables.length > 0) {
    document.substitutionVariables = Object.fromEntries(variables.variables.map((v) => [v.name, v.value]));
  } else if (!variables) {
    notCarried.push("substitution variables (the server does not give them through this connector)");
  }
  // Calculation scripts are listed, not given: the snapshot has none (a server without any, SSAS, loses nothing).
  const scripts = await optional(() => call("the calculation scripts", () => essbase.scripts(session, ref)), {
    cube: ref.cube,
    scripts: [],
  });
  if (scripts.scripts.length > 0) {
    notCarried.push(
      `calculation scripts (${ref.cube}: ${scripts.scripts.map((s) => s.name).join(", ")}): the server lists them, but QiBates cannot read their content, so the snapshot has none`,
    );
  }
  return { document, dimensions: out, values, members, computedMembers, notCarried };
}

/** One query of the data read: the members of each base dimension it crosses. */
export interface DataChunk {
  /** Members per base dimension, in outline order. */
  members: string[][];
}

/** The plan of the data read: the column dimension and the chunks, each at most `maxCells` cells. */
export interface DataPlan {
  columnDimension: number;
  chunks: DataChunk[];
}

/**
 * Splits the level-0 cells of the cube into chunks: the dimension with the most leaves that fit across (at most
 * 256, dense preferred) goes across, split when it has more; the others are crossed down, the outermost fixed to
 * one member per chunk until a chunk has at most `maxCells` cells.
 */
export function planData(dims: OutlineRead["dimensions"], maxCells: number): DataPlan {
  const across = 256;
  const order = dims.map((_, i) => i);
  const score = (i: number) => {
    const d = dims[i] as OutlineRead["dimensions"][number];
    return (d.density === "dense" ? 1_000_000 : 0) + Math.min(d.leaves.length, across);
  };
  const columnDimension = order.reduce((best, i) => (score(i) > score(best) ? i : best), 0);
  const colLeaves = (dims[columnDimension] as OutlineRead["dimensions"][number]).leaves;
  const colPieces: string[][] = [];
  for (let i = 0; i < colLeaves.length; i += across) colPieces.push(colLeaves.slice(i, i + across));
  const rowDims = order.filter((i) => i !== columnDimension);
  const width = Math.min(across, colLeaves.length);
  // The fewest outer dimensions fixed so that the inner cross stays under maxCells.
  let fixed = 0;
  const innerRows = (k: number) =>
    rowDims
      .slice(k)
      .reduce((p, i) => p * Math.max(1, (dims[i] as OutlineRead["dimensions"][number]).leaves.length), 1);
  while (fixed < rowDims.length && innerRows(fixed) * width > maxCells) fixed++;
  const chunks: DataChunk[] = [];
  const outer = rowDims.slice(0, fixed);
  const leavesOf = (i: number) => (dims[i] as OutlineRead["dimensions"][number]).leaves;
  if (dims.some((d) => d.leaves.length === 0)) return { columnDimension, chunks };
  const walk = (k: number, chosen: Map<number, string[]>) => {
    if (k === outer.length) {
      for (const piece of colPieces) {
        const members = dims.map((_, i) => (i === columnDimension ? piece : (chosen.get(i) ?? leavesOf(i))));
        chunks.push({ members });
      }
      return;
    }
    const dim = outer[k] as number;
    for (const m of leavesOf(dim)) {
      chosen.set(dim, [m]);
      walk(k + 1, chosen);
    }
    chosen.delete(dim);
  };
  walk(0, new Map());
  return { columnDimension, chunks };
}

const bracket = (name: string) => `[${name.replaceAll("]", "]]")}]`;

/** The MDX query of a chunk: the column dimension across, every other dimension crossed down, empty rows left out. */
export function chunkQuery(
  ref: CubeRef,
  dims: readonly string[],
  plan: DataPlan,
  chunk: DataChunk,
): { query: string; rowDimensions: string[] } {
  const set = (i: number) =>
    `{${(chunk.members[i] as string[]).map((m) => `${bracket(dims[i] as string)}.${bracket(m)}`).join(", ")}}`;
  const rows = dims.map((_, i) => i).filter((i) => i !== plan.columnDimension);
  let down = set(rows[rows.length - 1] as number);
  for (let k = rows.length - 2; k >= 0; k--) down = `CrossJoin(${set(rows[k] as number)}, ${down})`;
  return {
    query: `SELECT ${set(plan.columnDimension)} ON COLUMNS, NON EMPTY ${down} ON ROWS FROM ${bracket(ref.application)}.${bracket(ref.cube)}`,
    rowDimensions: rows.map((i) => dims[i] as string),
  };
}

/**
 * The cells of a chunk's answer (member names, one per base dimension in outline order, and the value), read
 * from the grid's cell kinds: row headers give the row dimensions' members, the last column-header row the
 * column dimension's, data and read-only cells the values (missing cells are left out).
 */
export function chunkCells(
  answer: Schemas["GridResponse"],
  dims: readonly string[],
  plan: DataPlan,
  rowDimensions: readonly string[],
): { names: string[]; value: number }[] {
  const grid = answer.grid as unknown[][];
  const kinds = answer.cellKinds as string[][] | undefined;
  if (!kinds) throw new Error("the answer has no cell kinds");
  let header = -1;
  for (let r = 0; r < kinds.length; r++) if ((kinds[r] as string[]).includes("column-header")) header = r;
  const rowIndex = rowDimensions.map((d) => dims.indexOf(d));
  const out: { names: string[]; value: number }[] = [];
  for (let r = header + 1; r < grid.length; r++) {
    const rowKinds = kinds[r] as string[];
    const row = grid[r] as unknown[];
    const heads: string[] = [];
    rowKinds.forEach((k, c) => {
      if (k === "row-header") heads.push(String(row[c]).trim());
    });
    if (heads.length !== rowDimensions.length) {
      throw new Error(
        `row ${r} of the answer has ${heads.length} member labels where ${rowDimensions.length} were asked`,
      );
    }
    rowKinds.forEach((k, c) => {
      // A computed member's cells are read-only on the server: their values are kept all the same.
      if (k !== "data" && k !== "read-only") return;
      const value = Number(row[c]);
      if (!Number.isFinite(value))
        throw new Error(`cell ${r},${c} of the answer is not a number: ${String(row[c])}`);
      const names = new Array<string>(dims.length);
      rowIndex.forEach((d, i) => {
        names[d] = heads[i] as string;
      });
      names[plan.columnDimension] = String(grid[header]?.[c]).trim();
      out.push({ names, value });
    });
  }
  return out;
}
