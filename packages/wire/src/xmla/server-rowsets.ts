import {
  REQUEST_TYPES,
  type RequestType,
  type Row,
  schemaRowsetGuid,
  schemaRowsetRestrictions,
} from "@qibates/protocols/xmla";
import type { DiscoverSource } from "./rowsets.ts";

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

/**
 * The rows of a rowset about the server rather than a cube (DISCOVER_*, DBSCHEMA_CATALOGS, MDSCHEMA_FUNCTIONS),
 * unrestricted; `null` for a cube's rowset.
 */
export async function serverRows(type: RequestType, source: DiscoverSource): Promise<Row[] | null> {
  switch (type) {
    case "DISCOVER_DATASOURCES":
      return [
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
    case "DBSCHEMA_CATALOGS":
      return (await source.catalogs()).map((name) => ({ CATALOG_NAME: name, DESCRIPTION: "" }));
    case "DISCOVER_SCHEMA_ROWSETS":
      return REQUEST_TYPES.map((t) => {
        const restrictionList = schemaRowsetRestrictions(t);
        return {
          SchemaName: t,
          SchemaGuid: schemaRowsetGuid(t),
          Restrictions: restrictionList,
          Description: "",
          RestrictionsMask: 2 ** restrictionList.length - 1,
        };
      });
    case "DISCOVER_PROPERTIES":
      return PROPERTIES.map((p) => ({
        ...p,
        PropertyDescription: p.PropertyName,
        IsRequired: false,
        ...(p.PropertyName === "Catalog" && source.defaultCatalog !== null
          ? { Value: source.defaultCatalog }
          : {}),
      }));
    case "MDSCHEMA_FUNCTIONS":
      // The functions of the MDX behind the endpoint (the OLAP port's), in the columns and forms of SSAS's reply
      // recorded by may-day/olap: RETURN_TYPE 12 and ORIGIN 1 (MDX) for every function, «Member» as OBJECT of a
      // method.
      return source.functions.map((f) => ({
        FUNCTION_NAME: f.name,
        DESCRIPTION: f.description,
        PARAMETER_LIST: f.parameters,
        RETURN_TYPE: 12,
        ORIGIN: 1,
        INTERFACE_NAME: f.group,
        OBJECT: f.object ?? "",
        CAPTION: f.name,
      }));
    case "DISCOVER_ENUMERATORS":
      return ENUMERATORS.map(([enumName, element, value]) => ({
        EnumName: enumName,
        EnumDescription: "",
        EnumType: "string",
        ElementName: element,
        ElementDescription: "",
        ElementValue: String(value),
      }));
    case "DISCOVER_KEYWORDS":
      return source.keywords.map((k) => ({ Keyword: k }));
    // The engine has no KPIs: the rowset is empty, whatever its restrictions.
    case "MDSCHEMA_KPIS":
      return [];
    case "DISCOVER_LITERALS":
      return LITERALS.map((l) => ({ ...l, LiteralInvalidChars: "", LiteralInvalidStartingChars: "" }));
    default:
      return null;
  }
}
