import type { EngineCube } from "@qibates/connectors";
import { type Dimension, type Expr, MdxError, type Member } from "@qibates/connectors/engine-port";
import {
  REQUEST_TYPES,
  type RequestType,
  type Row,
  rowsetColumnNames,
  rowsetRestrictionNames,
  schemaRowsetGuid,
  schemaRowsetRestrictions,
  TREE_OP,
  XmlaFault,
} from "@qibates/protocols/xmla";
import { MDX_FUNCTIONS } from "./functions.ts";
import {
  caption,
  depth,
  dimensionName,
  dimensionType,
  levelName,
  levelUniqueName,
  memberName,
  memberType,
} from "./names.ts";

/** The properties the endpoint reads (DISCOVER_PROPERTIES), as SSAS describes them; `Value` is the default. */
const PROPERTIES: readonly Row[] = [
  { PropertyName: "AxisFormat", PropertyType: "string", PropertyAccessType: "Write", Value: "TupleFormat" },
  { PropertyName: "Catalog", PropertyType: "string", PropertyAccessType: "ReadWrite" },
  { PropertyName: "Content", PropertyType: "string", PropertyAccessType: "Write", Value: "SchemaData" },
  { PropertyName: "DataSourceInfo", PropertyType: "string", PropertyAccessType: "ReadWrite" },
  { PropertyName: "Format", PropertyType: "string", PropertyAccessType: "Write", Value: "Native" },
];

/**
 * The XMLA enumerations (DISCOVER_ENUMERATORS), with only the elements this endpoint supports, under SSAS's
 * names and values (the recorded `DISCOVER_ENUMERATORS.testGetEnumerators.1.response.xml`): an MD provider with
 * HTTP Basic, sessions, Tabular and Multidimensional results in TupleFormat, any Content.
 */
const ENUMERATORS: readonly [string, string, number][] = [
  ["ProviderType", "MDP", 2],
  ["AuthenticationMode", "Authenticated", 12],
  ["PropertyAccessType", "Read", 21],
  ["PropertyAccessType", "Write", 22],
  ["PropertyAccessType", "ReadWrite", 23],
  ["StateSupport", "Sessions", 32],
  ["StateActionVerb", "BeginSession", 41],
  ["StateActionVerb", "EndSession", 42],
  ["StateActionVerb", "Session", 43],
  ["ResultsetFormat", "Tabular", 51],
  ["ResultsetFormat", "Multidimensional", 52],
  ["ResultsetContents", "None", 61],
  ["ResultsetContents", "Schema", 62],
  ["ResultsetContents", "Data", 63],
  ["ResultsetContents", "SchemaData", 64],
  ["ResultsetAxisFormat", "TupleFormat", 70],
  ["MDXSupportLevel", "Core", 80],
];

/**
 * The literals of the engine's MDX (DISCOVER_LITERALS): names are quoted in `[` `]` and their parts joined by
 * `.`; the enumeration values are OLE DB's, as SSAS answers them.
 */
const LITERALS: readonly Row[] = [
  {
    LiteralName: "DBLITERAL_CATALOG_SEPARATOR",
    LiteralValue: ".",
    LiteralMaxLength: 1,
    LiteralNameEnumValue: 3,
  },
  { LiteralName: "DBLITERAL_QUOTE_PREFIX", LiteralValue: "[", LiteralMaxLength: 1, LiteralNameEnumValue: 15 },
  { LiteralName: "DBLITERAL_QUOTE_SUFFIX", LiteralValue: "]", LiteralMaxLength: 1, LiteralNameEnumValue: 28 },
];

