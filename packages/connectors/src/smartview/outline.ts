import type { DimensionSpec, MemberSpec } from "@qibates/engine";
import { Outline } from "@qibates/engine";
import { bracket, type MdxOutline, type RemoteDimension } from "@qibates/grid-bridge";
import { enumMembersBody, LIST_ELEMENT, leaf, readDimList, svList } from "@qibates/protocols/smartview";
import { ListBudget } from "../net/list-budget.ts";
import { UNREADABLE } from "../net/unreadable.ts";
import type { OpenCube, SmartViewClient, SvElement } from "./client.ts";
import { executeQueryBody, readGrid } from "./grid.ts";

/**
 * The outline of a cube read through Smart View messages and rebuilt as an engine `Outline`, so that the
 * connector lists trees, applies member filters, searches and lays grids out with the engine's rules:
 * `EnumAliasTables` (the alias tables), `EnumDims` (dimensions in outline order; `type="Attribute"` marks an
 * attribute dimension), then per dimension `EnumMembers` with the `Level(dim, 0)` filter (the members without
 * children) and `Children(member)` for every other member, from the dimension down; a member listed under a
 * second parent is a shared member. Aliases: one `ExecuteQuery` per dimension and alias table, with that table
 * as `aliasTableName`, of `DESCENDANTS` of the dimension on the rows, read beside the same query with member
 * names. The protocol says nothing of storage, consolidation, formulas or UDAs: members are stored, `+`.
 *
 * No message with public evidence answers more of the outline at once (a whole tree, or names with aliases), so
 * the read is many small requests (84 for Sample.Basic). Those that do not wait for another's answer are sent
 * together, as reads of the open cube (`SmartViewClient.read`), the client keeping `SESSION_READS` of them in
 * flight: the alias tables with the dimensions; then every dimension's tree and aliases at once, a tree level
 * by level. The answers are put together in outline order, as if read one after the other, and a failure is the
 * one the reads in that order would have met first.
 */

/** Parents of one dimension asked for their children at once (the client bounds what is in flight). */
const PARALLEL = 8;

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** A dimension's labels: the member names, then as each alias table shows them (in the tables' order). */
interface AliasLabels {
  names: string[];
  shown: string[][];
}

/**
 * The values of `work`, sent together, once every one has ended; a failure is the first in `work`'s order, as
 * if they had run one after the other.
 */
async function settledInOrder<T>(work: Promise<T>[]): Promise<T[]> {
  const ended = await Promise.allSettled(work);
  const failed = ended.find((r) => r.status === "rejected");
  if (failed) throw failed.reason;
  return ended.map((r) => (r as PromiseFulfilledResult<T>).value);
}

/** The member names an `EnumMembers` answers, counted against the call's `budget` when there is one. */
export async function enumMembers(
  client: SmartViewClient,
  cube: OpenCube,
  dim: string,
  filter: string,
  args: string[],
  budget?: ListBudget,
): Promise<string[]> {
  const answer = await client.read("EnumMembers", enumMembersBody(dim, filter, args), cube);
  const names = svList(answer, "mbrs").filter((m) => m !== "");
  budget?.take(names.length, `EnumMembers ${filter} of ${dim}`);
  return names;
}

/**
 * The whole outline, every answer of the read counted against one budget (`net/list-budget.ts`): a server that
 * lists children without end, or more dimensions, alias tables or members than any cube has, is refused as
 * malformed instead of read until memory or time runs out.
 */
