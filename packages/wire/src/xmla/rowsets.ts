import type { EngineCube } from "@qibates/connectors/embedded";
import type { Dimension, Member } from "@qibates/engine";
import { type Expr, MdxError, parseMdxExpression } from "@qibates/engine/mdx";
import { XmlaFault } from "./faults.ts";
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
import { leaf } from "./xml.ts";

export const ROWSET_NS = "urn:schemas-microsoft-com:xml-analysis:rowset";

type XsdType =
  | "string"
  | "boolean"
  | "int"
  | "short"
  | "unsignedInt"
  | "unsignedShort"
  | "unsignedLong"
  | "dateTime"
  | "uuid"
  /** DISCOVER_SCHEMA_ROWSETS' `Restrictions`: repeated, each with a `Name` and a `Type`. */
  | "restrictions";

interface Column {
  name: string;
  type: XsdType;
  required: boolean;
  repeated: boolean;
}

/** A restriction a rowset takes, as DISCOVER_SCHEMA_ROWSETS lists it. */
export interface RestrictionInfo {
  Name: string;
  Type: string;
}

type Value = string | number | boolean | readonly string[] | readonly RestrictionInfo[] | undefined;
export type Row = Record<string, Value>;

/** `NAME`, `NAME:type`, `NAME!` (required), `NAME*` (repeated); string and optional by default. */
function columns(...specs: string[]): Column[] {
  return specs.map((s) => {
    const m = /^([A-Za-z_]+)(?::([A-Za-z]+))?([!*]?)$/.exec(s);
    if (!m) throw new Error(`bad column spec ${s}`);
    return {
      name: m[1] as string,
      type: (m[2] ?? "string") as XsdType,
      required: m[3] === "!",
      repeated: m[3] === "*",
    };
  });
}

/**
 * The columns of each rowset the endpoint answers, in the order Analysis Services declares them in the
 * schema of its answers (the recorded SSAS 2008 R2 replies; MS-SSAS names the same columns).
 */
