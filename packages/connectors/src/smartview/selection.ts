import type { components } from "@qibates/client/schema";
import type { MembersOnDemand, SearchCandidate } from "@qibates/grid-bridge";
import { remoteAliasTable, remoteDimension, searchAnswer, searchOrder } from "@qibates/grid-bridge";
import { enumMembersBody, svList, svText } from "@qibates/protocols/smartview";
import type { CallContext, CubeRef, FilterInput, SearchInput } from "@qibates/provider";
import { ProviderError } from "@qibates/provider";
import { ListBudget } from "../net/list-budget.ts";
import { UNREADABLE } from "../net/unreadable.ts";
import type { OpenCube, SmartViewClient } from "./client.ts";
import { cellOf, ESS_INDENT, executeQueryBody, readGrid } from "./grid.ts";

type Schemas = components["schemas"];

/**
 * Member selection asked of the server in one round of requests (`nav/filter`), never by reading the dimension:
 * the members a filter chooses, in outline order, each with its generation and level, through `ExecuteQuery`
 * (the captured MDX message). Oracle's Essbase MDX reference gives the query (the `Ordinal` function's example:
 * two calculated members of another dimension, `Ordinal([Dim].CurrentMember.Generation)` and
 * `Ordinal([Dim].CurrentMember.Level)`, on the columns, the members on the rows): the rows' labels are the
 * members' names (`aliasTableName` none), their two cells the generation and the level. Beside it, the same set
 * on the columns with `aliasTableName` the call's table gives each member as that table shows it (its alias, or
 * its name when it has none). `LEVEL` and `GENERATION` list their members with `EnumMembers` (`Level(dim, n)`,
 * `Generation(dim, n)`, the captured filter catalogue) by name and in the table, and the query of the layer gives
 * their generations and levels: the layer's members in MDX list shared instances too (Oracle's `Level` example),
 * which the filters leave out.
 */

/** A member as `nav/filter` answers it. */
type Chosen = Schemas["Member"];

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** A name as an MDX member or dimension name: `[name]`, `]` doubled. */
const mdxName = (name: string) => `[${name.replace(/]/g, "]]")}]`;

/** The calculated members of the query: unlikely names, which no outline member shares. */
const GENERATION = "QiBates Generation Number";
const LEVEL = "QiBates Level Number";

/**
 * The query of `rows` (a set of `dimension`'s members) with each one's generation and level, two calculated
 * members of `other` (any other dimension of the cube) on the columns.
 */
export function layeredQuery(dimension: string, other: string, rows: string): string {
  const d = mdxName(dimension);
  const o = mdxName(other);
  const gen = `${o}.${mdxName(GENERATION)}`;
  const lev = `${o}.${mdxName(LEVEL)}`;
  return [
    `WITH MEMBER ${gen} AS 'Ordinal(${d}.CurrentMember.Generation)'`,
    `MEMBER ${lev} AS 'Ordinal(${d}.CurrentMember.Level)'`,
    `SELECT {${gen}, ${lev}} ON COLUMNS,`,
    `{${rows}} ON ROWS`,
  ].join("\n");
}

/** A member of a layered query's answer: its name, dimension, generation and level. */
interface Layered {
  name: string;
  generation: number;
  level: number;
}

/** A whole number of a data cell, or `null`. */
function wholeNumber(v: unknown): number | null {
  return typeof v === "number" && Number.isInteger(v) && v >= 0 ? v : null;
}

/**
 * The members of a layered query's answer (rows), and the dimension of its rows; an answer whose cells are not
 * whole numbers is malformed.
 */
export async function layeredRows(
  client: SmartViewClient,
  cube: OpenCube,
  mdx: string,
  budget: ListBudget,
): Promise<{ dimension: string | null; rows: Layered[] }> {
  const g = readGrid(await client.read("ExecuteQuery", executeQueryBody(mdx, null, ESS_INDENT.NONE), cube));
  if (!g) throw client.malformed(UNREADABLE.noGrid("ExecuteQuery"));
  const top = g.columns.length;
  const left = g.rows.length;
  const out: Layered[] = [];
  for (let r = top; r < g.height; r++) {
    const at = r * g.width;
    const name = (g.vals[at + left - 1] ?? "").trim();
    const generation = wholeNumber(cellOf(g, at + left));
    const level = wholeNumber(cellOf(g, at + left + 1));
    if (generation === null || level === null)
      throw client.malformed(UNREADABLE.columnTuples(g.width - left, 2));
    out.push({ name, generation, level });
  }
  budget.take(out.length, "ExecuteQuery (generations and levels)");
  return { dimension: g.rows[0] ?? null, rows: out };
}

