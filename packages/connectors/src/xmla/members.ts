import type { CubeMemberSource, RemoteDimension, RemoteMemberInfo } from "@qibates/grid-bridge";
import { bracket, MEMBER_TYPE, TREE_OP } from "@qibates/protocols/xmla";
import { type CallContext, ProviderError } from "@qibates/provider";
import { ListBudget } from "../net/list-budget.ts";
import { UNREADABLE } from "../net/unreadable.ts";
import { shareAcrossCalls } from "../net/upstream.ts";
import { eachLimited } from "../remote/each-limited.ts";
import type { XmlaClient } from "./client.ts";
import { membersWhere } from "./mdx.ts";
import { dimensionType, visibleDimensions } from "./outline.ts";

/**
 * What the members read on demand (`MembersOnDemand`) ask of an XMLA server, with restricted
 * `MDSCHEMA_MEMBERS` as Excel's PivotTables read SSAS, level by level as the user opens them: the dimensions
 * (`MDSCHEMA_DIMENSIONS`) and their top members (`LEVEL_NUMBER` 0, all dimensions in one answer), both at once;
 * a label's member (`MEMBER_NAME`, and `MEMBER_CAPTION` for a caption, at once, every label's with the
 * dimensions), then, in one more round, that member and its ancestors (`TREE_OP` self and ancestors) unless its
 * parent is a dimension's top; a member's children (`TREE_OP` children). A dimension's members are
 * never read in one answer, so a dimension of a million members opens with the default `UPSTREAM_MAX_ANSWER_BYTES`.
 * Members as the engine outline holds them: one top member stands for the dimension (SSAS's All member, Essbase's
 * dimension member), several top members hang under the dimension itself; a caption other than the name is the
 * member's alias in the `Default` table; `MEMBER_TYPE` 4 (formula) is read-only as Essbase's dynamic members.
 */

type Row = Record<string, string>;

/** The intrinsic member properties a label's query asks for each member (MDSCHEMA_MEMBERS' columns). */
const PROPERTIES = [
  "MEMBER_NAME",
  "PARENT_UNIQUE_NAME",
  "CHILDREN_CARDINALITY",
  "MEMBER_ORDINAL",
  "MEMBER_TYPE",
];

/** Labels up to which a sheet's labels are asked one by one (rowsets) rather than in one query per dimension. */
const LABELS_BY_ROWSETS = 8;

/** Requests in flight at once for one call's members. */
const IN_FLIGHT = 16;

export interface Dimensions {
  dimensions: RemoteDimension[];
  roots: RemoteMemberInfo[];
  rootChildren: (RemoteMemberInfo[] | null)[];
  uniqueNames: string[][];
  /** The default hierarchies' unique names: rows of other hierarchies are left out. */
  hierarchies: Set<string>;
  /** Per dimension (same order as `dimensions`), its default hierarchy's unique name. */
  hierarchyOf: string[];
  /** A dimension's single top member (its unique name) → the dimension's name. */
  tops: Map<string, string>;
  /** A hierarchy or dimension unique name → the dimension's name. */
  dimensionOf: Map<string, string>;
  /** Dimensions whose several top members hang under the dimension itself. */
  virtual: Set<string>;
}

function info(r: Row, parent: string | null, position?: number): RemoteMemberInfo {
  const name = r.MEMBER_NAME as string;
  const cardinality = r.CHILDREN_CARDINALITY;
  const out: RemoteMemberInfo = {
    name,
    parent,
    uniqueName: r.MEMBER_UNIQUE_NAME as string,
    // A server that leaves the count out is asked for the children when they are needed.
    childCount: cardinality === undefined || cardinality === "" ? 1 : Number(cardinality) || 0,
  };
  // MEMBER_ORDINAL, where the server numbers members in outline order, orders siblings read at different times.
  const ordinal = Number(r.MEMBER_ORDINAL);
  if (r.MEMBER_ORDINAL !== undefined && r.MEMBER_ORDINAL !== "" && Number.isInteger(ordinal) && ordinal > 0)
    out.position = ordinal;
  else if (position !== undefined) out.position = position;
  const caption = r.MEMBER_CAPTION ?? "";
  if (caption !== "" && caption !== name) out.aliases = { Default: caption };
  if (r.MEMBER_TYPE === String(MEMBER_TYPE.FORMULA)) out.storage = "dynamic-calc";
  return out;
}

