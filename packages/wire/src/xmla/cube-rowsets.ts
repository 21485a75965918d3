import { type RequestType, type Row, XmlaFault } from "@qibates/protocols/xmla";
import type { OlapDimension } from "@qibates/provider";
import type { DiscoverSource, Restrictions } from "./discover-source.ts";
import { memberRows } from "./member-rowsets.ts";
import {
  type CubeOutline,
  caption,
  dimensionName,
  dimensionType,
  type LevelRule,
  levelName,
  levelsOf,
  levelUniqueName,
  memberName,
  type XmlaLevel,
} from "./names.ts";

/** The columns of a level's MDSCHEMA_LEVELS row that every address writes alike. */
function levelRow(
  base: { CATALOG_NAME: string; CUBE_NAME: string },
  d: OlapDimension,
  level: XmlaLevel,
): Row {
  return {
    ...base,
    DIMENSION_UNIQUE_NAME: dimensionName(d),
    HIERARCHY_UNIQUE_NAME: dimensionName(d),
    LEVEL_NAME: level.name,
    LEVEL_UNIQUE_NAME: level.uniqueName,
    LEVEL_CAPTION: level.name,
    LEVEL_NUMBER: level.number,
    LEVEL_CARDINALITY: d.members.filter((m) => level.holds(m)).length,
  };
}

/**
 * MDSCHEMA_LEVELS on Essbase's addresses, as Oracle maps the rowset for Essbase (Essbase API reference,
 * "MDSCHEMA_LEVELS Rowset", https://docs.oracle.com/cd/E36352_01/epm.1112/esb_api_ref/ch28s03s10.html):
 * `LEVEL_NUMBER` is the Essbase level (0 = the leaves), the dimension level is `MDLEVEL_TYPE_ALL`, the levels
 * of a time dimension `MDLEVEL_TYPE_TIME`, every other `MDLEVEL_TYPE_REGULAR`; `LEVEL_UNIQUE_SETTINGS` 2
 * (member names unique); and the generation the level stands at, counted from the dimension, in
 * `ESSBASE_GEN_UNIQUE_NAME` and `ESSBASE_GEN_CAPTION`. The rows run from the dimension level down, so that a
 * client taking a hierarchy's first level for its root members lists the dimension (Market), not the leaves
 *; a client reading a level by its `LEVEL_NUMBER` finds the same level as before.
 */
function essbaseLevelRows(
  base: { CATALOG_NAME: string; CUBE_NAME: string },
  d: OlapDimension,
  levels: readonly XmlaLevel[],
): Row[] {
  const top = levels.length - 1;
  // An Essbase parent's level is one more than its highest child's, so the dimension alone stands at the top
  // level and a dimension has as many levels as generations: the k-th level from the top is generation k.
  return levels.toReversed().map((level, k) => {
    const generation = levelName(d, k + 1);
    return {
      ...levelRow(base, d, level),
      LEVEL_TYPE:
        level.number === top ? LEVEL_TYPE.ALL : d.kind === "time" ? LEVEL_TYPE.TIME : LEVEL_TYPE.REGULAR,
      DESCRIPTION: "",
      CUSTOM_ROLLUP_SETTINGS: 0,
      // MDDIMENSIONS_MEMBER_NAME_UNIQUE: an outline's member names are unique.
      LEVEL_UNIQUE_SETTINGS: 2,
      LEVEL_IS_VISIBLE: true,
      ESSBASE_GEN_UNIQUE_NAME: levelUniqueName(d, k + 1),
      ESSBASE_GEN_CAPTION: generation,
    };
  });
}

/** OLE DB for OLAP's MDLEVEL_TYPE values that Oracle's mapping names. */
const LEVEL_TYPE = { REGULAR: 0, ALL: 1, TIME: 4 } as const;