/** The labels of a `SELECT {set} ON COLUMNS` as alias table `table` shows them, in the order of the set. */
export async function columnsShownIn(
  client: SmartViewClient,
  cube: OpenCube,
  set: string,
  table: string,
  budget: ListBudget,
): Promise<string[]> {
  const mdx = `SELECT {${set}} ON COLUMNS`;
  const g = readGrid(await client.read("ExecuteQuery", executeQueryBody(mdx, table, ESS_INDENT.NONE), cube));
  if (!g) throw client.malformed(UNREADABLE.noGrid("ExecuteQuery"));
  const labels: string[] = [];
  for (let c = g.rows.length; c < g.width; c++) labels.push((g.vals[c] ?? "").trim());
  budget.take(labels.length, `ExecuteQuery (${table})`);
  return labels;
}

/** The names an `EnumMembers` lists, as alias table `table` shows them when given. */
async function enumerated(
  client: SmartViewClient,
  cube: OpenCube,
  dimension: string,
  filter: string,
  args: string[],
  table: string | null,
  budget: ListBudget,
): Promise<string[]> {
  const answer = await client.read("EnumMembers", enumMembersBody(dimension, filter, args, table), cube);
  const names = svList(answer, "mbrs").filter((m) => m !== "");
  budget.take(names.length, `EnumMembers ${filter} of ${dimension}`);
  return names;
}

/** The whole number a `LEVEL` or `GENERATION` filter's argument is, or `null` (the engine words its refusal). */
function layerNumber(arg: FilterInput["arg1"]): number | null {
  if (typeof arg === "number") return Number.isInteger(arg) && arg >= 0 ? arg : null;
  if (typeof arg === "string" && /^\s*\d{1,6}\s*$/.test(arg)) return Number(arg);
  return null;
}

function unknownMember(member: string): ProviderError {
  return new ProviderError("MEMBER_UNKNOWN", `Unknown member ${member}.`, { member }, "action.member");
}

/**
 * `nav/filter` asked of the server: the answer, or `null` when this path does not answer the filter (a UDA
 * filter, an argument the engine refuses in its own words, a cube of one dimension), which then takes the
 * dimension's members read.
 */