/** The members read on demand, and the cube's dimensions as the server names them (for member selection). */
export interface XmlaMemberSource extends CubeMemberSource {
  shape(call: CallContext): Promise<Dimensions>;
}

export function xmlaMembers(
  client: XmlaClient,
  properties: Record<string, string | undefined>,
  catalog: string,
  cube: string,
): XmlaMemberSource {
  const where = { CATALOG_NAME: catalog, CUBE_NAME: cube };
  const members = async (
    restrictions: Record<string, string | undefined>,
    budget: ListBudget,
    call: CallContext,
  ) => {
    const rows = await client
      .within(call)
      .discover("MDSCHEMA_MEMBERS", { ...where, ...restrictions }, properties);
    budget.take(rows.length, "MDSCHEMA_MEMBERS");
    return rows;
  };

  // The dimensions, read once and shared by the calls that wait for it, each within its own deadline; a failed
  // read is forgotten, so the next call reads again.
  let join: ((call: CallContext) => Promise<Dimensions>) | null = null;
  const dimensions = (call: CallContext): Promise<Dimensions> => {
    if (!join) {
      const read = shareAcrossCalls(
        (shared) =>
          readDimensions(shared).catch((e: unknown) => {
            if (join === read) join = null;
            throw e;
          }),
        new URL(client.where).origin,
      );
      join = read;
    }
    return join(call);
  };

  const readDimensions = async (call: CallContext): Promise<Dimensions> => {
    const budget = new ListBudget(client);
    const [dimRows, topRows] = await Promise.all([
      client.within(call).discover("MDSCHEMA_DIMENSIONS", where, properties),
      members({ LEVEL_NUMBER: "0" }, budget, call),
    ]);
    budget.take(dimRows.length, "MDSCHEMA_DIMENSIONS");
    const dims = visibleDimensions(client, dimRows, cube);
    const out: Dimensions = {
      dimensions: [],
      roots: [],
      rootChildren: [],
      uniqueNames: [],
      hierarchies: new Set(),
      hierarchyOf: [],
      tops: new Map(),
      dimensionOf: new Map(),
      virtual: new Set(),
    };
    for (const d of dims) {
      const name = d.DIMENSION_NAME as string;
      const hierarchy = d.DEFAULT_HIERARCHY || d.DIMENSION_UNIQUE_NAME || `[${name}]`;
      const names = [d.DIMENSION_UNIQUE_NAME, d.DEFAULT_HIERARCHY].filter((u): u is string => !!u);
      for (const u of names) out.dimensionOf.set(u, name);
      out.hierarchies.add(hierarchy);
      out.hierarchyOf.push(hierarchy);
      out.uniqueNames.push(names);
      out.dimensions.push({
        name,
        type: d.IS_VIRTUAL === "true" ? "attribute" : dimensionType(d.DIMENSION_TYPE ?? ""),
      });
      const ofHierarchy = (r: Row) =>
        (r.HIERARCHY_UNIQUE_NAME || r.DIMENSION_UNIQUE_NAME) === hierarchy ||
        (!r.HIERARCHY_UNIQUE_NAME && r.DIMENSION_UNIQUE_NAME === d.DIMENSION_UNIQUE_NAME);
      let tops = topRows.filter((r) => ofHierarchy(r) && r.MEMBER_UNIQUE_NAME && r.MEMBER_NAME);
      if (tops.length === 0 || tops.some((r) => r.PARENT_UNIQUE_NAME)) {
        // A server whose level 0 is not the top (levels numbered from the leaves): the dimension's own list,
        // once, for its top members.
        const all = (
          await members(
            {
              DIMENSION_UNIQUE_NAME: d.DIMENSION_UNIQUE_NAME,
              HIERARCHY_UNIQUE_NAME: d.DEFAULT_HIERARCHY || undefined,
            },
            budget,
            call,
          )
        ).filter((r) => r.MEMBER_UNIQUE_NAME && r.MEMBER_NAME);
        const listed = new Set(all.map((r) => r.MEMBER_UNIQUE_NAME));
        tops = all.filter((r) => !r.PARENT_UNIQUE_NAME || !listed.has(r.PARENT_UNIQUE_NAME));
      }
      const single = tops.length === 1 ? (tops[0] as Row) : null;
      if (single) {
        const top = info(single, null);
        const caption = single.MEMBER_CAPTION ?? "";
        out.tops.set(single.MEMBER_UNIQUE_NAME as string, name);
        out.roots.push({
          name,
          parent: null,
          childCount: top.childCount,
          uniqueName: single.MEMBER_UNIQUE_NAME as string,
          ...(caption !== "" && caption !== name && caption !== single.MEMBER_NAME
            ? { aliases: { Default: caption } }
            : {}),
        });
        out.rootChildren.push(null);
      } else {
        out.virtual.add(name);
        out.roots.push({ name, parent: null, childCount: tops.length, uniqueName: hierarchy });
        out.rootChildren.push(tops.map((r, i) => info(r, name, i)));
      }
    }
    return out;
  };

  /** The member a row stands for, its parent named as the outline names it (a dimension's top: the dimension). */
  const chainOf = async (
    row: Row,
    d: Dimensions,
    budget: ListBudget,
    call: CallContext,
  ): Promise<RemoteMemberInfo[] | null> => {
    const unique = row.MEMBER_UNIQUE_NAME as string;
    const top = d.tops.get(unique);
    if (top !== undefined)
      return [d.roots[d.dimensions.findIndex((x) => x.name === top)] as RemoteMemberInfo];
    const rows = await members(
      { MEMBER_UNIQUE_NAME: unique, TREE_OP: String(TREE_OP.SELF | TREE_OP.ANCESTORS) },
      budget,
      call,
    );
    const byUnique = new Map(rows.map((r) => [r.MEMBER_UNIQUE_NAME, r]));
    // A unique name the server does not know (a query's calculated member) names no member.
    if (!byUnique.has(unique) && !row.MEMBER_NAME) return null;
    const path: Row[] = [];
    for (
      let r: Row | undefined = byUnique.get(unique) ?? row;
      r;
      r = byUnique.get(r.PARENT_UNIQUE_NAME ?? "")
    ) {
      if (path.includes(r) || path.length > 1000)
        throw client.malformed(UNREADABLE.tooDeep("MDSCHEMA_MEMBERS", 1000));
      path.unshift(r);
      if (!r.PARENT_UNIQUE_NAME || d.tops.has(r.MEMBER_UNIQUE_NAME as string)) break;
    }
    const first = path[0] as Row;
    const dimName =
      d.tops.get(first.MEMBER_UNIQUE_NAME as string) ??
      d.dimensionOf.get(first.HIERARCHY_UNIQUE_NAME || first.DIMENSION_UNIQUE_NAME || "");
    if (dimName === undefined) return null;
    const root = d.roots[d.dimensions.findIndex((x) => x.name === dimName)] as RemoteMemberInfo;
    // The dimension's top stands for the dimension; several tops hang under the dimension itself.
    const below = d.tops.has(first.MEMBER_UNIQUE_NAME as string) ? path.slice(1) : path;
    const chain: RemoteMemberInfo[] = [root];
    for (const r of below) chain.push(info(r, (chain[chain.length - 1] as RemoteMemberInfo).name));
    return chain;
  };

  /** Each label by name and by caption, one rowset each, then its ancestors: for a server that refuses the query. */
  const lookupByRowsets = async (
    labels: readonly string[],
    call: CallContext,
  ): Promise<(RemoteMemberInfo[] | null)[]> => {
    // The labels are asked while the dimensions are read (a session's first grid waits for one round, not two).
    const known = dimensions(call);
    const budget = new ListBudget(client);
    // By name, and by caption (the alias a sheet may show), at once: every label's before any ancestors, so
    // that the ancestors are one more round whatever order the server answers in.
    const [d, found] = await Promise.all([
      known,
      eachLimited(call, labels, IN_FLIGHT, (label, c) =>
        Promise.all([
          members({ MEMBER_NAME: label }, budget, c),
          members({ MEMBER_CAPTION: label }, budget, c),
        ]),
      ),
    ]);
    const ofCube = (rows: Row[]) =>
      rows.filter(
        (r) =>
          r.MEMBER_UNIQUE_NAME &&
          r.MEMBER_NAME &&
          d.hierarchies.has(r.HIERARCHY_UNIQUE_NAME || r.DIMENSION_UNIQUE_NAME || ""),
      );
    return eachLimited(
      call,
      labels.map((_, i) => i),
      IN_FLIGHT,
      async (i, c) => {
        const label = labels[i] as string;
        const dim = d.dimensions.findIndex((x) => x.name.toLowerCase() === label.toLowerCase());
        if (dim >= 0) return [d.roots[dim] as RemoteMemberInfo];
        const [byName, byCaption] = found[i] as [Row[], Row[]];
        const row = ofCube(byName)[0] ?? ofCube(byCaption)[0];
        if (!row) return null;
        // A child of a dimension's single top: its row says all its chain does, no ancestors to ask.
        const top = d.tops.get(row.PARENT_UNIQUE_NAME ?? "");
        if (top !== undefined && !d.tops.has(row.MEMBER_UNIQUE_NAME as string)) {
          const root = d.roots[d.dimensions.findIndex((x) => x.name === top)] as RemoteMemberInfo;
          return [root, info(row, root.name)];
        }
        return chainOf(row, d, budget, c);
      },
    );
  };

  /**
   * Every label in one MDX `Execute` per dimension, sent at once: the members whose name or caption (lower case)
   * is found in the labels' text, each with its ancestors (`Generate(…, Ascendants(…))`), described by the
   * intrinsic properties MDSCHEMA_MEMBERS carries (`DIMENSION PROPERTIES`), with no cell. The labels are then
   * matched exactly, by name first, as the rowsets' answers are read (the server's answer may hold more: a label
   * that itself holds a bar), so a sheet of a thousand rows costs what a sheet of four does.
   */
  const lookupByQuery = async (
    labels: readonly string[],
    d: Dimensions,
    whole: boolean,
    call: CallContext,
  ): Promise<(RemoteMemberInfo[] | null)[]> => {
    const text = `|${[...new Set(labels.map((l) => l.toLowerCase()))].join("|")}|`;
    const literal = `"${text.replaceAll('"', '""')}"`;
    const answers = await Promise.all(
      d.dimensions.map(async (dim, i) => {
        const h = d.hierarchyOf[i] as string;
        const current = `${h}.CurrentMember`;
        // Each label stands between two bars in the text: a member is found when its name or caption, between
        // bars, is one of them (not when it is only a part of a longer label). Without `whole`, when it is any
        // part of the text: for an MDX that does not join strings with `+`.
        const asked = (t: string) => (whole ? `"|" + LCase(${t}) + "|"` : `LCase(${t})`);
        const found = `InStr(${literal}, ${asked(`${current}.Name`)}) > 0 OR InStr(${literal}, ${asked(`${current}.Properties("MEMBER_CAPTION")`)}) > 0`;
        // A dimension's single top: the dimension read subtree by subtree (no set as large as the dimension).
        const top = d.virtual.has(dim.name) ? undefined : d.roots[i]?.uniqueName;
        const members = top ? membersWhere(h, top, found) : `Filter(${h}.Members, ${found})`;
        const statement = [
          // Nothing on the columns: the rows' members and their properties, no cell ("Skipping axes", MDX with
          // SSAS 2012 Cookbook: `SELECT { } ON 0, <set> ON 1` lists a set's members without data).
          `SELECT {} ON COLUMNS,`,
          `Generate(${members}, Ascendants(${current}))`,
          `DIMENSION PROPERTIES ${PROPERTIES.join(", ")} ON ROWS`,
          `FROM ${bracket(cube)}`,
        ].join("\n");
        const data = await client.within(call).execute(statement, properties);
        const rows: Row[] = (data.axes[1] ?? []).flatMap((tuple) => {
          const m = tuple[0];
          if (!m?.uniqueName) return [];
          const p = m.properties ?? {};
          const row: Row = { ...p, MEMBER_UNIQUE_NAME: m.uniqueName, MEMBER_CAPTION: m.caption };
          if (!row.MEMBER_NAME) row.MEMBER_NAME = m.caption;
          return [row];
        });
        return { dim: dim.name, index: i, rows };
      }),
    );
    const byName = new Map<string, { row: Row; index: number; byUnique: Map<string, Row> }>();
    const byCaption = new Map<string, { row: Row; index: number; byUnique: Map<string, Row> }>();
    for (const a of answers) {
      const byUnique = new Map(a.rows.map((r) => [r.MEMBER_UNIQUE_NAME as string, r]));
      for (const row of a.rows) {
        const entry = { row, index: a.index, byUnique };
        const name = (row.MEMBER_NAME as string).toLowerCase();
        if (!byName.has(name)) byName.set(name, entry);
        const caption = (row.MEMBER_CAPTION ?? "").toLowerCase();
        if (caption !== "" && !byCaption.has(caption)) byCaption.set(caption, entry);
      }
    }
    return labels.map((label) => {
      const l = label.toLowerCase();
      const dim = d.dimensions.findIndex((x) => x.name.toLowerCase() === l);
      if (dim >= 0) return [d.roots[dim] as RemoteMemberInfo];
      const found = byName.get(l) ?? byCaption.get(l);
      if (!found) return null;
      const root = d.roots[found.index] as RemoteMemberInfo;
      const path: Row[] = [];
      for (let r: Row | undefined = found.row; r; r = found.byUnique.get(r.PARENT_UNIQUE_NAME ?? "")) {
        if (path.includes(r) || path.length > 1000)
          throw client.malformed(UNREADABLE.tooDeep("Execute", 1000));
        path.unshift(r);
        if (!r.PARENT_UNIQUE_NAME || d.tops.has(r.MEMBER_UNIQUE_NAME as string)) break;
      }
      const first = path[0] as Row;
      // The dimension's single top stands for the dimension; several tops hang under the dimension itself.
      const below = d.tops.has(first.MEMBER_UNIQUE_NAME as string) ? path.slice(1) : path;
      const chain: RemoteMemberInfo[] = [root];
      for (const r of below) chain.push(info(r, (chain[chain.length - 1] as RemoteMemberInfo).name));
      return chain;
    });
  };

  return {
    shape: dimensions,

    async dimensions(call) {
      const d = await dimensions(call);
      return {
        dimensions: d.dimensions,
        roots: d.roots,
        rootChildren: d.rootChildren,
        uniqueNames: d.uniqueNames,
        aliasTables: ["Default"],
      };
    },

    async lookup(labels, call) {
      // A few labels are asked by name and caption (two rowsets each, beside the dimensions: indexed lookups on
      // the server, one round fewer); more, in one query per dimension once the dimensions are known.
      if (labels.length <= LABELS_BY_ROWSETS) return lookupByRowsets(labels, call);
      const d = await dimensions(call);
      const refused = (e: unknown) => e instanceof ProviderError && e.code === "PROVIDER_FAILED";
      try {
        return await lookupByQuery(labels, d, true, call);
      } catch (e) {
        if (!refused(e)) throw e;
      }
      // A server whose MDX refuses the query is asked the looser one, then label by label.
      try {
        return await lookupByQuery(labels, d, false, call);
      } catch (e) {
        if (refused(e)) return lookupByRowsets(labels, call);
        throw e;
      }
    },

    async lookupUnique(uniqueNames, call) {
      const d = await dimensions(call);
      const budget = new ListBudget(client);
      return eachLimited(call, uniqueNames, IN_FLIGHT, async (unique, c) => {
        const dim = d.tops.get(unique) ?? d.dimensionOf.get(unique);
        if (dim !== undefined)
          return [d.roots[d.dimensions.findIndex((x) => x.name === dim)] as RemoteMemberInfo];
        return chainOf({ MEMBER_UNIQUE_NAME: unique }, d, budget, c);
      });
    },

    async children(parents, call) {
      const d = await dimensions(call);
      const budget = new ListBudget(client);
      return eachLimited(call, parents, IN_FLIGHT, async (parent, c) => {
        const i = d.roots.findIndex(
          (r) => r === parent || (parent.parent === null && r.name === parent.name),
        );
        if (i >= 0 && d.virtual.has(parent.name)) return d.rootChildren[i] ?? [];
        if (!parent.uniqueName) return [];
        const rows = await members(
          { MEMBER_UNIQUE_NAME: parent.uniqueName, TREE_OP: String(TREE_OP.CHILDREN) },
          budget,
          c,
        );
        // A row naming the parent itself is kept: the member reader refuses an outline that lists a member
        // among its own children, where dropping the row would hide the server's answer.
        return rows
          .filter((r) => r.MEMBER_UNIQUE_NAME && r.MEMBER_NAME)
          .map((r, j) => info(r, parent.name, j));
      });
    },
  };
}
