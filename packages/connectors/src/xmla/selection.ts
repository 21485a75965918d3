import type { components } from "@qibates/client/schema";
import type { Member } from "@qibates/engine";
import { applyApiFilter } from "@qibates/engine/members";
import {
  engineError,
  knownAliasTable,
  type MembersOnDemand,
  searchAnswer,
  searchOrder,
} from "@qibates/grid-bridge";
import { bracket, type DataSet } from "@qibates/protocols/xmla";
import { type CallContext, type FilterInput, ProviderError, type SearchInput } from "@qibates/provider";
import { UNREADABLE } from "../net/unreadable.ts";
import type { XmlaClient } from "./client.ts";
import { membersWhere } from "./mdx.ts";
import type { Dimensions, XmlaMemberSource } from "./members.ts";

type Schemas = components["schemas"];

/**
 * Member selection asked of the XMLA server, one MDX `Execute` per dimension, never by reading the dimension: the
 * set the call selects (a member's `Children`, its `Descendants`, the members of a generation or level, those
 * whose name or caption holds the keyword's literal parts) on rows, and on columns three calculated members the
 * server evaluates for each row: the member's name, its generation (`Count(Ascendants(m))`, 1 at the
 * dimension's top, whichever way the server numbers its levels) and its Essbase level (the longest way down to a
 * leaf: `Max(Descendants(m, , LEAVES), Count(Ascendants(…)))` less the member's own generation). The rows come in
 * the hierarchy's order, which is the outline's, so the answer is the one the demo's rules give over the whole
 * outline. A shared member is a name met again later in outline order (XMLA does not say which instance is
 * stored; Essbase lists the stored one first): a search and a level or generation list each name once. A dimension
 * with several top members (no `All` level) is left to the outline read member by member.
 */

/** The calculated members' names (one query's scope only). */
const NAME = "[QB Name]";
const GENERATION = "[QB Generation]";
const LEVEL = "[QB Level]";

/** One member of a selection, as the server described it. */
interface Selected {
  uniqueName: string;
  name: string;
  alias: string | null;
  generation: number;
  level: number;
}

/** What a selection needs of a cube: its name, its members read so far, how to reach the server. */
export interface SelectionCube {
  cube: string;
  members: MembersOnDemand;
  source: XmlaMemberSource;
  properties: Record<string, string | undefined>;
}

const mdxString = (text: string) => `"${text.replaceAll('"', '""')}"`;

/** A dimension of the cube as the selection names it in MDX, or `null` when the outline read must answer. */
interface Hierarchy {
  index: number;
  name: string;
  unique: string;
  /** The dimension's single top member's unique name: its row stands for the dimension. */
  top: string;
  /** The alias of the dimension's top, as the outline read gives it. */
  topAlias: string | null;
  /** Where the calculated members live: a dimension other than this one (the accounts one when it can). */
  host: string;
}

function hierarchyOf(d: Dimensions, name: string): Hierarchy | null | undefined {
  const index = d.dimensions.findIndex((x) => x.name.toLowerCase() === name.toLowerCase());
  if (index < 0) return undefined;
  const dim = d.dimensions[index];
  const root = d.roots[index];
  const unique = d.hierarchyOf[index];
  if (!dim || !root || !unique || d.virtual.has(dim.name) || !root.uniqueName) return null;
  const others = d.dimensions.map((x, i) => ({ x, i })).filter(({ i }) => i !== index);
  const host = others.find(({ x }) => x.type === "accounts") ?? others[0];
  const hostName = host ? d.hierarchyOf[host.i] : undefined;
  if (!hostName) return null;
  return {
    index,
    name: dim.name,
    unique,
    top: root.uniqueName,
    topAlias: root.aliases?.Default ?? null,
    host: hostName,
  };
}