export async function filterFromServer(
  client: SmartViewClient,
  cube: CubeRef,
  members: MembersOnDemand,
  input: FilterInput,
  call: CallContext,
): Promise<Schemas["FilterResponse"] | null> {
  const filter = String(input.filter).toUpperCase();
  const layer = filter === "LEVEL" || filter === "GENERATION" ? layerNumber(input.arg1) : null;
  if (!["NONE", "CHILDREN", "DESCENDANT", "LEVEL", "GENERATION"].includes(filter)) return null;
  if ((filter === "LEVEL" || filter === "GENERATION") && layer === null) return null;
  const remote = await members.outline(call);
  // Checked in the order the demo checks them: the alias table, the dimension, then the member.
  const table = remoteAliasTable(remote, input.aliasTable, "aliastable");
  const dim = remoteDimension(remote, input.dimension, cube.cube, "dimension");
  const other = remote.dimensions.find((d) => !same(d.name, dim.name) && d.type !== "attribute");
  if (!other) return null;
  const budget = new ListBudget(client);
  const answer = (chosen: Chosen[]): Schemas["FilterResponse"] => ({
    dimension: input.dimension,
    filter: input.filter,
    arg1: input.arg1 ?? null,
    members: chosen,
  });
  const d = mdxName(dim.name);

  if (filter === "LEVEL" || filter === "GENERATION") {
    const n = layer as number;
    const name = filter === "LEVEL" ? "Level" : "Generation";
    const args = [dim.name, String(n)];
    const set = filter === "LEVEL" ? `${d}.Levels(${n}).Members` : `${d}.Generations(${n}).Members`;
    const [names, shown, rows] = await Promise.all([
      enumerated(client, cube, dim.name, name, args, null, budget),
      enumerated(client, cube, dim.name, name, args, table, budget),
      layeredRows(client, cube, layeredQuery(dim.name, other.name, set), budget),
    ]);
    if (shown.length !== names.length)
      throw client.malformed(UNREADABLE.columnTuples(shown.length, names.length));
    // The first instance of a name is its stored member (a shared one comes after it in outline order).
    const byName = new Map<string, Layered>();
    for (const r of rows.rows) if (!byName.has(r.name.toLowerCase())) byName.set(r.name.toLowerCase(), r);
    return answer(
      names.map((m, i) => {
        const found = byName.get(m.toLowerCase());
        if (!found) throw client.malformed(UNREADABLE.columnTuples(rows.rows.length, names.length));
        const alias = shown[i] as string;
        return {
          name: m,
          alias: alias !== m ? alias : null,
          generation: found.generation,
          level: found.level,
        };
      }),
    );
  }

  // NONE: the dimension's members (its top first); CHILDREN and DESCENDANT: the member first, then those chosen.
  // An empty member starts from the dimension, as on the demo.
  const member = input.member ? input.member : null;
  const top = filter === "NONE" || member === null ? d : mdxName(member);
  const set =
    filter === "NONE"
      ? `${d}.Members`
      : filter === "CHILDREN"
        ? `${top}, ${top}.Children`
        : `Descendants(${top})`;
  let rows: { dimension: string | null; rows: Layered[] };
  let shown: string[];
  try {
    [rows, shown] = await Promise.all([
      layeredRows(client, cube, layeredQuery(dim.name, other.name, set), budget),
      columnsShownIn(client, cube, set, table, budget),
    ]);
  } catch (e) {
    if (e instanceof ProviderError && e.code === "MEMBER_UNKNOWN" && member !== null)
      throw unknownMember(member);
    throw e;
  }
  if (shown.length !== rows.rows.length)
    throw client.malformed(UNREADABLE.columnTuples(shown.length, rows.rows.length));
  if (filter !== "NONE") {
    // A member of another dimension is not one of this dimension's.
    if (rows.dimension === null || !same(rows.dimension, dim.name) || rows.rows.length === 0)
      throw unknownMember(member ?? dim.name);
  }
  const chosen = rows.rows.map((r, i) => {
    const alias = shown[i] as string;
    return { name: r.name, alias: alias !== r.name ? alias : null, generation: r.generation, level: r.level };
  });
  return answer(filter === "NONE" ? chosen : chosen.slice(1));
}

/** Keywords the server's pattern is written for: letters, digits, spaces, `-`, `_`, `.` and the wildcards. */
const PLAIN_KEYWORD = /^[\p{L}\p{N} _\-.*?]+$/u;

/**
 * The POSIX extended regular expression of a search keyword (`*` any run, `?` one character, `.` literal), for
 * the server's `IsMatch`: the whole text when `whole`, else any part of it.
 */
export function keywordPattern(keyword: string, whole: boolean): string {
  const body = [...keyword].map((c) => (c === "*" ? ".*" : c === "?" ? "." : c === "." ? "[.]" : c)).join("");
  return whole ? `^${body}$` : body;
}

/** A dimension a search reads, with another base dimension of the cube (`null` when it has none) for its query. */
interface Searched {
  dimension: string;
  other: string | null;
}

/**
 * What a search reads, from the outline: the alias table the call shows members in, and the dimensions searched
 * (the one the call names, or every dimension, base then attribute, when it names none), each with another base
 * dimension to hold the calculated members of its {@link layeredQuery}.
 */
async function searchedDimensions(
  members: MembersOnDemand,
  input: SearchInput,
  cube: CubeRef,
  call: CallContext,
): Promise<{ table: string; dims: Searched[] }> {
  const remote = await members.outline(call);
  const table = remoteAliasTable(remote, input.aliasTable, "aliastable");
  const names =
    input.dimension === null
      ? searchOrder(remote.dimensions)
      : [remoteDimension(remote, input.dimension, cube.cube, "dimension").name];
  const base = remote.dimensions.filter((d) => d.type !== "attribute");
  const dims = names.map((dimension) => ({
    dimension,
    other: base.find((d) => !same(d.name, dimension))?.name ?? null,
  }));
  return { table, dims };
}