const COLUMNS = {
  DISCOVER_DATASOURCES: columns(
    "DataSourceName!",
    "DataSourceDescription",
    "URL",
    "DataSourceInfo",
    "ProviderName!",
    "ProviderType*",
    "AuthenticationMode",
  ),
  DBSCHEMA_CATALOGS: columns("CATALOG_NAME", "DESCRIPTION", "ROLES", "DATE_MODIFIED:dateTime"),
  MDSCHEMA_CUBES: columns(
    "CATALOG_NAME!",
    "SCHEMA_NAME",
    "CUBE_NAME",
    "CUBE_TYPE",
    "CUBE_GUID:uuid",
    "CREATED_ON:dateTime",
    "LAST_SCHEMA_UPDATE:dateTime",
    "SCHEMA_UPDATED_BY",
    "LAST_DATA_UPDATE:dateTime",
    "DATA_UPDATED_BY",
    "DESCRIPTION",
    "IS_DRILLTHROUGH_ENABLED:boolean",
    "IS_LINKABLE:boolean",
    "IS_WRITE_ENABLED:boolean",
    "IS_SQL_ENABLED:boolean",
    "CUBE_CAPTION",
    "BASE_CUBE_NAME",
    "CUBE_SOURCE:unsignedShort",
    "PREFERRED_QUERY_PATTERNS:unsignedShort",
  ),
  MDSCHEMA_DIMENSIONS: columns(
    "CATALOG_NAME",
    "SCHEMA_NAME",
    "CUBE_NAME",
    "DIMENSION_NAME",
    "DIMENSION_UNIQUE_NAME",
    "DIMENSION_GUID:uuid",
    "DIMENSION_CAPTION",
    "DIMENSION_ORDINAL:unsignedInt",
    "DIMENSION_TYPE:short",
    "DIMENSION_CARDINALITY:unsignedInt",
    "DEFAULT_HIERARCHY",
    "DESCRIPTION",
    "IS_VIRTUAL:boolean",
    "IS_READWRITE:boolean",
    "DIMENSION_UNIQUE_SETTINGS:int",
    "DIMENSION_MASTER_NAME",
    "DIMENSION_IS_VISIBLE:boolean",
  ),
  MDSCHEMA_HIERARCHIES: columns(
    "CATALOG_NAME",
    "SCHEMA_NAME",
    "CUBE_NAME",
    "DIMENSION_UNIQUE_NAME",
    "HIERARCHY_NAME",
    "HIERARCHY_UNIQUE_NAME",
    "HIERARCHY_GUID:uuid",
    "HIERARCHY_CAPTION",
    "DIMENSION_TYPE:short",
    "HIERARCHY_CARDINALITY:unsignedInt",
    "DEFAULT_MEMBER",
    "ALL_MEMBER",
    "DESCRIPTION",
    "STRUCTURE:short",
    "IS_VIRTUAL:boolean",
    "IS_READWRITE:boolean",
    "DIMENSION_UNIQUE_SETTINGS:int",
    "DIMENSION_MASTER_UNIQUE_NAME",
    "DIMENSION_IS_VISIBLE:boolean",
    "HIERARCHY_ORDINAL:unsignedInt",
    "DIMENSION_IS_SHARED:boolean",
    "HIERARCHY_IS_VISIBLE:boolean",
    "HIERARCHY_ORIGIN:unsignedShort",
    "HIERARCHY_DISPLAY_FOLDER",
    "INSTANCE_SELECTION:unsignedShort",
    "GROUPING_BEHAVIOR:unsignedShort",
  ),
  MDSCHEMA_LEVELS: columns(
    "CATALOG_NAME",
    "SCHEMA_NAME",
    "CUBE_NAME",
    "DIMENSION_UNIQUE_NAME",
    "HIERARCHY_UNIQUE_NAME",
    "LEVEL_NAME",
    "LEVEL_UNIQUE_NAME",
    "LEVEL_GUID:uuid",
    "LEVEL_CAPTION",
    "LEVEL_NUMBER:unsignedInt",
    "LEVEL_CARDINALITY:unsignedInt",
    "LEVEL_TYPE:int",
    "DESCRIPTION",
    "CUSTOM_ROLLUP_SETTINGS:int",
    "LEVEL_UNIQUE_SETTINGS:int",
    "LEVEL_IS_VISIBLE:boolean",
    "LEVEL_ORDERING_PROPERTY",
    "LEVEL_DBTYPE:int",
    "LEVEL_MASTER_UNIQUE_NAME",
    "LEVEL_NAME_SQL_COLUMN_NAME",
    "LEVEL_KEY_SQL_COLUMN_NAME",
    "LEVEL_UNIQUE_NAME_SQL_COLUMN_NAME",
    "LEVEL_ATTRIBUTE_HIERARCHY_NAME",
    "LEVEL_KEY_CARDINALITY:unsignedShort",
    "LEVEL_ORIGIN:unsignedShort",
  ),
  MDSCHEMA_MEMBERS: columns(
    "CATALOG_NAME",
    "SCHEMA_NAME",
    "CUBE_NAME",
    "DIMENSION_UNIQUE_NAME",
    "HIERARCHY_UNIQUE_NAME",
    "LEVEL_UNIQUE_NAME",
    "LEVEL_NUMBER:unsignedInt",
    "MEMBER_ORDINAL:unsignedInt",
    "MEMBER_NAME",
    "MEMBER_UNIQUE_NAME",
    "MEMBER_TYPE:int",
    "MEMBER_GUID:uuid",
    "MEMBER_CAPTION",
    "CHILDREN_CARDINALITY:unsignedInt",
    "PARENT_LEVEL:unsignedInt",
    "PARENT_UNIQUE_NAME",
    "PARENT_COUNT:unsignedInt",
    "DESCRIPTION",
    "EXPRESSION",
    "MEMBER_KEY",
    "IS_PLACEHOLDERMEMBER:boolean",
    "IS_DATAMEMBER:boolean",
    "SCOPE:int",
  ),
  MDSCHEMA_MEASURES: columns(
    "CATALOG_NAME",
    "SCHEMA_NAME",
    "CUBE_NAME",
    "MEASURE_NAME",
    "MEASURE_UNIQUE_NAME",
    "MEASURE_CAPTION",
    "MEASURE_GUID:uuid",
    "MEASURE_AGGREGATOR:int",
    "DATA_TYPE:unsignedShort",
    "NUMERIC_PRECISION:unsignedShort",
    "NUMERIC_SCALE:short",
    "MEASURE_UNITS",
    "DESCRIPTION",
    "EXPRESSION",
    "MEASURE_IS_VISIBLE:boolean",
    "LEVELS_LIST",
    "MEASURE_NAME_SQL_COLUMN_NAME",
    "MEASURE_UNQUALIFIED_CAPTION",
    "MEASUREGROUP_NAME",
    "MEASURE_DISPLAY_FOLDER",
    "DEFAULT_FORMAT_STRING",
  ),
  MDSCHEMA_SETS: columns(
    "CATALOG_NAME",
    "SCHEMA_NAME",
    "CUBE_NAME",
    "SET_NAME",
    "SCOPE:int",
    "DESCRIPTION",
    "EXPRESSION",
    "DIMENSIONS",
    "SET_CAPTION",
    "SET_DISPLAY_FOLDER",
    "SET_EVALUATION_CONTEXT:int",
  ),
  MDSCHEMA_PROPERTIES: columns(
    "CATALOG_NAME",
    "SCHEMA_NAME",
    "CUBE_NAME",
    "DIMENSION_UNIQUE_NAME",
    "HIERARCHY_UNIQUE_NAME",
    "LEVEL_UNIQUE_NAME",
    "MEMBER_UNIQUE_NAME",
    "PROPERTY_TYPE:short",
    "PROPERTY_NAME",
    "PROPERTY_CAPTION",
    "DATA_TYPE:unsignedShort",
    "CHARACTER_MAXIMUM_LENGTH:unsignedInt",
    "CHARACTER_OCTET_LENGTH:unsignedInt",
    "NUMERIC_PRECISION:unsignedShort",
    "NUMERIC_SCALE:short",
    "DESCRIPTION",
    "PROPERTY_CONTENT_TYPE:short",
    "SQL_COLUMN_NAME",
    "LANGUAGE:unsignedShort",
    "PROPERTY_ORIGIN:unsignedShort",
    "PROPERTY_ATTRIBUTE_HIERARCHY_NAME",
    "PROPERTY_CARDINALITY",
    "MIME_TYPE",
    "PROPERTY_IS_VISIBLE:boolean",
  ),
  MDSCHEMA_ACTIONS: columns(
    "CATALOG_NAME",
    "SCHEMA_NAME",
    "CUBE_NAME",
    "ACTION_NAME",
    "ACTION_TYPE:int",
    "COORDINATE",
    "COORDINATE_TYPE:int",
    "ACTION_CAPTION",
    "DESCRIPTION",
    "CONTENT",
    "APPLICATION",
    "INVOCATION:int",
  ),
  DISCOVER_SCHEMA_ROWSETS: columns(
    "SchemaName!",
    "SchemaGuid:uuid",
    "Restrictions:restrictions*",
    "Description",
    "RestrictionsMask:unsignedLong",
  ),
  DISCOVER_PROPERTIES: columns(
    "PropertyName!",
    "PropertyDescription",
    "PropertyType",
    "PropertyAccessType!",
    "IsRequired:boolean",
    "Value",
  ),
  MDSCHEMA_FUNCTIONS: columns(
    "FUNCTION_NAME",
    "DESCRIPTION",
    "PARAMETER_LIST",
    "RETURN_TYPE:int",
    "ORIGIN:int",
    "INTERFACE_NAME",
    "LIBRARY_NAME",
    "DLL_NAME",
    "HELP_FILE",
    "HELP_CONTEXT:int",
    "OBJECT",
    "CAPTION",
  ),
  DISCOVER_ENUMERATORS: columns(
    "EnumName!",
    "EnumDescription",
    "EnumType!",
    "ElementName!",
    "ElementDescription",
    "ElementValue",
  ),
  DISCOVER_LITERALS: columns(
    "LiteralName!",
    "LiteralValue!",
    "LiteralInvalidChars",
    "LiteralInvalidStartingChars",
    "LiteralMaxLength:int",
    "LiteralNameEnumValue:int",
  ),
} as const;