/** The statement that lists `set` with each member's name, generation and level, evaluated by the server. */
function statement(cube: string, h: Hierarchy, set: string): string {
  const current = `${h.unique}.CurrentMember`;
  const generation = `Count(Ascendants(${current}))`;
  const level = `Max(Descendants(${current}, , LEAVES), ${generation}) - ${generation}`;
  const member = (n: string, formula: string) =>
    `MEMBER ${h.host}.${n} AS '${formula.replaceAll("'", "''")}'`;
  return [
    "WITH",
    member(NAME, `${current}.Name`),
    member(GENERATION, generation),
    member(LEVEL, level),
    `SELECT {${h.host}.${NAME}, ${h.host}.${GENERATION}, ${h.host}.${LEVEL}} ON COLUMNS,`,
    `${set} ON ROWS`,
    `FROM ${bracket(cube)}`,
  ].join("\n");
}

/** The rows of a selection's answer, each member as the outline read names it (the top: the dimension). */
function selected(client: XmlaClient, data: DataSet, h: Hierarchy): Selected[] {
  const rows = data.axes[1] ?? [];
  const columns = data.axes[0]?.length ?? 0;
  if (data.axes.length !== 2 || columns !== 3) throw client.malformed(UNREADABLE.columnTuples(columns, 3));
  return rows.map((tuple, r) => {
    const m = tuple[0];
    const cell = (c: number) => data.cells.get(r * 3 + c)?.value ?? null;
    const uniqueName = m?.uniqueName ?? "";
    const number = (c: number) => {
      const v = Number(cell(c));
      return Number.isFinite(v) ? v : 0;
    };
    const generation = number(1);
    const level = Math.max(0, number(2));
    if (uniqueName === h.top) return { uniqueName, name: h.name, alias: h.topAlias, generation, level };
    const raw = cell(0);
    const name = raw === null ? (m?.caption ?? "") : String(raw);
    const caption = m?.caption ?? "";
    return {
      uniqueName,
      name,
      alias: caption !== "" && caption !== name ? caption : null,
      generation,
      level,
    };
  });
}

