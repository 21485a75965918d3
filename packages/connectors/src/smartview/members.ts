import type { CubeMemberSource, RemoteMemberInfo } from "@qibates/grid-bridge";
import { enumMembersBody, LIST_ELEMENT, leaf, readDimList, svList } from "@qibates/protocols/smartview";
import { type CallContext, ProviderError } from "@qibates/provider";
import { ListBudget } from "../net/list-budget.ts";
import { UNREADABLE } from "../net/unreadable.ts";
import { shareAcrossCalls } from "../net/upstream.ts";
import { eachLimited } from "../remote/each-limited.ts";
import type { OpenCube, SmartViewClient } from "./client.ts";
import { ESS_INDENT, executeQueryBody, readGrid } from "./grid.ts";
import { columnsShownIn, layeredQuery, layeredRows } from "./selection.ts";

/**
 * What the members read on demand (`MembersOnDemand`) ask of a Smart View provider, with only the
 * messages real servers are captured answering (agardiner/SmartView's APS logs): the dimensions and the alias
 * tables (`EnumDims`, `EnumAliasTables`, at once); a member's children (`EnumMembers` with the `Children` filter,
 * whose `atts` say which have children: 2, or not: 0); and a label's member with its ancestors through MDX
 * (`ExecuteQuery`, the captured grid message the connector already sends), since no captured message finds a
 * member by name: `SELECT {Hierarchize(Ancestors([label], [label].Dimension.Generations(1)))} ON COLUMNS`, the
 * member and every ancestor from the dimension down (Essbase's `Ancestors` is self-inclusive, top first; the
 * answer's `dims` say which dimension it is in; an unknown label is the captured "Unknown Member" exception).
 * `FindMember` would find a member too, but only within a dimension named beforehand, and no capture shows its
 * answer. Aliases: per dimension and alias table, one more `ExecuteQuery` of the members read in that call
 * (`SELECT {[a], [b], …} ON COLUMNS`) with the table as `aliasTableName`, its labels read in the order asked;
 * for a sheet's labels, the `Default` table (every cube's) is read by the same `Ancestors` query with that table,
 * sent beside the one by names: a sheet's labels cost two queries each, all in the round of the dimensions, and
 * one per dimension for any other table; a parent's children one `EnumMembers` and a few. The protocol says nothing
 * of storage or consolidation: members are stored, `+`; a member listed under a second parent after its own is
 * shared, as `MembersOnDemand` reads it.
 */

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** Members named in one alias query (its MDX stays a few kilobytes). */
const PER_QUERY = 200;

/** The alias table every Essbase cube has. */
const DEFAULT_TABLE = "Default";

/** Parents asked for their children at once (a few more than the client keeps in flight). */
const PARALLEL = 8;

/** Labels a sheet may have to be all asked on their own (two queries each), as before. */
const ALONE = 7;

/**
 * Labels of a larger sheet asked on their own before the others are asked per dimension: their two queries each
 * and the dimensions' two go out together within the session's reads in flight.
 */
const SAMPLE = 6;

/** Queries of a batch sent again, each without the label the server said names no member. */
const UNKNOWN_RETRIES = 3;

/** Labels whose chains one query asks (its MDX stays well under the 64 KiB a server takes). */
const PER_BATCH = 250;

/**
 * The dimension the later labels of a sheet are likely in, from the dimensions of the labels asked first (in the
 * sheet's order, `null` for a label naming no member): the one most of the last half of them name (the rows'
 * labels come last and repeat least: a sheet's labels are asked once each), the last one's on a tie; `null` when
 * none of them names a member.
 */
export function likelyDimension(seen: readonly (string | null)[]): string | null {
  const tail = seen.slice(Math.floor(seen.length / 2)).filter((d): d is string => d !== null);
  const counts = new Map<string, number>();
  for (const d of tail) counts.set(d, (counts.get(d) ?? 0) + 1);
  let best: string | null = null;
  let most = 0;
  for (const d of tail) {
    const n = counts.get(d) as number;
    if (n >= most) {
      most = n;
      best = d;
    }
  }
  return best;
}

/** A call's context with the one list budget of the members it reads ({@link withOneBudget}). */
interface BudgetedCall extends CallContext {
  readonly listBudget?: ListBudget;
}

/**
 * `call` (one API call) with one list budget (`net/list-budget.ts`) for every member it reads, however many
 * generations a tree or a zoom asks for: a server that lists children without end is refused as malformed. A
 * context derived from the call's, not copied (its deadline still read at each request); one that has a budget
 * already keeps it.
 */
