import {
  REQUEST_TYPES,
  type RequestType,
  type Row,
  schemaRowsetGuid,
  schemaRowsetRestrictions,
} from "@qibates/protocols/xmla";
import type { OlapMdxCapabilities } from "@qibates/provider";
import type { DiscoverSource } from "./discover-source.ts";

/** The properties the endpoint reads (DISCOVER_PROPERTIES), as SSAS describes them; `Value` is the default. */
const PROPERTIES: readonly Row[] = [
  { PropertyName: "AxisFormat", PropertyType: "string", PropertyAccessType: "Write", Value: "TupleFormat" },
  { PropertyName: "Catalog", PropertyType: "string", PropertyAccessType: "ReadWrite" },
  { PropertyName: "Content", PropertyType: "string", PropertyAccessType: "Write", Value: "SchemaData" },
  { PropertyName: "DataSourceInfo", PropertyType: "string", PropertyAccessType: "ReadWrite" },
  { PropertyName: "Format", PropertyType: "string", PropertyAccessType: "Write", Value: "Native" },
];

/**
 * OLE DB for OLAP's MDX bits ("Supported XMLA Properties", learn.microsoft.com): MDPROP_MDX_SUBQUERIES,
 * MDPROP_MDX_DRILL_FUNCTIONS, MDPROP_MDX_FORMULAS, MDPROP_NAMED_LEVELS, MDPROP_FLATTENING_SUPPORT and
 * DBPROP_DATASOURCE_TYPE.
 */
const MSQ = { BASIC: 0x01, ARBITRARYSHAPE: 0x02, NONVISUAL: 0x04 } as const;
const MDF = { BASIC: 0x01, ASYMMETRIC: 0x02, CALC_MEMBERS: 0x04 } as const;
const MF = { WITH_CALCMEMBERS: 0x01, WITH_NAMEDSETS: 0x02 } as const;
const NL = { NAMEDLEVELS: 0x01, NUMBEREDLEVELS: 0x02 } as const;
const FS_FULL_SUPPORT = 1;
const DST_MDP = 0x02;

/**
 * What the server's MDX can do, the read-only properties a client reads on connecting to decide which of its
 * features to offer ("OLE DB for OLAP Properties Used by Excel", learn.microsoft.com: subselects for its
 * filters, tuple drilling, flattening and named levels, without which it refuses the provider). Named and typed
 * as the recorded SSAS 2008 R2 reply (`DISCOVER_PROPERTIES.testGetProperties`); the MDX's values are those of
 * the MDX behind the endpoint (the OLAP port's `mdxCapabilities`: the engine's, or the upstream server's).
 */
function capabilities(mdx: OlapMdxCapabilities): Row[] {
  const bits = (pairs: readonly [boolean, number][]) => pairs.reduce((v, [on, bit]) => (on ? v | bit : v), 0);
  return [
    { PropertyName: "MDXSupport", PropertyType: "string", Value: "Core" },
    // Execute's Tabular format flattens any two-axis query, whatever MDX runs it.
    { PropertyName: "MdpropFlatteningSupport", PropertyType: "int", Value: FS_FULL_SUPPORT },
    {
      PropertyName: "MdpropMdxDrillFunctions",
      PropertyType: "int",
      Value: bits([
        [mdx.drill.basic, MDF.BASIC],
        [mdx.drill.asymmetric, MDF.ASYMMETRIC],
        [mdx.drill.calculatedMembers, MDF.CALC_MEMBERS],
      ]),
    },
    {
      PropertyName: "MdpropMdxFormulas",
      PropertyType: "int",
      Value: bits([
        [mdx.formulas.withMembers, MF.WITH_CALCMEMBERS],
        [mdx.formulas.withSets, MF.WITH_NAMEDSETS],
      ]),
    },
    // The two lowest bits are what Excel needs to offer its label, date and value filters. Never CALCMEMBERS: a
    // calculated member in the engine's subselect keeps nothing on its dimension, and Microsoft documents no more
    // of the bit than its name.
    {
      PropertyName: "MdpropMdxSubqueries",
      PropertyType: "int",
      Value: bits([
        [mdx.subselects.basic, MSQ.BASIC],
        [mdx.subselects.arbitraryShape, MSQ.ARBITRARYSHAPE],
        [mdx.subselects.nonVisual, MSQ.NONVISUAL],
      ]),
    },
    {
      PropertyName: "MdpropNamedLevels",
      PropertyType: "int",
      Value: bits([
        [mdx.levels.named, NL.NAMEDLEVELS],
        [mdx.levels.numbered, NL.NUMBEREDLEVELS],
      ]),
    },
    // A multidimensional provider (SSAS answers 6, with DBPROPVAL_DST_DOCSOURCE).
    { PropertyName: "ProviderType", PropertyType: "int", Value: DST_MDP },
    { PropertyName: "StateSupport", PropertyType: "string", Value: "Sessions" },
  ];
}

/**
 * The XMLA enumerations (DISCOVER_ENUMERATORS), with only the elements this endpoint supports, under SSAS's
 * names and values (the recorded `DISCOVER_ENUMERATORS.testGetEnumerators.1.response.xml`): an MD provider with
 * HTTP Basic, sessions, Tabular, Multidimensional and Native results (Native, the `Format` XML for Analysis
 * defines as the server's choice, which SSAS 2008 R2 does not list: no value on record, so none), TupleFormat and
 * CustomFormat axes (answered as TupleFormat), any Content.
 */
const ENUMERATORS: readonly [string, string, number | null][] = [
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
  ["ResultsetFormat", "Native", null],
  ["ResultsetContents", "None", 61],
  ["ResultsetContents", "Schema", 62],
  ["ResultsetContents", "Data", 63],
  ["ResultsetContents", "SchemaData", 64],
  ["ResultsetAxisFormat", "TupleFormat", 70],
  ["ResultsetAxisFormat", "CustomFormat", 72],
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
      return [
        ...PROPERTIES.map((p) =>
          p.PropertyName === "Catalog" && source.defaultCatalog !== null
            ? { ...p, Value: source.defaultCatalog }
            : p,
        ),
        ...capabilities(source.capabilities),
        // Read as strings (OLE DB's DBPROP_DBMSNAME and DBPROP_DBMSVER): Excel refuses a provider whose version
        // is not one.
        { PropertyName: "ProviderName", PropertyType: "string", Value: source.providerName },
        { PropertyName: "ProviderVersion", PropertyType: "string", Value: source.providerVersion },
      ]
        .map(
          (p): Row => ({
            PropertyAccessType: "Read",
            ...p,
            PropertyDescription: p.PropertyName,
            IsRequired: false,
          }),
        )
        .sort((a, b) => String(a.PropertyName).localeCompare(String(b.PropertyName), "en"));
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
        ...(value === null ? {} : { ElementValue: String(value) }),
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
