import { leaf } from "../xml/escape.ts";
import { ROWSET_NS, XML_SQL_NS, XSD_NS, XSI_NS } from "./namespaces.ts";

/**
 * The schema rowsets of XMLA's Discover: their names, their columns and the restrictions they take, as both
 * sides spell them, and the writer of a rowset answer.
 */

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
/** The columns that name a level, from its catalog down: the first of MDSCHEMA_MEMBERS' and _PROPERTIES'. */
const LEVEL_PATH = [
  "CATALOG_NAME",
  "SCHEMA_NAME",
  "CUBE_NAME",
  "DIMENSION_UNIQUE_NAME",
  "HIERARCHY_UNIQUE_NAME",
  "LEVEL_UNIQUE_NAME",
] as const;

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
    ...LEVEL_PATH,
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
    ...LEVEL_PATH,
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
  DISCOVER_KEYWORDS: columns("Keyword!"),
  DBSCHEMA_TABLES: columns(
    "TABLE_CATALOG",
    "TABLE_SCHEMA",
    "TABLE_NAME",
    "TABLE_TYPE",
    "TABLE_GUID:uuid",
    "DESCRIPTION",
    "TABLE_PROPID:unsignedInt",
    "DATE_CREATED:dateTime",
    "DATE_MODIFIED:dateTime",
    "TABLE_OLAP_TYPE",
  ),
  DBSCHEMA_COLUMNS: columns(
    "TABLE_CATALOG",
    "TABLE_SCHEMA",
    "TABLE_NAME",
    "COLUMN_NAME",
    "COLUMN_GUID:uuid",
    "COLUMN_PROPID:unsignedInt",
    "ORDINAL_POSITION:unsignedInt",
    "COLUMN_HAS_DEFAULT:boolean",
    "COLUMN_DEFAULT",
    "COLUMN_FLAGS:unsignedInt",
    "IS_NULLABLE:boolean",
    "DATA_TYPE:unsignedShort",
    "TYPE_GUID:uuid",
    "CHARACTER_MAXIMUM_LENGTH:unsignedInt",
    "CHARACTER_OCTET_LENGTH:unsignedInt",
    "NUMERIC_PRECISION:unsignedShort",
    "NUMERIC_SCALE:short",
    "DATETIME_PRECISION:unsignedInt",
    "CHARACTER_SET_CATALOG",
    "CHARACTER_SET_SCHEMA",
    "CHARACTER_SET_NAME",
    "COLLATION_CATALOG",
    "COLLATION_SCHEMA",
    "COLLATION_NAME",
    "DOMAIN_CATALOG",
    "DOMAIN_SCHEMA",
    "DOMAIN_NAME",
    "DESCRIPTION",
    "COLUMN_OLAP_TYPE",
  ),
  MDSCHEMA_KPIS: columns(
    "CATALOG_NAME",
    "SCHEMA_NAME",
    "CUBE_NAME",
    "MEASUREGROUP_NAME",
    "KPI_NAME",
    "KPI_CAPTION",
    "KPI_DESCRIPTION",
    "KPI_DISPLAY_FOLDER",
    "KPI_VALUE",
    "KPI_GOAL",
    "KPI_STATUS",
    "KPI_TREND",
    "KPI_STATUS_GRAPHIC",
    "KPI_TREND_GRAPHIC",
    "KPI_WEIGHT",
    "KPI_CURRENT_TIME_MEMBER",
    "KPI_PARENT_KPI_NAME",
    "ANNOTATIONS",
    "SCOPE:int",
  ),
  // [MS-SSAS] 3.1.4.2.2.1.3.16 and .17; SSAS's nested DIMENSION_PATH (reference dimensions) is left out.
  MDSCHEMA_MEASUREGROUPS: columns(
    "CATALOG_NAME",
    "SCHEMA_NAME",
    "CUBE_NAME",
    "MEASUREGROUP_NAME",
    "DESCRIPTION",
    "IS_WRITE_ENABLED:boolean",
    "MEASUREGROUP_CAPTION",
  ),
  MDSCHEMA_MEASUREGROUP_DIMENSIONS: columns(
    "CATALOG_NAME",
    "SCHEMA_NAME",
    "CUBE_NAME",
    "MEASUREGROUP_NAME",
    "MEASUREGROUP_CARDINALITY",
    "DIMENSION_UNIQUE_NAME",
    "DIMENSION_CARDINALITY",
    "DIMENSION_IS_VISIBLE:boolean",
    "DIMENSION_IS_FACT_DIMENSION:boolean",
    "DIMENSION_GRANULARITY",
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
  MDSCHEMA_KPIS: ["CUBE_SOURCE"],
  MDSCHEMA_MEASUREGROUP_DIMENSIONS: ["DIMENSION_VISIBILITY"],
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
  DISCOVER_KEYWORDS: { guid: "1426C443-4CDD-4A40-8F45-572FAB9BBAA1", restrictions: "Keyword" },
  DBSCHEMA_TABLES: {
    guid: "C8B52229-5CF3-11CE-ADE5-00AA0044773D",
    restrictions: "TABLE_CATALOG TABLE_SCHEMA TABLE_NAME TABLE_TYPE TABLE_OLAP_TYPE",
  },
  DBSCHEMA_COLUMNS: {
    guid: "C8B52214-5CF3-11CE-ADE5-00AA0044773D",
    restrictions: "TABLE_CATALOG TABLE_SCHEMA TABLE_NAME COLUMN_NAME COLUMN_OLAP_TYPE",
  },
  MDSCHEMA_KPIS: {
    guid: "2AE44109-ED3D-4842-B16F-B694D1CB0E3F",
    restrictions: "CATALOG_NAME SCHEMA_NAME CUBE_NAME KPI_NAME CUBE_SOURCE:unsignedShort SCOPE:int",
  },
  MDSCHEMA_MEASUREGROUPS: {
    guid: "E1625EBF-FA96-42FD-BEA6-DB90ADAFD96B",
    restrictions: "CATALOG_NAME SCHEMA_NAME CUBE_NAME MEASUREGROUP_NAME",
  },
  MDSCHEMA_MEASUREGROUP_DIMENSIONS: {
    guid: "A07CCD33-8148-11D0-87BB-00C04FC33942",
    restrictions:
      "CATALOG_NAME SCHEMA_NAME CUBE_NAME MEASUREGROUP_NAME DIMENSION_UNIQUE_NAME DIMENSION_VISIBILITY:unsignedShort",
  },
  MDSCHEMA_SETS: {
    guid: "A07CCD0B-8148-11D0-87BB-00C04FC33942",
    restrictions:
      "CATALOG_NAME SCHEMA_NAME CUBE_NAME SET_NAME SCOPE:int HIERARCHY_UNIQUE_NAME CUBE_SOURCE:unsignedShort SET_EVALUATION_CONTEXT:int",
  },
};