export type RequestType = keyof typeof COLUMNS;
export const REQUEST_TYPES = Object.keys(COLUMNS) as RequestType[];

/** Restrictions a rowset takes beyond its own columns (MS-SSAS MDSCHEMA_MEMBERS). */
const EXTRA_RESTRICTIONS: Partial<Record<RequestType, readonly string[]>> = {
  MDSCHEMA_MEMBERS: ["TREE_OP", "CUBE_SOURCE"],
  MDSCHEMA_CUBES: [],
  MDSCHEMA_MEASURES: ["CUBE_SOURCE", "MEASURE_VISIBILITY"],
  MDSCHEMA_DIMENSIONS: ["CUBE_SOURCE", "DIMENSION_VISIBILITY"],
  MDSCHEMA_HIERARCHIES: ["CUBE_SOURCE", "HIERARCHY_VISIBILITY"],
  MDSCHEMA_LEVELS: ["CUBE_SOURCE", "LEVEL_VISIBILITY"],
  MDSCHEMA_SETS: ["HIERARCHY_UNIQUE_NAME", "CUBE_SOURCE"],
  MDSCHEMA_PROPERTIES: ["CUBE_SOURCE", "PROPERTY_VISIBILITY"],
  MDSCHEMA_ACTIONS: ["CUBE_SOURCE"],
};