/** The rows one cube answers for a cube's rowset (MDSCHEMA_CUBES, _DIMENSIONS … _MEMBERS, _PROPERTIES). */
export function rowsOfCube(
  type: RequestType,
  base: { CATALOG_NAME: string; CUBE_NAME: string },
  outline: CubeOutline,
  restrictions: Restrictions,
  source: DiscoverSource,
  /** Whether the cube runs `DRILLTHROUGH` (Excel's Show Details): the port's cube can. */
  drillthrough = false,
): Row[] {
  const dims = outline.dimensions;
  switch (type) {
    case "MDSCHEMA_CUBES":
      return [
        {
          ...base,
          CUBE_TYPE: "CUBE",
          DESCRIPTION: "",
          IS_DRILLTHROUGH_ENABLED: drillthrough,
          IS_LINKABLE: false,
          IS_WRITE_ENABLED: source.writeEnabled,
          IS_SQL_ENABLED: false,
          CUBE_CAPTION: base.CUBE_NAME,
          CUBE_SOURCE: 1,
          PREFERRED_QUERY_PATTERNS: 0,
        },
      ];
    case "MDSCHEMA_DIMENSIONS":
      return dims.map((d, i) => ({
        ...base,
        DIMENSION_NAME: d.name,
        DIMENSION_UNIQUE_NAME: dimensionName(d),
        DIMENSION_CAPTION: d.name,
        DIMENSION_ORDINAL: i + 1,
        DIMENSION_TYPE: dimensionType(d),
        DIMENSION_CARDINALITY: d.members.length,
        DEFAULT_HIERARCHY: dimensionName(d),
        DESCRIPTION: "",
        IS_VIRTUAL: d.kind === "attribute",
        IS_READWRITE: false,
        DIMENSION_UNIQUE_SETTINGS: 1,
        DIMENSION_MASTER_NAME: d.name,
        DIMENSION_IS_VISIBLE: true,
      }));
    case "MDSCHEMA_HIERARCHIES":
      return dims.map((d) => {
        const leaves = d.members.filter((m) => m.childCount === 0);
        const root = outline.index(d).root;
        const balanced = leaves.every((m) => m.generation === leaves[0]?.generation);
        return {
          ...base,
          DIMENSION_UNIQUE_NAME: dimensionName(d),
          HIERARCHY_NAME: d.name,
          HIERARCHY_UNIQUE_NAME: dimensionName(d),
          HIERARCHY_CAPTION: d.name,
          DIMENSION_TYPE: dimensionType(d),
          HIERARCHY_CARDINALITY: d.members.length,
          DEFAULT_MEMBER: memberName(root),
          ...(d.kind === "accounts" ? {} : { ALL_MEMBER: memberName(root) }),
          DESCRIPTION: "",
          // MD_STRUCTURE_FULLYBALANCED 0, MD_STRUCTURE_UNBALANCED 2.
          STRUCTURE: balanced ? 0 : 2,
          IS_VIRTUAL: d.kind === "attribute",
          IS_READWRITE: false,
          DIMENSION_UNIQUE_SETTINGS: 1,
          DIMENSION_IS_VISIBLE: true,
          HIERARCHY_ORDINAL: 1,
          DIMENSION_IS_SHARED: true,
          HIERARCHY_IS_VISIBLE: true,
          HIERARCHY_DISPLAY_FOLDER: "",
        };
      });
    case "MDSCHEMA_LEVELS":
      return dims.flatMap((d) => {
        const levels = levelsOf(d, source.levels);
        if (source.levels === "leaves") return essbaseLevelRows(base, d, levels);
        return levels.map((level) => ({
          ...levelRow(base, d, level),
          // MDLEVEL_TYPE_ALL 1 for the top of a dimension that aggregates, MDLEVEL_TYPE_REGULAR 0.
          LEVEL_TYPE: level.number === 0 && d.kind !== "accounts" ? 1 : 0,
          DESCRIPTION: "",
          CUSTOM_ROLLUP_SETTINGS: 0,
          LEVEL_UNIQUE_SETTINGS: 0,
          LEVEL_IS_VISIBLE: true,
        }));
      });
    case "MDSCHEMA_MEMBERS":
      return memberRows(base, outline, restrictions, source.memberNameParts, source.levels);
    // The engine has no named sets and no actions: the rowsets are empty.
    case "MDSCHEMA_SETS":
    case "MDSCHEMA_ACTIONS":
      return [];
    case "MDSCHEMA_PROPERTIES":
      return propertyRows(base, dims, restrictions, source.levels);
    case "MDSCHEMA_MEASURES": {
      // Every member of the accounts dimension below its top is a measure; a member with a formula is
      // calculated (MDMEASURE_AGGR_CALCULATED 127), a time-balanced one unknown (0), the others summed (1).
      const accounts = outline.baseDimensions.find((d) => d.kind === "accounts");
      return (accounts?.members ?? [])
        .filter((m) => m.parent !== null && !m.shared)
        .map((m) => ({
          ...base,
          MEASURE_NAME: m.name,
          MEASURE_UNIQUE_NAME: memberName(m),
          MEASURE_CAPTION: caption(m, "Default"),
          MEASURE_AGGREGATOR: m.formula !== undefined ? 127 : (m.timeBalance ?? "none") !== "none" ? 0 : 1,
          // DBTYPE_R8: values are doubles.
          DATA_TYPE: 5,
          DESCRIPTION: "",
          ...(m.formula !== undefined ? { EXPRESSION: m.formula } : {}),
          MEASURE_IS_VISIBLE: true,
          // The cube's one measure group (MDSCHEMA_MEASUREGROUPS): a client lists measures by group.
          MEASUREGROUP_NAME: base.CUBE_NAME,
          MEASURE_UNQUALIFIED_CAPTION: caption(m, "Default"),
          MEASURE_DISPLAY_FOLDER: "",
        }));
    }
    // An outline has one measure group: the cube itself, named as the cube (as DBSCHEMA_TABLES names it), whose
    // measures are the accounts members and whose dimensions are every other one of the cube's.
    case "MDSCHEMA_MEASUREGROUPS":
      return [
        {
          ...base,
          MEASUREGROUP_NAME: base.CUBE_NAME,
          DESCRIPTION: "",
          IS_WRITE_ENABLED: source.writeEnabled,
          MEASUREGROUP_CAPTION: base.CUBE_NAME,
        },
      ];
    case "MDSCHEMA_MEASUREGROUP_DIMENSIONS":
      return dims
        .filter((d) => d.kind !== "accounts")
        .map((d) => ({
          ...base,
          MEASUREGROUP_NAME: base.CUBE_NAME,
          // A regular relationship: many cells per dimension member, one member per cell.
          MEASUREGROUP_CARDINALITY: "MANY",
          DIMENSION_UNIQUE_NAME: dimensionName(d),
          DIMENSION_CARDINALITY: "ONE",
          DIMENSION_IS_VISIBLE: true,
          DIMENSION_IS_FACT_DIMENSION: false,
          DIMENSION_GRANULARITY: dimensionName(d),
        }));
    default:
      throw new XmlaFault("unsupported", `The request type ${type} is not supported.`);
  }
}