/** TREE_OP bits (MS-SSAS 2.2.5.5.9 restrictions of MDSCHEMA_MEMBERS). */
export const TREE_OP = {
  CHILDREN: 0x01,
  SIBLINGS: 0x02,
  PARENT: 0x04,
  SELF: 0x08,
  DESCENDANTS: 0x10,
  ANCESTORS: 0x20,
} as const;

/** MEMBER_TYPE of MDSCHEMA_MEMBERS: regular, all, measure, formula. */
export const MEMBER_TYPE = { REGULAR: 1, ALL: 2, MEASURE: 3, FORMULA: 4 } as const;

/**
 * DIMENSION_TYPE of MDSCHEMA_DIMENSIONS (OLE DB for OLAP and Analysis Services values): time, measure, other;
 * Analysis Services' accounts dimension answers 6.
 */
export const DIMENSION_TYPE = { TIME: 1, MEASURE: 2, OTHER: 3, ACCOUNTS: 6 } as const;

/** The names of the columns a rowset answers, in the order its schema declares them. */
export function rowsetColumnNames(type: RequestType): readonly string[] {
  return COLUMNS[type].map((c) => c.name);
}

/** The restrictions a rowset takes: its columns, and those it takes beyond them (TREE_OP…). */
export function rowsetRestrictionNames(type: RequestType): ReadonlySet<string> {
  return new Set([...rowsetColumnNames(type), ...(EXTRA_RESTRICTIONS[type] ?? [])]);
}