export async function readSmartViewOutline(client: SmartViewClient, cube: OpenCube): Promise<MdxOutline> {
  const budget = new ListBudget(client);
  const [tableList, dimList] = (await settledInOrder([
    client.read("EnumAliasTables", "", cube),
    client.read("EnumDims", leaf("alsTbl", "none"), cube),
  ])) as [SvElement, SvElement];
  const tables = svList(tableList, LIST_ELEMENT.EnumAliasTables).filter((t) => t !== "");
  budget.take(tables.length, "EnumAliasTables");
  const aliasTables = tables.length > 0 ? tables : ["Default"];
  const dims = readDimList(dimList);
  budget.take(dims.length, "EnumDims");
  if (dims.length === 0) throw client.malformed(UNREADABLE.noDimension("EnumDims", cube.cube));

  // Aliases: member name → alias, per table, from two queries of the same members.
  const base = dims.filter((d) => d.type !== "attribute");
  const labelsOf = async (d: (typeof dims)[number]): Promise<AliasLabels | null> => {
    const across = base.find((o) => o.name !== d.name);
    if (!across) return null;
    const mdx = `SELECT {${bracket(across.name)}} ON COLUMNS, {DESCENDANTS(${bracket(d.name)})} ON ROWS`;
    const labels = async (table: string | null) => {
      const g = readGrid(await client.read("ExecuteQuery", executeQueryBody(mdx, table), cube));
      if (!g) return [];
      const out: string[] = [];
      for (let r = g.columns.length; r < g.height; r++) out.push((g.vals[r * g.width] ?? "").trim());
      return out;
    };
    // A query the server refuses leaves the dimension without aliases, but counts as an answer read.
    const what = `ExecuteQuery (${d.name})`;
    let names: string[];
    try {
      names = await labels(null);
    } catch {
      budget.take(0, what);
      return null;
    }
    budget.take(names.length, what);
    const shown = await settledInOrder(
      aliasTables.map(async (table) => {
        const row = await labels(table).catch(() => [] as string[]);
        budget.take(row.length, what);
        return row;
      }),
    );
    return { names, shown };
  };
  // Every tree and every dimension's aliases at once; a failure is the first in the order of a read one after
  // the other (the trees, then the aliases).
  const [trees, labels] = await Promise.all([
    Promise.allSettled(dims.map((d) => readTree(client, cube, d.name, budget))),
    Promise.allSettled(dims.map(labelsOf)),
  ]);
  const failed = [...trees, ...labels].find((r) => r.status === "rejected");
  if (failed) throw failed.reason;

  const aliases = new Map<string, Record<string, string>>();
  dims.forEach((d, i) => {
    const found = (labels[i] as PromiseFulfilledResult<AliasLabels | null>).value;
    if (!found) return;
    const { names, shown } = found;
    aliasTables.forEach((table, t) => {
      const those = shown[t] as string[];
      if (those.length !== names.length) return;
      names.forEach((n, j) => {
        const a = those[j] as string;
        if (a !== "" && a !== n) {
          const key = `${d.name}\u0000${n}`.toLowerCase();
          const record = aliases.get(key) ?? {};
          record[table] ??= a;
          aliases.set(key, record);
        }
      });
    });
  });

  const dimensions: RemoteDimension[] = dims.map((d) => ({ name: d.name, type: d.type }));
  const specs: DimensionSpec[] = dims.map((d, i) => {
    const children = (trees[i] as PromiseFulfilledResult<Map<string, string[]>>).value;
    const seen = new Set<string>([d.name.toLowerCase()]);
    const aliasOf = (m: string) => aliases.get(`${d.name}\u0000${m}`.toLowerCase());
    const member = (name: string): MemberSpec => {
      const spec: MemberSpec = { name };
      const lower = name.toLowerCase();
      if (seen.has(lower)) {
        spec.storage = "shared";
        return spec;
      }
      seen.add(lower);
      const a = aliasOf(name);
      if (a) spec.aliases = a;
      const kids = children.get(lower) ?? [];
      if (kids.length > 0) spec.children = kids.map(member);
      return spec;
    };
    const rootAlias = aliasOf(d.name);
    return {
      name: d.name,
      type: d.type,
      ...(rootAlias ? { aliases: rootAlias } : {}),
      members: (children.get(d.name.toLowerCase()) ?? []).map(member),
    };
  });
  const outline = new Outline({ name: `${cube.application}.${cube.cube}`, aliasTables, dimensions: specs });
  return {
    outline,
    dimensions,
    aliasTables,
    uniqueName: (m) => `${bracket(m.dimension.name)}.${bracket(m.name)}`,
    memberOf: (uniqueName) => {
      const parts = /^\[((?:[^\]]|]])*)]\.\[((?:[^\]]|]])*)]$/.exec(uniqueName);
      if (!parts) return undefined;
      const m = outline.resolve((parts[2] as string).replace(/]]/g, "]"), aliasTables[0] ?? "Default");
      return m && same(m.dimension.name, (parts[1] as string).replace(/]]/g, "]")) ? m : undefined;
    },
    dimensionOf: (uniqueName) => outline.dimension(uniqueName.replace(/^\[|]$/g, "").replace(/]]/g, "]")),
  };
}

/**
 * Parent (lower case) → children names, from the dimension down: `Children` of every member not at level 0,
 * every answer counted against `budget`.
 */
async function readTree(
  client: SmartViewClient,
  cube: OpenCube,
  dim: string,
  budget: ListBudget,
): Promise<Map<string, string[]>> {
  const leaves = new Set(
    (await enumMembers(client, cube, dim, "Level", [dim, "0"], budget)).map((m) => m.toLowerCase()),
  );
  const tree = new Map<string, string[]>();
  let parents = [dim];
  while (parents.length > 0) {
    const next: string[] = [];
    const queued = new Set<string>();
    for (let i = 0; i < parents.length; i += PARALLEL) {
      const batch = parents.slice(i, i + PARALLEL);
      const answers = await Promise.all(
        batch.map((p) => enumMembers(client, cube, dim, "Children", [p], budget)),
      );
      batch.forEach((p, j) => {
        const kids = answers[j] ?? [];
        tree.set(p.toLowerCase(), kids);
        for (const k of kids) {
          const lower = k.toLowerCase();
          // A member seen before (shared) or without children is not asked for its children.
          if (!leaves.has(lower) && !tree.has(lower) && !queued.has(lower)) {
            queued.add(lower);
            next.push(k);
          }
        }
      });
    }
    parents = next;
  }
  return tree;
}