export function withOneBudget<C extends CallContext>(call: C, client: SmartViewClient): C {
  if ((call as BudgetedCall).listBudget !== undefined) return call;
  return Object.create(call, { listBudget: { value: new ListBudget(client), enumerable: true } }) as C;
}

/** A label as an MDX member name: `[name]`, `]` doubled. */
const mdxName = (label: string) => `[${label.replace(/]/g, "]]")}]`;

/** The member a label names and its ancestors, from the dimension down, as one axis of MDX. */
function ancestorsMdx(label: string): string {
  const m = mdxName(label);
  return `SELECT {Hierarchize(Ancestors(${m}, ${m}.Dimension.Generations(1)))} ON COLUMNS`;
}

/**
 * The members of `cube` read on demand. `client` is the login's, bound to no call: each read sends within the
 * context of the call it is made for (`client.within(call)`), and counts what it lists against that call's budget
 * ({@link withOneBudget}; a read given a context without one, against its own).
 */
export function smartViewMembers(client: SmartViewClient, cube: OpenCube): CubeMemberSource {
  /** The cube's dimensions once read (a sheet's later labels are asked per dimension). */
  let knownDimensions: { name: string; type: string }[] | null = null;
  /** The dimensions' read under way (a sheet's labels are asked beside it). */
  let dimensionsRead: Promise<unknown> | null = null;
  const budgetOf = (call: CallContext) => (call as BudgetedCall).listBudget ?? new ListBudget(client);
  /** Each member read (lower case) → its dimension: `EnumMembers` asks for a dimension with the member. */
  const dimensionOf = new Map<string, string>();
  let tables: ((call: CallContext) => Promise<string[]>) | null = null;
  /**
   * The alias tables (read once; the dimensions' read asks for them at the same time), the read shared by the
   * calls that wait for it, each within its own deadline; a failed read is forgotten.
   */
  const aliasTables = (call: CallContext): Promise<string[]> => {
    if (!tables) {
      const join = shareAcrossCalls(
        (shared) =>
          client
            .within(shared)
            .read("EnumAliasTables", "", cube)
            .then((answer) => {
              const found = svList(answer, LIST_ELEMENT.EnumAliasTables).filter((t) => t !== "");
              new ListBudget(client).take(found.length, "EnumAliasTables");
              return found.length > 0 ? found : ["Default"];
            })
            .catch((e: unknown) => {
              if (tables === join) tables = null;
              throw e;
            }),
        new URL(client.where).origin,
      );
      tables = join;
    }
    return tables(call);
  };

  /** The labels of the first row of an `ExecuteQuery` answer (one axis: the columns), and the dimension. */
  const columnLabels = async (mdx: string, table: string | null, call: CallContext) => {
    const g = readGrid(
      await client.within(call).read("ExecuteQuery", executeQueryBody(mdx, table, ESS_INDENT.NONE), cube),
    );
    if (!g) throw client.malformed(UNREADABLE.noGrid("ExecuteQuery"));
    const labels: string[] = [];
    for (let c = g.rows.length; c < g.width; c++) labels.push((g.vals[c] ?? "").trim());
    return { dimension: g.columns[0] ?? null, labels };
  };

  /** The names of the member a label names and its ancestors, from the dimension down; `null` when it names none. */
  const chainOf = async (label: string, call: CallContext): Promise<string[] | null> => {
    const mdx = ancestorsMdx(label);
    let named: { dimension: string | null; labels: string[] };
    try {
      named = await columnLabels(mdx, null, call);
    } catch (e) {
      if (e instanceof ProviderError && e.code === "MEMBER_UNKNOWN") return null;
      throw e;
    }
    const names = named.labels;
    if (names.length === 0 || named.dimension === null || !same(names[0] as string, named.dimension))
      return null;
    for (const n of names) dimensionOf.set(n.toLowerCase(), names[0] as string);
    return names;
  };

  /**
   * The labels of a label's chain (as {@link chainOf} asks it) as alias table `table` shows them; `null` when the
   * server refuses the query (those members are then without aliases in it, as the whole-outline read left them).
   */
  const chainShownIn = async (label: string, table: string, call: CallContext): Promise<string[] | null> => {
    try {
      return (await columnLabels(ancestorsMdx(label), table, call)).labels;
    } catch (e) {
      if (e instanceof ProviderError && (e.code === "PROVIDER_FAILED" || e.code === "MEMBER_UNKNOWN"))
        return null;
      throw e;
    }
  };

  /**
   * The aliases of members of one dimension (their names), by lower-case name: per alias table, one `ExecuteQuery`
   * of the members themselves (at most {@link PER_QUERY} a query) with that table as `aliasTableName`, its labels
   * read in the order asked.
   */
  const aliasesOf = async (
    names: readonly string[],
    budget: ListBudget,
    asked: (table: string) => boolean,
    call: CallContext,
  ): Promise<Map<string, Record<string, string>>> => {
    const out = new Map<string, Record<string, string>>();
    const tableList = (await aliasTables(call)).filter(asked);
    const distinct = [...new Map(names.map((n) => [n.toLowerCase(), n])).values()];
    const chunks: string[][] = [];
    for (let i = 0; i < distinct.length; i += PER_QUERY) chunks.push(distinct.slice(i, i + PER_QUERY));
    await Promise.all(
      tableList.flatMap((table) =>
        chunks.map(async (chunk) => {
          const mdx = `SELECT {${chunk.map(mdxName).join(", ")}} ON COLUMNS`;
          let labels: string[];
          try {
            labels = (await columnLabels(mdx, table, call)).labels;
          } catch (e) {
            // A query the server refuses leaves these members without aliases, as the whole-outline read did.
            if (e instanceof ProviderError && (e.code === "PROVIDER_FAILED" || e.code === "MEMBER_UNKNOWN")) {
              budget.take(0, `ExecuteQuery (${table})`);
              return;
            }
            throw e;
          }
          budget.take(labels.length, `ExecuteQuery (${table})`);
          if (labels.length !== chunk.length)
            throw client.malformed(UNREADABLE.columnTuples(labels.length, chunk.length));
          chunk.forEach((name, i) => {
            const a = labels[i] as string;
            if (a === "" || a === name) return;
            const key = name.toLowerCase();
            const record = out.get(key) ?? {};
            record[table] ??= a;
            out.set(key, record);
          });
        }),
      ),
    );
    return out;
  };

  /** Members of the same dimension asked together for their aliases, grouped (insertion order kept). */
  const byDimension = (names: readonly string[]) => {
    const groups = new Map<string, string[]>();
    for (const n of names) {
      const dim = dimensionOf.get(n.toLowerCase()) ?? "";
      const list = groups.get(dim) ?? [];
      list.push(n);
      groups.set(dim, list);
    }
    return [...groups.values()];
  };

  const withAliases = async (
    names: readonly string[],
    budget: ListBudget,
    asked: (table: string) => boolean,
    call: CallContext,
  ) => {
    const maps = await Promise.all(byDimension(names).map((group) => aliasesOf(group, budget, asked, call)));
    return (name: string) => {
      for (const m of maps) {
        const a = m.get(name.toLowerCase());
        if (a) return a;
      }
      return undefined;
    };
  };

  /** Each label's chain asked on its own (two queries a label, all in one round), with its aliases. */
  const lookupEach = async (
    labels: readonly string[],
    call: CallContext,
  ): Promise<(RemoteMemberInfo[] | null)[]> => {
    const budget = budgetOf(call);
    // Each label's chain is asked twice at once, by names and as the Default alias table shows it (the same
    // members in the same order): the aliases every cube has come in the labels' round, not in one
    // more round after it.
    const named = Promise.all(labels.map((label) => chainOf(label, call)));
    const shownInDefault = Promise.all(labels.map((label) => chainShownIn(label, DEFAULT_TABLE, call)));
    shownInDefault.catch(() => undefined);
    const chains = await named;
    for (const c of chains) if (c) budget.take(c.length, "ExecuteQuery (Ancestors)");
    const shown = await shownInDefault;
    const tableList = await aliasTables(call);
    // Only when the server lists the table as asked: otherwise every table is asked as below.
    const folded = tableList.includes(DEFAULT_TABLE);
    const inDefault = new Map<string, string>();
    if (folded) {
      chains.forEach((names, i) => {
        const labelsShown = shown[i];
        if (!names || labelsShown === undefined) return;
        if (labelsShown === null) {
          budget.take(0, `ExecuteQuery (${DEFAULT_TABLE})`);
          return;
        }
        budget.take(labelsShown.length, `ExecuteQuery (${DEFAULT_TABLE})`);
        if (labelsShown.length !== names.length)
          throw client.malformed(UNREADABLE.columnTuples(labelsShown.length, names.length));
        names.forEach((name, j) => {
          const a = labelsShown[j] as string;
          const key = name.toLowerCase();
          if (a !== "" && a !== name && !inDefault.has(key)) inDefault.set(key, a);
        });
      });
    }
    // Then the aliases of the other tables, per dimension and table: a few queries, not one per label.
    const others = await withAliases(
      chains.flatMap((c) => c ?? []),
      budget,
      (table) => !folded || table !== DEFAULT_TABLE,
      call,
    );
    const aliases = (name: string): Record<string, string> | undefined => {
      const other = others(name);
      const a = inDefault.get(name.toLowerCase());
      if (a === undefined) return other;
      // In the tables' order, as each table's query set them.
      const record: Record<string, string> = {};
      for (const t of tableList) {
        const v = t === DEFAULT_TABLE ? a : other?.[t];
        if (v !== undefined) record[t] = v;
      }
      return record;
    };
    return chains.map((names) =>
      names === null
        ? null
        : names.map((name, i) => {
            const info: RemoteMemberInfo = {
              name,
              parent: i === 0 ? null : (names[i - 1] as string),
              // The ancestors have children; the member itself is asked for its own when they are needed.
              childCount: 1,
            };
            const a = aliases(name);
            if (a) info.aliases = a;
            return info;
          }),
    );
  };

  /**
   * A sheet's labels in a few queries, not two a label: up to {@link ALONE} labels are asked on their own, and of
   * more, the first {@link SAMPLE} (beside the dimensions, as before); the dimensions they name say which
   * dimension the later labels are likely in ({@link likelyDimension}). Those are then asked {@link PER_BATCH} at
   * a time by one query of their chains (`Hierarchize({Ancestors([a], [Dim].Generations(1)), …})`, each member
   * with its generation, `layeredQuery`) and one of the same set as the `Default` table shows it, all in one
   * round: the chains are read back from the members in outline order and their generations. A label the server
   * names unknown is left out of its query, which is sent again; a query the server refuses otherwise (a label
   * in another dimension) and a label found neither by name nor by its `Default` alias are asked on their own.
   */
  const lookupBatched = async (
    labels: readonly string[],
    call: CallContext,
  ): Promise<(RemoteMemberInfo[] | null)[]> => {
    if (labels.length <= ALONE) return lookupEach(labels, call);
    const first = await lookupEach(labels.slice(0, SAMPLE), call);
    const rest = labels.slice(SAMPLE);
    if (!knownDimensions) await dimensionsRead?.catch(() => undefined);
    const dims = knownDimensions;
    const likely = dims ? likelyDimension(first.map((c) => c?.[0]?.name ?? null)) : null;
    const predicted = likely === null ? null : rest.map(() => likely);
    const found: (RemoteMemberInfo[] | null | undefined)[] = new Array(rest.length).fill(undefined);
    if (dims && predicted) {
      const budget = budgetOf(call);
      const groups = new Map<string, number[]>();
      predicted.forEach((d, i) => {
        const list = groups.get(d) ?? [];
        list.push(i);
        groups.set(d, list);
      });
      const batches: { dimension: string; at: number[] }[] = [];
      for (const [dimension, at] of groups)
        for (let i = 0; i < at.length; i += PER_BATCH)
          batches.push({ dimension, at: at.slice(i, i + PER_BATCH) });
      const read = await Promise.all(
        batches.map(async ({ dimension, at }) => {
          const other = dims.find((d) => !same(d.name, dimension) && d.type !== "attribute");
          if (!other) return [];
          const chains = await chainsInOne(
            dimension,
            other.name,
            at.map((i) => rest[i] as string),
            budget,
            call,
          );
          chains?.forEach((c, j) => {
            found[at[j] as number] = c;
          });
          return chains ?? [];
        }),
      );
      // The other alias tables, per dimension and table, as for the labels asked on their own.
      const tableList = await aliasTables(call);
      const others = tableList.filter((t) => t !== DEFAULT_TABLE);
      if (others.length > 0) {
        const names = read.flat().flatMap((c) => (c ?? []).map((m) => m.name));
        const aliases = await withAliases(names, budget, (t) => t !== DEFAULT_TABLE, call);
        for (const c of found)
          for (const m of c ?? []) {
            const a = aliases(m.name);
            if (a) m.aliases = { ...m.aliases, ...a };
          }
      }
    }
    const left = found.flatMap((c, i) => (c === undefined ? [i] : []));
    if (left.length > 0) {
      const each = await lookupEach(
        left.map((i) => rest[i] as string),
        call,
      );
      left.forEach((i, j) => {
        found[i] = each[j] ?? null;
      });
    }
    return [...first, ...(found as (RemoteMemberInfo[] | null)[])];
  };

  /**
   * The chains of `labels`, all of `dimension`, from one query of their ancestors with each one's generation
   * (and one of the same set in the `Default` table, in the same round): per label, its chain; `undefined` for a
   * label found neither by name nor by its `Default` alias; `null` for the whole when the server refuses the
   * query or answers another dimension's members.
   */
  const chainsInOne = async (
    dimension: string,
    other: string,
    labels: readonly string[],
    budget: ListBudget,
    call: CallContext,
  ): Promise<(RemoteMemberInfo[] | null | undefined)[] | null> => {
    // The server names the first unknown member of a query ("Unknown Member … used in query"): that label names
    // none (as asked on its own), and the others are asked again without it, a few times at most.
    let asked = [...labels];
    const unknown = new Set<string>();
    for (let attempt = 0; attempt <= UNKNOWN_RETRIES; attempt++) {
      try {
        const chains = await chainsOfOneQuery(dimension, other, asked, budget, call);
        if (!chains) return null;
        const byLabel = new Map(asked.map((l, i) => [l, chains[i]]));
        return labels.map((l) => (unknown.has(l) ? null : byLabel.get(l)));
      } catch (e) {
        if (!(e instanceof ProviderError) || e.code !== "MEMBER_UNKNOWN") throw e;
        const named = String(e.params?.member ?? "")
          .replace(/^\[(.*)\]$/, "$1")
          .trim()
          .toLowerCase();
        const label = asked.find((l) => l.trim().toLowerCase() === named);
        if (label === undefined) return null;
        unknown.add(label);
        asked = asked.filter((l) => l !== label);
        if (asked.length === 0) return labels.map(() => null);
      }
    }
    return null;
  };

  /** {@link chainsInOne}'s one query; throws `MEMBER_UNKNOWN` as the server words it. */
  const chainsOfOneQuery = async (
    dimension: string,
    other: string,
    labels: readonly string[],
    budget: ListBudget,
    call: CallContext,
  ): Promise<(RemoteMemberInfo[] | undefined)[] | null> => {
    const bound = client.within(call);
    const d = mdxName(dimension);
    const set = `Hierarchize({${labels.map((l) => `Ancestors(${mdxName(l)}, ${d}.Generations(1))`).join(", ")}})`;
    let rows: Awaited<ReturnType<typeof layeredRows>>;
    let shown: string[] | null;
    try {
      [rows, shown] = await Promise.all([
        layeredRows(bound, cube, layeredQuery(dimension, other, set), budget),
        columnsShownIn(bound, cube, set, DEFAULT_TABLE, budget).catch((e) => {
          if (e instanceof ProviderError && (e.code === "PROVIDER_FAILED" || e.code === "MEMBER_UNKNOWN"))
            return null;
          throw e;
        }),
      ]);
    } catch (e) {
      if (e instanceof ProviderError && e.code === "PROVIDER_FAILED") return null;
      throw e;
    }
    if (rows.dimension === null || !same(rows.dimension, dimension)) return null;
    if (shown && shown.length !== rows.rows.length)
      throw client.malformed(UNREADABLE.columnTuples(shown.length, rows.rows.length));
    // Each member's parent: the last member before it one generation up (the set is in outline order).
    const parentOf: number[] = [];
    const lastAt: number[] = [];
    for (let i = 0; i < rows.rows.length; i++) {
      const g = (rows.rows[i] as { generation: number }).generation;
      const up = g === 1 ? -1 : lastAt[g - 1];
      if (g < 1 || up === undefined || (g === 1 && !same((rows.rows[i] as { name: string }).name, dimension)))
        return null;
      parentOf.push(up);
      lastAt[g] = i;
      lastAt.length = g + 1;
    }
    const infos: RemoteMemberInfo[] = rows.rows.map((r, i) => {
      dimensionOf.set(r.name.toLowerCase(), dimension);
      const up = parentOf[i] as number;
      const info: RemoteMemberInfo = {
        name: r.name,
        parent: up < 0 ? null : (rows.rows[up] as { name: string }).name,
        childCount: r.level === 0 ? 0 : 1,
      };
      const a = shown?.[i];
      if (a !== undefined && a !== "" && a !== r.name) info.aliases = { [DEFAULT_TABLE]: a };
      return info;
    });
    const byName = new Map<string, number>();
    const byAlias = new Map<string, number>();
    infos.forEach((m, i) => {
      if (!byName.has(m.name.toLowerCase())) byName.set(m.name.toLowerCase(), i);
      const a = m.aliases?.[DEFAULT_TABLE];
      if (a !== undefined && !byAlias.has(a.toLowerCase())) byAlias.set(a.toLowerCase(), i);
    });
    return labels.map((label) => {
      const key = label.trim().toLowerCase();
      const at = byName.get(key) ?? byAlias.get(key);
      if (at === undefined) return undefined;
      const chain: RemoteMemberInfo[] = [];
      for (let i = at; i >= 0; i = parentOf[i] as number)
        chain.unshift({ ...(infos[i] as RemoteMemberInfo) });
      return chain;
    });
  };

  /** The dimensions and the alias tables, read once. */
  const readDimensions = async (call: CallContext) => {
    const budget = budgetOf(call);
    // Each dimension's alias in a table is its `alias` in `EnumDims` asked with that table (as the captured HFM
    // answer carries it; terameta's template asks with `Default`, every Essbase cube's table): `Default` with
    // the alias tables, any other table once they are known.
    const dimsIn = async (table: string) => {
      const list = readDimList(await client.within(call).read("EnumDims", leaf("alsTbl", table), cube));
      budget.take(list.length, "EnumDims");
      return list;
    };
    const [tableList, dims] = await Promise.all([aliasTables(call), dimsIn(DEFAULT_TABLE)]);
    if (dims.length === 0) throw client.malformed(UNREADABLE.noDimension("EnumDims", cube.cube));
    const others = await Promise.all(
      tableList.map((t) => (same(t, DEFAULT_TABLE) ? Promise.resolve(dims) : dimsIn(t))),
    );
    for (const d of dims) dimensionOf.set(d.name.toLowerCase(), d.name);
    knownDimensions = dims.map((d) => ({ name: d.name, type: d.type }));
    return {
      dimensions: dims.map((d) => ({ name: d.name, type: d.type })),
      // A dimension's members are asked for when a call needs them.
      roots: dims.map((d, i) => {
        const root: RemoteMemberInfo = { name: d.name, parent: null, childCount: 1 };
        tableList.forEach((table, t) => {
          const shown = others[t]?.[i];
          if (!shown || !same(shown.name, d.name) || shown.alias === "" || shown.alias === d.name) return;
          root.aliases = { ...root.aliases, [table]: shown.alias };
        });
        return root;
      }),
      aliasTables: tableList,
    };
  };

  return {
    dimensions(call) {
      const read = readDimensions(call);
      dimensionsRead = read;
      return read;
    },

    lookup: (labels, call) => lookupBatched(labels, call),

    async children(parents, call) {
      const budget = budgetOf(call);
      // A few parents at a time, none asked once the call's budget is spent: a server listing children without
      // end is stopped within a few answers of the bound.
      let spent: unknown = null;
      const lists = await eachLimited(call, parents, PARALLEL, async (parent, c) => {
        if (spent !== null) throw spent;
        const dim = parent.parent === null ? parent.name : dimensionOf.get(parent.name.toLowerCase());
        if (dim === undefined) return [];
        const answer = await client
          .within(c)
          .read("EnumMembers", enumMembersBody(dim, "Children", [parent.name]), cube);
        const names = svList(answer, "mbrs");
        const atts = svList(answer, "atts");
        try {
          budget.take(names.length, `EnumMembers Children of ${parent.name}`);
        } catch (e) {
          spent = e;
          throw e;
        }
        return names.flatMap((name, i) => {
          if (name === "") return [];
          dimensionOf.set(name.toLowerCase(), dim);
          const info: RemoteMemberInfo = {
            name,
            parent: parent.name,
            position: i,
            // `atts` 0: no children (the captures' leaves); 2, or none said: asked for when needed.
            childCount: atts[i] === "0" ? 0 : 1,
          };
          return [info];
        });
      });
      const aliases = await withAliases(
        lists.flatMap((l) => l.map((m) => m.name)),
        budget,
        () => true,
        call,
      );
      return lists.map((l) =>
        l.map((m) => {
          const a = aliases(m.name);
          return a ? { ...m, aliases: a } : m;
        }),
      );
    },
  };
}