/** Each name once, the first in outline order (the stored member): what Essbase lists of a level or a search. */
function storedOnly(ms: readonly Selected[]): Selected[] {
  const seen = new Set<string>();
  return ms.filter((m) => {
    const key = m.name.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const info = (m: Selected) => ({
  name: m.name,
  alias: m.alias,
  generation: m.generation,
  level: m.level,
});

function unknownDimension(name: string, cube: string, field: string): ProviderError {
  return new ProviderError(
    "DIMENSION_UNKNOWN",
    `Unknown dimension ${name}.`,
    { dimension: name, cube },
    field,
  );
}

/**
 * `nav/filter` asked of the server: CHILDREN and DESCENDANT (of the dimension or of `member`), LEVEL and
 * GENERATION, NONE, in one `Execute`; `null` when the outline read answers it (UDA, which XMLA does not carry; a
 * dimension with several tops).
 */
export async function xmlaFilter(
  client: XmlaClient,
  c: SelectionCube,
  input: FilterInput,
  call: CallContext,
): Promise<Schemas["FilterResponse"] | null> {
  const filter = String(input.filter).toUpperCase();
  if (!["NONE", "CHILDREN", "DESCENDANT", "DESCENDANTS", "LEVEL", "GENERATION"].includes(filter)) return null;
  const [{ aliasTables }, shape] = await Promise.all([c.members.dimensions(call), c.source.shape(call)]);
  const table = knownAliasTable(aliasTables, input.aliasTable, "aliastable");
  const h = hierarchyOf(shape, input.dimension);
  if (h === undefined) throw unknownDimension(input.dimension, c.cube, "dimension");
  if (h === null) return null;
  let at = h.top;
  let member: Member | undefined;
  if (input.member) {
    // The member by name or alias, with its ancestors, as the outline read finds a sheet's label.
    await c.members.ensureLabels([input.member], call);
    const remote = await c.members.outline(call);
    member = remote.outline.resolve(input.member, table);
    if (!member || member.dimension.name !== h.name) {
      throw new ProviderError(
        "MEMBER_UNKNOWN",
        `Unknown member ${input.member}.`,
        { member: input.member },
        "action.member",
      );
    }
    at = remote.uniqueName(member);
  }
  // The arguments are checked by the demo's own rules (over the dimension read so far: only its errors count).
  const remote = await c.members.outline(call);
  const dim = remote.outline.dimension(h.name);
  try {
    if (dim) applyApiFilter(dim, filter, input.arg1 ?? null, member ?? dim.root);
  } catch (e) {
    engineError(e);
  }
  const current = `${h.unique}.CurrentMember`;
  const n = Number(input.arg1);
  const set =
    filter === "CHILDREN"
      ? `${at}.Children`
      : filter === "NONE"
        ? `${h.unique}.Members`
        : filter === "LEVEL"
          ? membersWhere(
              h.unique,
              h.top,
              `Max(Descendants(${current}, , LEAVES), Count(Ascendants(${current}))) - Count(Ascendants(${current})) = ${n}`,
            )
          : filter === "GENERATION"
            ? membersWhere(h.unique, h.top, `Count(Ascendants(${current})) = ${n}`)
            : `Descendants(${at})`;
  const data = await client.execute(statement(c.cube, h, set), c.properties);
  let members = selected(client, data, h);
  if (filter === "DESCENDANT" || filter === "DESCENDANTS")
    members = members.filter((m) => m.uniqueName !== at);
  if (filter === "LEVEL" || filter === "GENERATION") members = storedOnly(members);
  return {
    dimension: input.dimension,
    filter: input.filter,
    arg1: input.arg1 ?? null,
    members: members.map(info),
  };
}

/** The keyword's literal parts (between its wildcards), lower case: each must be in a member's name or caption. */
function literalParts(keyword: string): string[] {
  return keyword
    .split(/[*?]+/)
    .filter((p) => p !== "")
    .map((p) => p.toLowerCase());
}

/**
 * `nav/search` asked of the server: per dimension, one `Execute` listing the members whose name (or caption) holds
 * each literal part of the keyword, sent at once for every dimension searched; the search rule every path shares
 * (`searchAnswer`: wildcards, whole word, names or captions) then picks among them, as the demo's search does. `null` when a dimension searched has several tops.
 */
export async function xmlaSearch(
  client: XmlaClient,
  c: SelectionCube,
  input: SearchInput,
  call: CallContext,
): Promise<Schemas["SearchResponse"] | null> {
  const [{ aliasTables }, shape] = await Promise.all([c.members.dimensions(call), c.source.shape(call)]);
  // Only the table XMLA carries (captions: `Default`) is searched; another is refused as the demo refuses it.
  knownAliasTable(aliasTables, input.aliasTable, "aliastable");
  const names = input.dimension === null ? searchOrder(shape.dimensions) : [input.dimension];
  const hierarchies: Hierarchy[] = [];
  for (const name of names) {
    const h = hierarchyOf(shape, name);
    if (h === undefined) throw unknownDimension(name, c.cube, "dimension");
    if (h === null) return null;
    hierarchies.push(h);
  }
  const parts = literalParts(input.keyword);
  const found = await Promise.all(
    hierarchies.map(async (h) => {
      const current = `${h.unique}.CurrentMember`;
      const holds = (text: string) =>
        parts.map((p) => `InStr(LCase(${text}), ${mdxString(p)}) > 0`).join(" AND ");
      const byName = holds(`${current}.Name`);
      const byCaption = holds(`${current}.Properties("MEMBER_CAPTION")`);
      const test =
        parts.length === 0
          ? null
          : input.searchIn === "NAME"
            ? byName
            : input.searchIn === "ALIAS"
              ? byCaption
              : `(${byName}) OR (${byCaption})`;
      const set = test === null ? `${h.unique}.Members` : membersWhere(h.unique, h.top, test);
      const data = await client.execute(statement(c.cube, h, set), c.properties);
      return storedOnly(selected(client, data, h)).map((m) => ({ m, dimension: h.name }));
    }),
  );
  return searchAnswer(
    input,
    found.flat().map(({ m, dimension }) => ({ dimension, ...info(m) })),
  );
}