/**
 * `nav/search` by name asked of the server, one round of two queries a dimension: the members of the dimension
 * (every dimension, base then attribute, when none is named) whose name matches (`Filter` with Essbase MDX's
 * `IsMatch` on `MEMBER_NAME`, Oracle's Essbase MDX reference), each with its generation and level, and the same
 * set as the call's table shows it. The search rule every path shares (`searchAnswer`, the demo's) then chooses
 * among them, so the answer is the demo's whatever the server's pattern took in; a shared member is found once, its
 * first (stored) instance. `null` when this path does not answer the search: a search of aliases (no public
 * source shows a member's alias in a table read inside an Essbase MDX expression), a keyword with other
 * characters than {@link PLAIN_KEYWORD}'s (the server's pattern escapes them its own way), a cube of one
 * dimension.
 */
export async function searchFromServer(
  client: SmartViewClient,
  cube: CubeRef,
  members: MembersOnDemand,
  input: SearchInput,
  call: CallContext,
  early: DimensionLists | null = null,
): Promise<Schemas["SearchResponse"] | null> {
  if (input.searchIn !== "NAME") return searchByLists(client, cube, members, input, call, early);
  if (!PLAIN_KEYWORD.test(input.keyword)) return null;
  const { table, dims } = await searchedDimensions(members, input, cube, call);
  const pattern = keywordPattern(input.keyword, input.matchWholeWord).replace(/"/g, "");
  const budget = new ListBudget(client);
  const perDimension = await Promise.all(
    dims.map(async ({ dimension, other }) => {
      if (other === null) return null;
      const d = mdxName(dimension);
      const set = `Filter(${d}.Members, IsMatch(${d}.CurrentMember.MEMBER_NAME, "${pattern}", IGNORE_CASE))`;
      const [rows, shown] = await Promise.all([
        layeredRows(client, cube, layeredQuery(dimension, other, set), budget),
        columnsShownIn(client, cube, set, table, budget),
      ]);
      if (shown.length !== rows.rows.length)
        throw client.malformed(UNREADABLE.columnTuples(shown.length, rows.rows.length));
      return rows.rows.map((r, i) => {
        const label = shown[i];
        const alias = label !== undefined && label !== "" && label !== r.name ? label : null;
        return { dimension, name: r.name, alias, generation: r.generation, level: r.level };
      });
    }),
  );
  if (perDimension.some((d) => d === null)) return null;
  return searchAnswer(input, perDimension.flat() as SearchCandidate[]);
}

/**
 * A dimension's members as two `EnumMembers` of the catalogue's `Descendants` filter (`DESCENDANTS(%0)`, the
 * dimension's top first, then every member under it in outline order) list them: by name (`alsTbl` none), and as
 * alias table `table` shows them (its alias, or its name when it has none), position by position. Started before
 * the dimensions are known when the call names its dimension (`startLists`), so they go in the session's first
 * round of reads.
 */
export interface DimensionLists {
  dimension: string;
  table: string;
  lists: Promise<{ names: string[]; shown: string[] } | null>;
}

/** The `overflow` of an `EnumMembers` answer other than `0`: the server cut its list short. */
const cutShort = (answer: Awaited<ReturnType<SmartViewClient["read"]>>) => {
  const overflow = svText(answer, "overflow").trim();
  return overflow !== "" && overflow !== "0";
};

/**
 * {@link DimensionLists} of `dimension` asked now (as the caller spells it; the server's names are not
 * case-sensitive). `lists` is `null` when the server says it cut a list short (`overflow`): the search then reads
 * the dimension as before.
 */
export function startLists(
  client: SmartViewClient,
  cube: OpenCube,
  dimension: string,
  table: string,
): DimensionLists {
  const ask = (alsTbl: string | null) =>
    client.read("EnumMembers", enumMembersBody(dimension, "Descendants", [dimension], alsTbl), cube);
  const lists = Promise.all([ask(null), ask(table)])
    .then(([byName, inTable]) => {
      if (cutShort(byName) || cutShort(inTable)) return null;
      const names = svList(byName, "mbrs");
      const shown = svList(inTable, "mbrs");
      if (shown.length !== names.length)
        throw client.malformed(UNREADABLE.columnTuples(shown.length, names.length));
      return { names, shown };
    })
    .catch((e: unknown) => {
      // A server refusing the filter on the dimension: the search reads the dimension as before.
      if (e instanceof ProviderError && e.code === "PROVIDER_FAILED") return null;
      throw e;
    });
  // Asked ahead of the call's checks: a refusal counts only once the call reads the lists.
  lists.catch(() => undefined);
  return { dimension, table, lists };
}

/** The page's members asked in one query: a few kilobytes of MDX each. */
const PAGE_PER_QUERY = 200;

/**
 * `nav/search` of aliases (`searchIn` `ALIAS` or `BOTH`), with the messages the captures show a real server
 * answering. No public source shows a server matching any part of an alias of a given table in one request:
 * `FindMember`'s pattern is documented only as a member name with Smart View's wildcards (agardiner/SmartView
 * `find_member`; Oracle's Smart View guide, member selection), Essbase's own patterns take `*` only at the end
 * (Technical Reference, report command `MATCH`), and Essbase MDX reads an alias of a named table only as a whole
 * text (`StrToMbr`). So each dimension searched is listed by two `EnumMembers` of `Descendants` (by name and in
 * the call's table, {@link DimensionLists}), the search rule every path shares (`searchAnswer`) chooses among
 * them, and one query gives the generation and level of the page's members only (`layeredQuery` of their
 * names). That is two lists of the dimension's labels, in one round, instead of one `EnumMembers` per parent and
 * the aliases of every member. `null` when this path does not answer (a list cut short, a cube of one dimension):
 * the dimension's members are then read as before (so is a server refusing the `Descendants` list).
 */
async function searchByLists(
  client: SmartViewClient,
  cube: CubeRef,
  members: MembersOnDemand,
  input: SearchInput,
  call: CallContext,
  early: DimensionLists | null,
): Promise<Schemas["SearchResponse"] | null> {
  const { table, dims } = await searchedDimensions(members, input, cube, call);
  if (dims.some((d) => d.other === null)) return null;
  const budget = new ListBudget(client);
  const listed = await Promise.all(
    dims.map(({ dimension }) => {
      const asked =
        early && same(early.dimension, dimension) && same(early.table, table)
          ? early
          : startLists(client, cube, dimension, table);
      return asked.lists;
    }),
  );
  if (listed.some((l) => l === null)) return null;
  function* candidates(): Generator<SearchCandidate> {
    for (const [i, { dimension }] of dims.entries()) {
      const { names, shown } = listed[i] as { names: string[]; shown: string[] };
      for (const [j, name] of names.entries()) {
        if (name === "") continue;
        const label = shown[j] as string;
        yield {
          dimension,
          name,
          alias: label !== "" && label !== name ? label : null,
          generation: 0,
          level: 0,
        };
      }
    }
  }
  // The two lists hold the same members: counted once.
  for (const [i, { dimension }] of dims.entries())
    budget.take(listed[i]?.names.length ?? 0, `EnumMembers Descendants of ${dimension}`);
  const answer = searchAnswer(input, candidates());
  // The generations and levels of the page's members: one query per dimension (and per PAGE_PER_QUERY members),
  // all in one round.
  const queries: { dimension: string; other: string; names: string[] }[] = [];
  for (const { dimension, other } of dims) {
    const names = answer.members.filter((m) => m.dimension === dimension).map((m) => m.name);
    for (let i = 0; i < names.length; i += PAGE_PER_QUERY)
      queries.push({ dimension, other: other as string, names: names.slice(i, i + PAGE_PER_QUERY) });
  }
  const layers = new Map<string, Layered>();
  await Promise.all(
    queries.map(async ({ dimension, other, names }) => {
      const set = names.map(mdxName).join(", ");
      const { rows } = await layeredRows(client, cube, layeredQuery(dimension, other, set), budget);
      if (rows.length !== names.length)
        throw client.malformed(UNREADABLE.columnTuples(rows.length, names.length));
      names.forEach((name, i) => {
        layers.set(`${dimension.toLowerCase()}\u0000${name.toLowerCase()}`, rows[i] as Layered);
      });
    }),
  );
  return {
    ...answer,
    members: answer.members.map((m) => {
      const found = layers.get(`${m.dimension.toLowerCase()}\u0000${m.name.toLowerCase()}`) as Layered;
      return { ...m, generation: found.generation, level: found.level };
    }),
  };
}
