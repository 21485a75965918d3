import {
  type RequestType,
  type Row,
  restrictionTakesSeveral,
  rowsetColumnNames,
  rowsetRestrictionNames,
  XmlaFault,
} from "@qibates/protocols/xmla";
import { rowsOfCube } from "./cube-rowsets.ts";
import type { DiscoverSource, Restrictions } from "./discover-source.ts";
import { cubeOutlineOf, same } from "./names.ts";
import { serverRows } from "./server-rowsets.ts";
import { tableRows } from "./table-rowsets.ts";

const ORIGIN_MASKS = new Set(["HIERARCHY_ORIGIN", "LEVEL_ORIGIN", "PROPERTY_ORIGIN"]);
/**
 * Visibility restrictions, bit masks of the rows wanted ([MS-SSAS]: 1 visible, 2 not visible; tools send 3 for
 * both): every row here is visible.
 */
const VISIBILITY_MASKS = new Set([
  "DIMENSION_VISIBILITY",
  "HIERARCHY_VISIBILITY",
  "LEVEL_VISIBILITY",
  "MEASURE_VISIBILITY",
  "PROPERTY_VISIBILITY",
]);
/** The visible bit of the *_VISIBILITY restrictions. */
const VISIBLE = 1;
/** CUBE_SOURCE's bits ([MS-SSAS]): 1 a cube, 2 a dimension's own cube (none here). */
const CUBE_SOURCE_CUBE = 1;

/**
 * The rows of a Discover request, restricted: a row passes every restriction, and a restriction of several
 * values when it matches any of them. Several values for a restriction that takes one are a fault, never the
 * last one silently.
 */
/** The first few of `values`, for a fault: a body may repeat a restriction tens of thousands of times. */
function listed(values: readonly string[]): string {
  const first = values.slice(0, 5).map((v) => (v.length > 100 ? `${v.slice(0, 100)}…` : v));
  return values.length > first.length ? `${first.join(", ")}, …` : first.join(", ");
}

export async function discoverRows(
  type: RequestType,
  restrictions: Restrictions,
  source: DiscoverSource,
): Promise<Row[]> {
  const allowed = rowsetRestrictionNames(type);
  for (const [name, values] of restrictions) {
    if (!allowed.has(name))
      throw new XmlaFault("bad-request", `The restriction ${name} is not valid for ${type}.`);
    if (values.length > 1 && !restrictionTakesSeveral(type, name))
      throw new XmlaFault(
        "bad-request",
        `The restriction ${name} of ${type} takes one value, not ${values.length} (${listed(values)}).`,
      );
  }
  const rows =
    (await serverRows(type, source)) ??
    (await tableRows(type, restrictions, source)) ??
    (await cubeRows(type, restrictions, source));
  const treeOp = restrictions.has("TREE_OP");
  const columnNames = rowsetColumnNames(type);
  return rows.filter((row) => {
    for (const [name, values] of restrictions) {
      const value = values[0] as string;
      const v = row[name];
      // CUBE_SOURCE is a bit mask (3 = cubes and dimensions' cubes), a column of MDSCHEMA_CUBES only: every row
      // here is of a cube. The visibility restrictions likewise, and every row is visible.
      if (name === "CUBE_SOURCE") {
        if ((Number(v ?? CUBE_SOURCE_CUBE) & Number(value)) === 0) return false;
        continue;
      }
      if (VISIBILITY_MASKS.has(name)) {
        if ((VISIBLE & Number(value)) === 0) return false;
        continue;
      }
      if (!(name in row) && !columnNames.includes(name)) continue;
      // TREE_OP picks members around MEMBER_UNIQUE_NAME: that restriction names the pivot, not the rows.
      if (treeOp && name === "MEMBER_UNIQUE_NAME") continue;
      // PROPERTY_TYPE is a bit mask of the kinds wanted (member, cell…): the rows were chosen by it.
      if (type === "MDSCHEMA_PROPERTIES" && name === "PROPERTY_TYPE") continue;
      // HIERARCHY_ORIGIN, LEVEL_ORIGIN, PROPERTY_ORIGIN are bit masks of the origins wanted ([MS-SSAS]; 3 = user
      // and attribute hierarchies): a row passes with one of those bits, or without an origin of its own.
      if (ORIGIN_MASKS.has(name)) {
        if (v !== undefined && (Number(v) & Number(value)) === 0) return false;
        continue;
      }
      // A column of several values (DISCOVER_DATASOURCES' ProviderType) matches by any of them.
      const own = Array.isArray(v)
        ? (v as readonly unknown[]).map(String)
        : v === undefined
          ? []
          : [String(v)];
      if (!own.some((o) => values.some((w) => same(o, w)))) return false;
    }
    return true;
  });
}

async function cubeRows(
  type: RequestType,
  restrictions: Restrictions,
  source: DiscoverSource,
): Promise<Row[]> {
  // A CATALOG_NAME restriction filters; without it, the rowset covers the current catalog, else every one.
  const wanted = restrictions.get("CATALOG_NAME")?.[0] ?? source.defaultCatalog;
  const all = await source.catalogs();
  const catalogs = wanted === null ? all : all.filter((c) => same(c, wanted));
  const rows: Row[] = [];
  for (const catalog of catalogs) {
    for (const cubeName of await source.cubes(catalog)) {
      const wantedCube = restrictions.get("CUBE_NAME")?.[0];
      if (wantedCube !== undefined && !same(wantedCube, cubeName)) continue;
      const cube = await source.cube(catalog, cubeName);
      const base = { CATALOG_NAME: cube.application, CUBE_NAME: cube.cube };
      const outline = cubeOutlineOf(await cube.metadata());
      rows.push(...rowsOfCube(type, base, outline, restrictions, source, cube.drillthrough !== undefined));
    }
  }
  return rows;
}