/** MDPROP_MEMBER, MDPROP_CELL and MDPROP_SYSTEM (OLE DB for OLAP), the bits of PROPERTY_TYPE. */
const MDPROP = { MEMBER: 0x01, CELL: 0x02, SYSTEM: 0x04 } as const;
/** DBTYPE_WSTR, DBTYPE_VARIANT, DBTYPE_UI4. */
const DBTYPE = { WSTR: 130, VARIANT: 12, UI4: 19 } as const;

/**
 * MDSCHEMA_PROPERTIES: by default (or with the member bit of PROPERTY_TYPE) the member properties of each
 * level — the intrinsic KEY0, NAME and MEMBER_VALUE, text for every member here (a member's key and value
 * are its name), typed as SSAS answers them (PROPERTY_TYPE 5, member and system); with the cell bit, the cell
 * properties an MDDataSet carries (VALUE, FORMATTED_VALUE, CELL_ORDINAL, as its `CellInfo`).
 */
function propertyRows(
  base: { CATALOG_NAME: string; CUBE_NAME: string },
  dims: readonly OlapDimension[],
  restrictions: Restrictions,
  rule: LevelRule,
): Row[] {
  const text = restrictions.get("PROPERTY_TYPE")?.[0];
  const wanted = text === undefined ? MDPROP.MEMBER : Number(text);
  if (!Number.isInteger(wanted) || wanted < 0)
    throw new XmlaFault("bad-request", "PROPERTY_TYPE must be a combination of 1 (member) and 2 (cell).");
  const rows: Row[] = [];
  if (wanted & MDPROP.MEMBER) {
    for (const d of dims) {
      for (const level of levelsOf(d, rule)) {
        for (const name of ["KEY0", "NAME", "MEMBER_VALUE"]) {
          rows.push({
            ...base,
            DIMENSION_UNIQUE_NAME: dimensionName(d),
            HIERARCHY_UNIQUE_NAME: dimensionName(d),
            LEVEL_UNIQUE_NAME: level.uniqueName,
            PROPERTY_TYPE: MDPROP.MEMBER | MDPROP.SYSTEM,
            PROPERTY_NAME: name,
            PROPERTY_CAPTION: name,
            DATA_TYPE: DBTYPE.WSTR,
            PROPERTY_ORIGIN: 1,
            PROPERTY_IS_VISIBLE: true,
          });
        }
        // An attribute dimension is a property of the levels whose members it is associated with: what
        // `DIMENSION PROPERTIES [Product].[Caffeinated]` reads (user-defined, PROPERTY_TYPE 1, text).
        const attributes = new Set<string>();
        for (const m of d.members)
          if (level.holds(m)) for (const a of Object.keys(m.attributes)) attributes.add(a);
        for (const name of attributes) {
          rows.push({
            ...base,
            DIMENSION_UNIQUE_NAME: dimensionName(d),
            HIERARCHY_UNIQUE_NAME: dimensionName(d),
            LEVEL_UNIQUE_NAME: level.uniqueName,
            PROPERTY_TYPE: MDPROP.MEMBER,
            PROPERTY_NAME: name,
            PROPERTY_CAPTION: name,
            DATA_TYPE: DBTYPE.WSTR,
            PROPERTY_ORIGIN: 1,
            PROPERTY_IS_VISIBLE: true,
          });
        }
      }
    }
  }
  if (wanted & MDPROP.CELL) {
    const cell: [string, number][] = [
      ["VALUE", DBTYPE.VARIANT],
      ["FORMATTED_VALUE", DBTYPE.WSTR],
      ["CELL_ORDINAL", DBTYPE.UI4],
    ];
    for (const [name, dataType] of cell) {
      rows.push({
        ...base,
        PROPERTY_TYPE: MDPROP.CELL,
        PROPERTY_NAME: name,
        PROPERTY_CAPTION: name,
        DATA_TYPE: dataType,
        PROPERTY_IS_VISIBLE: true,
      });
    }
  }
  return rows;
}