/**
 * What DISCOVER_SCHEMA_ROWSETS answers for each rowset served: its OLE DB for OLAP GUID and the restrictions
 * it takes, in the order (and with the types) of the SSAS 2008 R2 reply recorded by may-day/olap
 * (`DISCOVER_SCHEMA_ROWSETS.testFlow.0.response.xml`). `RestrictionsMask` has one bit per restriction.
 */
const SCHEMA_ROWSETS: Record<RequestType, { guid: string; restrictions: string }> = {
  DISCOVER_DATASOURCES: {
    guid: "06C03D41-F66D-49F3-B1B8-987F7AF4CF18",
    restrictions: "DataSourceName URL ProviderName ProviderType AuthenticationMode",
  },
  DISCOVER_PROPERTIES: { guid: "4B40ADFB-8B09-4758-97BB-636E8AE97BCF", restrictions: "PropertyName" },
  DISCOVER_SCHEMA_ROWSETS: { guid: "EEA0302B-7922-4992-8991-0E605D0E5593", restrictions: "SchemaName" },
  DISCOVER_LITERALS: { guid: "C3EF5ECB-0A07-4665-A140-B075722DBDC2", restrictions: "LiteralName" },
  DISCOVER_ENUMERATORS: { guid: "55A9E78B-ACCB-45B4-95A6-94C5065617A7", restrictions: "EnumName" },
  DBSCHEMA_CATALOGS: { guid: "C8B52211-5CF3-11CE-ADE5-00AA0044773D", restrictions: "CATALOG_NAME" },
  MDSCHEMA_CUBES: {
    guid: "C8B522D8-5CF3-11CE-ADE5-00AA0044773D",
    restrictions: "CATALOG_NAME SCHEMA_NAME CUBE_NAME CUBE_SOURCE:unsignedShort BASE_CUBE_NAME",
  },
  MDSCHEMA_DIMENSIONS: {
    guid: "C8B522D9-5CF3-11CE-ADE5-00AA0044773D",
    restrictions:
      "CATALOG_NAME SCHEMA_NAME CUBE_NAME DIMENSION_NAME DIMENSION_UNIQUE_NAME CUBE_SOURCE:unsignedShort DIMENSION_VISIBILITY:unsignedShort",
  },
  MDSCHEMA_HIERARCHIES: {
    guid: "C8B522DA-5CF3-11CE-ADE5-00AA0044773D",
    restrictions:
      "CATALOG_NAME SCHEMA_NAME CUBE_NAME DIMENSION_UNIQUE_NAME HIERARCHY_NAME HIERARCHY_UNIQUE_NAME HIERARCHY_ORIGIN:unsignedShort CUBE_SOURCE:unsignedShort HIERARCHY_VISIBILITY:unsignedShort",
  },
  MDSCHEMA_LEVELS: {
    guid: "C8B522DB-5CF3-11CE-ADE5-00AA0044773D",
    restrictions:
      "CATALOG_NAME SCHEMA_NAME CUBE_NAME DIMENSION_UNIQUE_NAME HIERARCHY_UNIQUE_NAME LEVEL_NAME LEVEL_UNIQUE_NAME LEVEL_ORIGIN:unsignedShort CUBE_SOURCE:unsignedShort LEVEL_VISIBILITY:unsignedShort",
  },
  MDSCHEMA_MEASURES: {
    guid: "C8B522DC-5CF3-11CE-ADE5-00AA0044773D",
    restrictions:
      "CATALOG_NAME SCHEMA_NAME CUBE_NAME MEASURE_NAME MEASURE_UNIQUE_NAME MEASUREGROUP_NAME CUBE_SOURCE:unsignedShort MEASURE_VISIBILITY:unsignedShort",
  },
  MDSCHEMA_PROPERTIES: {
    guid: "C8B522DD-5CF3-11CE-ADE5-00AA0044773D",
    restrictions:
      "CATALOG_NAME SCHEMA_NAME CUBE_NAME DIMENSION_UNIQUE_NAME HIERARCHY_UNIQUE_NAME LEVEL_UNIQUE_NAME MEMBER_UNIQUE_NAME PROPERTY_NAME PROPERTY_TYPE:short PROPERTY_CONTENT_TYPE:short PROPERTY_ORIGIN:unsignedShort CUBE_SOURCE:unsignedShort PROPERTY_VISIBILITY:unsignedShort",
  },
  MDSCHEMA_MEMBERS: {
    guid: "C8B522DE-5CF3-11CE-ADE5-00AA0044773D",
    restrictions:
      "CATALOG_NAME SCHEMA_NAME CUBE_NAME DIMENSION_UNIQUE_NAME HIERARCHY_UNIQUE_NAME LEVEL_UNIQUE_NAME LEVEL_NUMBER:unsignedInt MEMBER_NAME MEMBER_UNIQUE_NAME MEMBER_CAPTION MEMBER_TYPE:int TREE_OP:int CUBE_SOURCE:unsignedShort SCOPE:int",
  },
  MDSCHEMA_ACTIONS: {
    guid: "A07CCD08-8148-11D0-87BB-00C04FC33942",
    restrictions:
      "CATALOG_NAME SCHEMA_NAME CUBE_NAME ACTION_NAME ACTION_TYPE:int COORDINATE COORDINATE_TYPE:int INVOCATION:int CUBE_SOURCE:unsignedShort",
  },
  MDSCHEMA_FUNCTIONS: {
    guid: "A07CCD07-8148-11D0-87BB-00C04FC33942",
    restrictions: "LIBRARY_NAME INTERFACE_NAME FUNCTION_NAME ORIGIN:int",
  },
  MDSCHEMA_SETS: {
    guid: "A07CCD0B-8148-11D0-87BB-00C04FC33942",
    restrictions:
      "CATALOG_NAME SCHEMA_NAME CUBE_NAME SET_NAME SCOPE:int HIERARCHY_UNIQUE_NAME CUBE_SOURCE:unsignedShort SET_EVALUATION_CONTEXT:int",
  },
};

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