/**
 * The restrictions that take several values, a row matching any of them: those the XML for Analysis 1.1
 * specification types as arrays (DISCOVER_DATASOURCES' ProviderType, DISCOVER_PROPERTIES' PropertyName,
 * DISCOVER_ENUMERATORS' EnumName, DISCOVER_KEYWORDS' Keyword, DISCOVER_LITERALS' LiteralName, as xmla4js's
 * documentation, adapted from it, marks them "Yes (array)"), and the two olap4j-xmlaserver also reads as lists
 * (DISCOVER_SCHEMA_ROWSETS' SchemaName, MDSCHEMA_MEMBERS' MEMBER_UNIQUE_NAME: olap4j asks for several members
 * at once that way). Every other restriction takes one value.
 */
const ARRAY_RESTRICTIONS: Partial<Record<RequestType, readonly string[]>> = {
  DISCOVER_DATASOURCES: ["ProviderType"],
  DISCOVER_PROPERTIES: ["PropertyName"],
  DISCOVER_SCHEMA_ROWSETS: ["SchemaName"],
  DISCOVER_ENUMERATORS: ["EnumName"],
  DISCOVER_KEYWORDS: ["Keyword"],
  DISCOVER_LITERALS: ["LiteralName"],
  MDSCHEMA_MEMBERS: ["MEMBER_UNIQUE_NAME"],
};

/** Whether a rowset's restriction takes several values (a row matching any of them). */
export function restrictionTakesSeveral(type: RequestType, name: string): boolean {
  return ARRAY_RESTRICTIONS[type]?.includes(name) ?? false;
}

/** DISCOVER_SCHEMA_ROWSETS' `Restrictions` of a rowset: each restriction's name and XSD type. */
export function schemaRowsetRestrictions(type: RequestType): RestrictionInfo[] {
  return SCHEMA_ROWSETS[type].restrictions.split(" ").map((spec) => {
    const [name, xsd] = spec.split(":");
    return { Name: name as string, Type: `xsd:${xsd ?? "string"}` };
  });
}

/** DISCOVER_SCHEMA_ROWSETS' `SchemaGuid` of a rowset (OLE DB for OLAP's). */
export function schemaRowsetGuid(type: RequestType): string {
  return SCHEMA_ROWSETS[type].guid;
}

/**
 * The columns Oracle's Provider Services adds to a rowset for Essbase, after the standard ones: the generation a
 * level stands at, a member's generation and Default alias (Essbase API reference, "MDSCHEMA_LEVELS Rowset",
 * https://docs.oracle.com/cd/E36352_01/epm.1112/esb_api_ref/ch28s03s10.html).
 */
const ESSBASE_COLUMNS: Partial<Record<RequestType, Column[]>> = {
  MDSCHEMA_LEVELS: columns("ESSBASE_GEN_UNIQUE_NAME", "ESSBASE_GEN_CAPTION"),
  // "MDSCHEMA_MEMBERS Rowset", https://docs.oracle.com/cd/E36352_01/epm.1112/esb_api_ref/ch28s03s07.html
  MDSCHEMA_MEMBERS: columns("GENERATION_NUMBER:unsignedInt", "MEMBER_ALIAS"),
};

/**
 * A rowset: the XSD schema of its row, then its rows, as Analysis Services answers them, or with `essbase` as
 * Provider Services answers them for Essbase (its own columns declared and written after the standard ones).
 */
export function rowsetXml(
  type: RequestType,
  rows: readonly Row[],
  content: { schema: boolean; essbase?: boolean },
): string {
  const cols = content.essbase ? [...COLUMNS[type], ...(ESSBASE_COLUMNS[type] ?? [])] : COLUMNS[type];
  const out: string[] = [`<root xmlns="${ROWSET_NS}" xmlns:xsi="${XSI_NS}" xmlns:xsd="${XSD_NS}">`];
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
    `<xsd:schema xmlns:sql="${XML_SQL_NS}" targetNamespace="${ROWSET_NS}" elementFormDefault="qualified">`,
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
