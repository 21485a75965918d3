import type { ContentParts, XmlaRequest } from "@qibates/protocols/xmla";
import {
  FORMAT,
  PROPERTY,
  REQUEST_TYPES,
  type RequestType,
  rowsetXml,
  XmlaFault,
} from "@qibates/protocols/xmla";
import type { FastifyRequest } from "fastify";
import type { CallContext } from "./call-context.ts";
import type { XmlaEndpointState } from "./endpoint-state.ts";
import { discoverRows } from "./rowsets.ts";

/** `Discover`: the rowset its `RequestType` names, restricted by its `RestrictionList`, in the Tabular format. */
export async function discover(
  state: XmlaEndpointState,
  call: XmlaRequest,
  context: CallContext,
  content: ContentParts,
  request: FastifyRequest,
): Promise<string> {
  const type = call.requestType;
  if (!(REQUEST_TYPES as readonly string[]).includes(type))
    throw new XmlaFault("unsupported", `The request type ${type || "(none)"} is not supported.`);
  // A Discover answers a rowset whatever its Format ("Metadata is returned using the XMLA Rowset data type",
  // Discover method page): Native, the default, asks for the command's own format, which is that; Multidimensional
  // is an Execute's MDDataSet, which a schema rowset has no form of (a client sending its connection's Format
  // with every request, as xmla4js does, gets the rowset). A value that is no XMLA format is a fault.
  const format = call.properties.get(PROPERTY.Format);
  if (format !== undefined && !(Object.values(FORMAT) as string[]).includes(format))
    throw new XmlaFault(
      "bad-request",
      `The Format property cannot be ${format}: XMLA's formats are Tabular, Multidimensional and Native.`,
    );
  const rows = content.data
    ? await discoverRows(type as RequestType, call.restrictions, {
        dataSourceName: await context.serverName(),
        url: `${request.protocol}://${request.headers.host ?? "localhost"}${request.url.split("?")[0] ?? ""}`,
        providerName: state.about.name,
        providerVersion: state.about.version,
        defaultCatalog: context.catalog,
        catalogs: () => context.catalogs(),
        cubes: (c) => context.cubes(c),
        cube: (catalog, cube) => context.cube(catalog, cube),
        memberNameParts: (text) => state.olap.memberNameParts(text),
        writeEnabled: state.olap.writable,
        levels: context.levels,
        keywords: state.olap.mdxKeywords,
        functions: state.olap.mdxFunctions,
        capabilities: state.olap.mdxCapabilities,
      })
    : [];
  // Essbase's addresses declare and answer Provider Services' own columns (the levels' generations).
  return rowsetXml(type as RequestType, rows, { ...content, essbase: context.levels === "leaves" });
}