/** TREE_OP bits (MS-SSAS 2.2.5.5.9 restrictions of MDSCHEMA_MEMBERS). */
export const TREE_OP = {
  CHILDREN: 0x01,
  SIBLINGS: 0x02,
  PARENT: 0x04,
  SELF: 0x08,
  DESCENDANTS: 0x10,
  ANCESTORS: 0x20,
} as const;

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
  const allowed = new Set([...COLUMNS[type].map((c) => c.name), ...(EXTRA_RESTRICTIONS[type] ?? [])]);
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
        const restrictionList = SCHEMA_ROWSETS[t].restrictions.split(" ").map((spec) => {
          const [name, type] = spec.split(":");
          return { Name: name as string, Type: `xsd:${type ?? "string"}` };
        });
        return {
          SchemaName: t,
          SchemaGuid: SCHEMA_ROWSETS[t].guid,
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
  return rows.filter((row) => {
    for (const [name, value] of restrictions) {
      if (!(name in row) && !COLUMNS[type].some((c) => c.name === name)) continue;
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
      return memberRows(base, engine, restrictions);
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

function memberRows(base: Row, engine: EngineCube, restrictions: ReadonlyMap<string, string>): Row[] {
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
  const pivot = findMember(engine, unique);
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
function nameParts(text: string): string[] {
  let e: Expr;
  try {
    e = parseMdxExpression(text);
  } catch (err) {
    if (err instanceof MdxError)
      throw new XmlaFault("bad-request", `${text} is not a member name: ${err.message}.`);
    throw err;
  }
  if (e.kind !== "ref") throw new XmlaFault("bad-request", `${text} is not a member name.`);
  return e.parts.map((p) => p.name);
}

/** A member by the unique name this endpoint answers (`[Market].[East]`, `[Product].[Diet].[100-20]`). */
export function findMember(engine: EngineCube, unique: string): Member {
  const parts = nameParts(unique);
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

/** A rowset: the XSD schema of its row, then its rows, as Analysis Services answers them. */
export function rowsetXml(type: RequestType, rows: readonly Row[], content: { schema: boolean }): string {
  const cols = COLUMNS[type];
  const out: string[] = [
    `<root xmlns="${ROWSET_NS}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema">`,
  ];
  if (content.schema) out.push(...schemaXml(cols));
  for (const row of rows) {
    out.push("<row>");
    for (const c of cols) {
      const v = row[c.name];
      if (v === undefined) continue;
      if (c.type === "restrictions") {
        for (const r of v as readonly RestrictionInfo[])
          out.push(`<${c.name}>${leaf("Name", r.Name)}${leaf("Type", r.Type)}</${c.name}>`);
      } else if (Array.isArray(v)) for (const item of v as readonly string[]) out.push(leaf(c.name, item));
      else out.push(leaf(c.name, v as string | number | boolean));
    }
    out.push("</row>");
  }
  out.push("</root>");
  return out.join("");
}

function schemaXml(cols: readonly Column[]): string[] {
  const out = [
    `<xsd:schema xmlns:sql="urn:schemas-microsoft-com:xml-sql" targetNamespace="${ROWSET_NS}" elementFormDefault="qualified">`,
    '<xsd:element name="root"><xsd:complexType><xsd:sequence minOccurs="0" maxOccurs="unbounded">',
    '<xsd:element name="row" type="row"/></xsd:sequence></xsd:complexType></xsd:element>',
    '<xsd:simpleType name="uuid"><xsd:restriction base="xsd:string">',
    '<xsd:pattern value="[0-9a-zA-Z]{8}-[0-9a-zA-Z]{4}-[0-9a-zA-Z]{4}-[0-9a-zA-Z]{4}-[0-9a-zA-Z]{12}"/>',
    "</xsd:restriction></xsd:simpleType>",
    '<xsd:complexType name="row"><xsd:sequence>',
  ];
  for (const c of cols) {
    const occurs = c.required ? "" : c.repeated ? ' minOccurs="0" maxOccurs="unbounded"' : ' minOccurs="0"';
    if (c.type === "restrictions") {
      // As SSAS declares it: an anonymous type of two optional strings.
      out.push(
        `<xsd:element sql:field="${c.name}" name="${c.name}"${occurs}><xsd:complexType><xsd:sequence>` +
          '<xsd:element sql:field="Name" name="Name" type="xsd:string" minOccurs="0"/>' +
          '<xsd:element sql:field="Type" name="Type" type="xsd:string" minOccurs="0"/>' +
          "</xsd:sequence></xsd:complexType></xsd:element>",
      );
      continue;
    }
    const type = c.type === "uuid" ? "uuid" : `xsd:${c.type}`;
    out.push(`<xsd:element sql:field="${c.name}" name="${c.name}" type="${type}"${occurs}/>`);
  }
  out.push("</xsd:sequence></xsd:complexType></xsd:schema>");
  return out;
}
