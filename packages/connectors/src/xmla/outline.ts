import type { DimensionSpec, MemberSpec } from "@qibates/engine";
import { Outline } from "@qibates/engine";
import type { MdxOutline, RemoteDimension } from "@qibates/grid-bridge";
import { DIMENSION_TYPE, MEMBER_TYPE } from "@qibates/protocols/xmla";
import { ListBudget } from "../net/list-budget.ts";
import { UNREADABLE } from "../net/unreadable.ts";
import type { XmlaClient } from "./client.ts";

/**
 * The outline of a cube read through XMLA Discover and rebuilt as an engine `Outline`, so that the connector
 * lists trees, applies member filters, searches and lays grids out with the same rules as the embedded engine:
 * `MDSCHEMA_DIMENSIONS` (order, type, default hierarchy), then `MDSCHEMA_MEMBERS` of each dimension's default
 * hierarchy, the tree rebuilt from `PARENT_UNIQUE_NAME` in the order the server lists the members. A member
 * listed again under another parent is a shared member; `MEMBER_TYPE` 4 (formula) is a calculated member,
 * read-only as Essbase's dynamic members are; a `MEMBER_CAPTION` other than the name is the member's alias in
 * the `Default` table (XMLA has one caption per member); a virtual dimension is an attribute dimension. Each member keeps its `MEMBER_UNIQUE_NAME`, which the
 * MDX the connector sends uses.
 */

export type XmlaOutline = MdxOutline;

/** `DIMENSION_TYPE`: time, measures or accounts (OLE DB for OLAP and Analysis Services values), else regular. */
export function dimensionType(raw: string): RemoteDimension["type"] {
  if (raw === String(DIMENSION_TYPE.TIME)) return "time";
  if (raw === String(DIMENSION_TYPE.MEASURE) || raw === String(DIMENSION_TYPE.ACCOUNTS)) return "accounts";
  return "regular";
}

const PARALLEL = 4;

/** The visible dimensions of an `MDSCHEMA_DIMENSIONS` answer in `DIMENSION_ORDINAL` order; none is malformed. */
export function visibleDimensions(
  client: XmlaClient,
  rows: readonly Record<string, string>[],
  cube: string,
): Record<string, string>[] {
  const dims = rows
    .filter((d) => d.DIMENSION_NAME && d.DIMENSION_IS_VISIBLE !== "false")
    .map((d, i) => ({ row: d, ordinal: Number(d.DIMENSION_ORDINAL ?? i) || i, index: i }))
    .sort((a, b) => a.ordinal - b.ordinal || a.index - b.index)
    .map((d) => d.row);
  if (dims.length === 0) throw client.malformed(UNREADABLE.noDimension("MDSCHEMA_DIMENSIONS", cube));
  return dims;
}

/**
 * The outline of `cube`, every answer of the read counted against one budget (`net/list-budget.ts`): a server
 * that names more dimensions or members than any cube has is refused as malformed instead of asked without end.
 */