/** What Discover reads: the server's catalogs (applications) and their cubes as the engine sees them. */
export interface DiscoverSource {
  dataSourceName: string;
  url: string;
  providerName: string;
  /** The catalogs a rowset covers when CATALOG_NAME does not restrict it (the `Catalog` property, else all). */
  defaultCatalog: string | null;
  catalogs(): Promise<string[]>;
  cubes(catalog: string): Promise<string[]>;
  engine(catalog: string, cube: string): Promise<EngineCube>;
  /** Reads a member's unique name (the engine port's MDX expression parser). */
  parseMdxExpression(text: string): Expr;
  /** Whether cells can be written back (`UPDATE CUBE`). */
  writeEnabled: boolean;
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The rows of a Discover request, restricted. */
export async function discoverRows(
  type: RequestType,
  restrictions: ReadonlyMap<string, string>,
  source: DiscoverSource,
): Promise<Row[]> {
  const allowed = rowsetRestrictionNames(type);
  for (const name of restrictions.keys()) {
    if (!allowed.has(name))
      throw new XmlaFault("bad-request", `The restriction ${name} is not valid for ${type}.`);
  }
  let rows: Row[];
  switch (type) {
    case "DISCOVER_DATASOURCES":
      rows = [
        {
          DataSourceName: source.dataSourceName,
          DataSourceDescription: "",
          URL: source.url,
          DataSourceInfo: "",
          ProviderName: source.providerName,
          ProviderType: ["MDP"],
          AuthenticationMode: "Authenticated",
        },
      ];
      break;
    case "DBSCHEMA_CATALOGS":
      rows = (await source.catalogs()).map((name) => ({ CATALOG_NAME: name, DESCRIPTION: "" }));
      break;
    case "DISCOVER_SCHEMA_ROWSETS":
      rows = REQUEST_TYPES.map((t) => {
        const restrictionList = schemaRowsetRestrictions(t);
        return {
          SchemaName: t,
          SchemaGuid: schemaRowsetGuid(t),
          Restrictions: restrictionList,
          Description: "",
          RestrictionsMask: 2 ** restrictionList.length - 1,
        };
      });
      break;
    case "DISCOVER_PROPERTIES":
      rows = PROPERTIES.map((p) => ({
        ...p,
        PropertyDescription: p.PropertyName,
        IsRequired: false,
        ...(p.PropertyName === "Catalog" && source.defaultCatalog !== null
          ? { Value: source.defaultCatalog }
          : {}),
      }));
      break;
    case "MDSCHEMA_FUNCTIONS":
      rows = MDX_FUNCTIONS.map((f) => ({
        FUNCTION_NAME: f.name,
        DESCRIPTION: f.description,
        PARAMETER_LIST: f.parameters,
        RETURN_TYPE: 12,
        ORIGIN: 1,
        INTERFACE_NAME: f.group,
        OBJECT: f.object ?? "",
        CAPTION: f.name,
      }));
      break;
    case "DISCOVER_ENUMERATORS":
      rows = ENUMERATORS.map(([enumName, element, value]) => ({
        EnumName: enumName,
        EnumDescription: "",
        EnumType: "string",
        ElementName: element,
        ElementDescription: "",
        ElementValue: String(value),
      }));
      break;
    case "DISCOVER_LITERALS":
      rows = LITERALS.map((l) => ({ ...l, LiteralInvalidChars: "", LiteralInvalidStartingChars: "" }));
      break;
    default:
      rows = await cubeRows(type, restrictions, source);
  }
  const treeOp = restrictions.has("TREE_OP");
  const columnNames = rowsetColumnNames(type);
  return rows.filter((row) => {
    for (const [name, value] of restrictions) {
      if (!(name in row) && !columnNames.includes(name)) continue;
      // TREE_OP picks members around MEMBER_UNIQUE_NAME: that restriction names the pivot, not the rows.
      if (treeOp && name === "MEMBER_UNIQUE_NAME") continue;
      // PROPERTY_TYPE is a bit mask of the kinds wanted (member, cell…): the rows were chosen by it.
      if (type === "MDSCHEMA_PROPERTIES" && name === "PROPERTY_TYPE") continue;
      const v = row[name];
      if (v === undefined || !same(String(v), value)) return false;
    }
    return true;
  });
}

async function cubeRows(
  type: RequestType,
  restrictions: ReadonlyMap<string, string>,
  source: DiscoverSource,
): Promise<Row[]> {
  // A CATALOG_NAME restriction filters; without it, the rowset covers the current catalog, else every one.
  const wanted = restrictions.get("CATALOG_NAME") ?? source.defaultCatalog;
  const all = await source.catalogs();
  const catalogs = wanted === null ? all : all.filter((c) => same(c, wanted));
  const rows: Row[] = [];
  for (const catalog of catalogs) {
    for (const cubeName of await source.cubes(catalog)) {
      const wantedCube = restrictions.get("CUBE_NAME");
      if (wantedCube !== undefined && !same(wantedCube, cubeName)) continue;
      const engine = await source.engine(catalog, cubeName);
      const base = { CATALOG_NAME: engine.application, CUBE_NAME: engine.cube };
      rows.push(...rowsOfCube(type, base, engine, restrictions, source));
    }
  }
  return rows;
}

function rowsOfCube(
  type: RequestType,
  base: { CATALOG_NAME: string; CUBE_NAME: string },
  engine: EngineCube,
  restrictions: ReadonlyMap<string, string>,
  source: DiscoverSource,
): Row[] {
  const outline = engine.outline;
  const dims = [...outline.baseDimensions, ...outline.attributeDimensions];
  switch (type) {
    case "MDSCHEMA_CUBES":
      return [
        {
          ...base,
          CUBE_TYPE: "CUBE",
          DESCRIPTION: "",
          IS_DRILLTHROUGH_ENABLED: false,
          IS_LINKABLE: false,
          IS_WRITE_ENABLED: source.writeEnabled,
          IS_SQL_ENABLED: false,
          CUBE_CAPTION: engine.cube,
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
        DIMENSION_CARDINALITY: d.size,
        DEFAULT_HIERARCHY: dimensionName(d),
        DESCRIPTION: "",
        IS_VIRTUAL: d.type === "attribute",
        IS_READWRITE: false,
        DIMENSION_UNIQUE_SETTINGS: 1,
        DIMENSION_MASTER_NAME: d.name,
        DIMENSION_IS_VISIBLE: true,
      }));
    case "MDSCHEMA_HIERARCHIES":
      return dims.map((d) => {
        const leaves = d.members.filter((m) => m.isLeaf);
        const balanced = leaves.every((m) => m.generation === leaves[0]?.generation);
        return {
          ...base,
          DIMENSION_UNIQUE_NAME: dimensionName(d),
          HIERARCHY_NAME: d.name,
          HIERARCHY_UNIQUE_NAME: dimensionName(d),
          HIERARCHY_CAPTION: d.name,
          DIMENSION_TYPE: dimensionType(d),
          HIERARCHY_CARDINALITY: d.size,
          DEFAULT_MEMBER: memberName(d.root),
          ...(d.type === "accounts" ? {} : { ALL_MEMBER: memberName(d.root) }),
          DESCRIPTION: "",
          // MD_STRUCTURE_FULLYBALANCED 0, MD_STRUCTURE_UNBALANCED 2.
          STRUCTURE: balanced ? 0 : 2,
          IS_VIRTUAL: d.type === "attribute",
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
      return dims.flatMap((d) =>
        Array.from({ length: depth(d) }, (_, k) => {
          const gen = k + 1;
          return {
            ...base,
            DIMENSION_UNIQUE_NAME: dimensionName(d),
            HIERARCHY_UNIQUE_NAME: dimensionName(d),
            LEVEL_NAME: levelName(d, gen),
            LEVEL_UNIQUE_NAME: levelUniqueName(d, gen),
            LEVEL_CAPTION: levelName(d, gen),
            LEVEL_NUMBER: k,
            LEVEL_CARDINALITY: d.members.filter((m) => m.generation === gen).length,
            // MDLEVEL_TYPE_ALL 1 for the top of a dimension that aggregates, MDLEVEL_TYPE_REGULAR 0.
            LEVEL_TYPE: gen === 1 && d.type !== "accounts" ? 1 : 0,
            DESCRIPTION: "",
            CUSTOM_ROLLUP_SETTINGS: 0,
            LEVEL_UNIQUE_SETTINGS: 0,
            LEVEL_IS_VISIBLE: true,
          };
        }),
      );
    case "MDSCHEMA_MEMBERS":
      return memberRows(base, engine, restrictions, source.parseMdxExpression);
    // The engine has no named sets and no actions: the rowsets are empty.
    case "MDSCHEMA_SETS":
    case "MDSCHEMA_ACTIONS":
      return [];
    case "MDSCHEMA_PROPERTIES":
      return propertyRows(base, dims, restrictions);
    case "MDSCHEMA_MEASURES": {
      // Every member of the accounts dimension below its top is a measure; a member with a formula is
      // calculated (MDMEASURE_AGGR_CALCULATED 127), a time-balanced one unknown (0), the others summed (1).
      const accounts = outline.baseDimensions.find((d) => d.type === "accounts");
      return (accounts?.members ?? [])
        .filter((m) => m.parent !== null && !m.isShared)
        .map((m) => ({
          ...base,
          MEASURE_NAME: m.name,
          MEASURE_UNIQUE_NAME: memberName(m),
          MEASURE_CAPTION: caption(m, "Default"),
          MEASURE_AGGREGATOR: m.formula !== undefined ? 127 : m.timeBalance !== "none" ? 0 : 1,
          // DBTYPE_R8: values are doubles.
          DATA_TYPE: 5,
          DESCRIPTION: "",
          ...(m.formula !== undefined ? { EXPRESSION: m.formula } : {}),
          MEASURE_IS_VISIBLE: true,
          MEASURE_UNQUALIFIED_CAPTION: caption(m, "Default"),
          MEASURE_DISPLAY_FOLDER: "",
        }));
    }
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
  dims: readonly Dimension[],
  restrictions: ReadonlyMap<string, string>,
): Row[] {
  const text = restrictions.get("PROPERTY_TYPE");
  const wanted = text === undefined ? MDPROP.MEMBER : Number(text);
  if (!Number.isInteger(wanted) || wanted < 0)
    throw new XmlaFault("bad-request", "PROPERTY_TYPE must be a combination of 1 (member) and 2 (cell).");
  const rows: Row[] = [];
  if (wanted & MDPROP.MEMBER) {
    for (const d of dims) {
      for (let gen = 1; gen <= depth(d); gen++) {
        for (const name of ["KEY0", "NAME", "MEMBER_VALUE"]) {
          rows.push({
            ...base,
            DIMENSION_UNIQUE_NAME: dimensionName(d),
            HIERARCHY_UNIQUE_NAME: dimensionName(d),
            LEVEL_UNIQUE_NAME: levelUniqueName(d, gen),
            PROPERTY_TYPE: MDPROP.MEMBER | MDPROP.SYSTEM,
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

function memberRow(base: Row, m: Member): Row {
  const d = m.dimension;
  const parent = m.parent;
  return {
    ...base,
    DIMENSION_UNIQUE_NAME: dimensionName(d),
    HIERARCHY_UNIQUE_NAME: dimensionName(d),
    LEVEL_UNIQUE_NAME: levelUniqueName(d, m.generation),
    LEVEL_NUMBER: m.generation - 1,
    MEMBER_ORDINAL: m.ordinal,
    MEMBER_NAME: m.name,
    MEMBER_UNIQUE_NAME: memberName(m),
    MEMBER_TYPE: memberType(m),
    MEMBER_CAPTION: caption(m, "Default"),
    CHILDREN_CARDINALITY: m.children.length,
    PARENT_LEVEL: parent ? parent.generation - 1 : 0,
    ...(parent ? { PARENT_UNIQUE_NAME: memberName(parent) } : {}),
    PARENT_COUNT: parent ? 1 : 0,
    ...(m.formula !== undefined ? { EXPRESSION: m.formula } : {}),
    MEMBER_KEY: m.name,
    IS_PLACEHOLDERMEMBER: false,
    IS_DATAMEMBER: false,
  };
}

function memberRows(
  base: Row,
  engine: EngineCube,
  restrictions: ReadonlyMap<string, string>,
  parse: (text: string) => Expr,
): Row[] {
  const outline = engine.outline;
  const dims = [...outline.baseDimensions, ...outline.attributeDimensions];
  const treeOpText = restrictions.get("TREE_OP");
  if (treeOpText === undefined) return dims.flatMap((d) => d.members.map((m) => memberRow(base, m)));
  const op = Number(treeOpText);
  if (!Number.isInteger(op) || op < 0 || op > 0x3f)
    throw new XmlaFault("bad-request", `TREE_OP must be a combination of 1, 2, 4, 8, 16 and 32.`);
  const unique = restrictions.get("MEMBER_UNIQUE_NAME");
  if (unique === undefined)
    throw new XmlaFault("bad-request", "TREE_OP needs the MEMBER_UNIQUE_NAME restriction.");
  const pivot = findMember(engine, unique, parse);
  const picked = new Set<Member>();
  const add = (ms: Iterable<Member>) => {
    for (const m of ms) picked.add(m);
  };
  if (op & TREE_OP.SELF) picked.add(pivot);
  if (op & TREE_OP.CHILDREN) add(pivot.children);
  if (op & TREE_OP.DESCENDANTS) add(pivot.descendants().filter((m) => m !== pivot));
  if (op & TREE_OP.PARENT && pivot.parent) picked.add(pivot.parent);
  if (op & TREE_OP.ANCESTORS) add(pivot.ancestors().filter((m) => m !== pivot));
  if (op & TREE_OP.SIBLINGS) add((pivot.parent?.children ?? [pivot]).filter((m) => m !== pivot));
  // In outline order, as the dimension lists its members.
  return pivot.dimension.members.filter((m) => picked.has(m)).map((m) => memberRow(base, m));
}

/** `[a].[b]` or `a.b` → `["a", "b"]`, read by the engine's MDX parser. */
function nameParts(text: string, parse: (text: string) => Expr): string[] {
  let e: Expr;
  try {
    e = parse(text);
  } catch (err) {
    if (err instanceof MdxError)
      throw new XmlaFault("bad-request", `${text} is not a member name: ${err.message}.`);
    throw err;
  }
  if (e.kind !== "ref") throw new XmlaFault("bad-request", `${text} is not a member name.`);
  return e.parts.map((p) => p.name);
}

/** A member by the unique name this endpoint answers (`[Market].[East]`, `[Product].[Diet].[100-20]`). */
export function findMember(engine: EngineCube, unique: string, parse: (text: string) => Expr): Member {
  const parts = nameParts(unique, parse);
  const outline = engine.outline;
  const unknown = () => new XmlaFault("unknown-member", `The member ${unique} does not exist in the cube.`);
  const dim = parts[0] === undefined ? undefined : outline.dimension(parts[0]);
  if (!dim) throw unknown();
  let cur = dim.root;
  for (const name of parts.slice(1)) {
    const next =
      cur.children.find((c) => same(c.name, name)) ??
      (() => {
        const m = outline.member(name);
        return m && m.dimension === dim && m.isDescendantOf(cur) ? m : undefined;
      })();
    if (!next) throw unknown();
    cur = next;
  }
  return cur;
}