export async function readXmlaOutline(
  client: XmlaClient,
  properties: Record<string, string | undefined>,
  catalog: string,
  cube: string,
): Promise<XmlaOutline> {
  const budget = new ListBudget(client);
  const dimRows = await client.discover(
    "MDSCHEMA_DIMENSIONS",
    { CATALOG_NAME: catalog, CUBE_NAME: cube },
    properties,
  );
  budget.take(dimRows.length, "MDSCHEMA_DIMENSIONS");
  const dims = visibleDimensions(client, dimRows, cube);

  const memberRows: Record<string, string>[][] = [];
  for (let i = 0; i < dims.length; i += PARALLEL) {
    const batch = dims.slice(i, i + PARALLEL);
    const answers = await Promise.all(
      batch.map(async (d) => {
        const rows = await client.discover(
          "MDSCHEMA_MEMBERS",
          {
            CATALOG_NAME: catalog,
            CUBE_NAME: cube,
            DIMENSION_UNIQUE_NAME: d.DIMENSION_UNIQUE_NAME,
            HIERARCHY_UNIQUE_NAME: d.DEFAULT_HIERARCHY || undefined,
          },
          properties,
        );
        budget.take(rows.length, `MDSCHEMA_MEMBERS (${d.DIMENSION_NAME ?? ""})`);
        return rows;
      }),
    );
    memberRows.push(...answers);
  }

  const uniqueNames = new Map<string, string>();
  /** Unique name → [dimension, member name]; hierarchy and dimension unique names → dimension. */
  const memberAt = new Map<string, [string, string]>();
  /** A shared member's unique name (`[Product].[Diet].[100-20]`) → [member name, its parent's unique name]. */
  const sharedAt = new Map<string, [string, string]>();
  const dimensionsByUnique = new Map<string, string>();
  const key = (dimension: string, member: string) =>
    `${dimension.toLowerCase()}\u0000${member.toLowerCase()}`;
  const dimensions: RemoteDimension[] = [];
  const specs: DimensionSpec[] = dims.map((d, i) => {
    const name = d.DIMENSION_NAME as string;
    for (const u of [d.DIMENSION_UNIQUE_NAME, d.DEFAULT_HIERARCHY]) if (u) dimensionsByUnique.set(u, name);
    // Essbase's attribute dimensions are virtual dimensions of the cube (IS_VIRTUAL, always false on SSAS).
    const type = d.IS_VIRTUAL === "true" ? "attribute" : dimensionType(d.DIMENSION_TYPE ?? "");
    dimensions.push({ name, type });
    const rows = memberRows[i] ?? [];
    const byUnique = new Map<string, Record<string, string>>();
    for (const r of rows) if (r.MEMBER_UNIQUE_NAME) byUnique.set(r.MEMBER_UNIQUE_NAME, r);
    const children = new Map<string, Record<string, string>[]>();
    const tops: Record<string, string>[] = [];
    for (const r of rows) {
      if (!r.MEMBER_UNIQUE_NAME || !r.MEMBER_NAME) continue;
      const parent = r.PARENT_UNIQUE_NAME ?? "";
      if (parent && byUnique.has(parent)) {
        const list = children.get(parent) ?? [];
        list.push(r);
        children.set(parent, list);
      } else tops.push(r);
    }
    const seen = new Set<string>();
    const member = (r: Record<string, string>): MemberSpec => {
      const memberName = r.MEMBER_NAME as string;
      const spec: MemberSpec = { name: memberName };
      const lower = memberName.toLowerCase();
      if (seen.has(lower)) {
        spec.storage = "shared";
        sharedAt.set(r.MEMBER_UNIQUE_NAME as string, [memberName, r.PARENT_UNIQUE_NAME ?? ""]);
      } else {
        seen.add(lower);
        uniqueNames.set(key(name, memberName), r.MEMBER_UNIQUE_NAME as string);
        memberAt.set(r.MEMBER_UNIQUE_NAME as string, [name, memberName]);
        if (r.MEMBER_TYPE === String(MEMBER_TYPE.FORMULA)) spec.storage = "dynamic-calc";
      }
      const caption = r.MEMBER_CAPTION ?? "";
      if (caption !== "" && caption !== memberName) {
        spec.aliases = { Default: caption };
      }
      const kids = spec.storage === "shared" ? [] : (children.get(r.MEMBER_UNIQUE_NAME as string) ?? []);
      if (kids.length > 0) spec.children = kids.map(member);
      return spec;
    };
    // One top member stands for the dimension (Essbase's dimension member, SSAS's All member); several
    // top members (a measures dimension without an All member) hang under the dimension itself.
    const single = tops.length === 1 ? (tops[0] as Record<string, string>) : null;
    seen.add(name.toLowerCase());
    const rootName =
      single?.MEMBER_UNIQUE_NAME ?? d.DEFAULT_HIERARCHY ?? d.DIMENSION_UNIQUE_NAME ?? `[${name}]`;
    uniqueNames.set(key(name, name), rootName);
    memberAt.set(rootName, [name, name]);
    const topCaption = single?.MEMBER_CAPTION ?? "";
    return {
      name,
      type,
      ...(topCaption !== "" && topCaption !== name && topCaption !== single?.MEMBER_NAME
        ? { aliases: { Default: topCaption } }
        : {}),
      members: (single ? (children.get(single.MEMBER_UNIQUE_NAME as string) ?? []) : tops).map(member),
    };
  });
  const aliasTables = ["Default"];
  const outline = new Outline({ name: `${catalog}.${cube}`, aliasTables, dimensions: specs });
  return {
    outline,
    dimensions,
    aliasTables,
    memberOf: (u) => {
      const at = memberAt.get(u);
      if (at) return outline.dimension(at[0])?.members.find((m) => m.name === at[1] && !m.isShared);
      // A shared member: the instance under the parent its unique name was listed with, so that an answer
      // naming it (MDX on Diet's children) shows it where it stands, not as a member outside the outline.
      const shared = sharedAt.get(u);
      if (!shared) return undefined;
      const parentAt = memberAt.get(shared[1]);
      if (!parentAt) return undefined;
      const parent = outline
        .dimension(parentAt[0])
        ?.members.find((m) => m.name === parentAt[1] && !m.isShared);
      return parent?.children.find((m) => m.name === shared[0] && m.isShared);
    },
    dimensionOf: (u) => {
      const name = dimensionsByUnique.get(u);
      return name === undefined ? undefined : outline.dimension(name);
    },
    uniqueName: (m) =>
      uniqueNames.get(key(m.dimension.name, m.name)) ??
      `[${m.dimension.name}].[${m.name.replace(/]/g, "]]")}]`,
  };
}
