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
  const format = call.properties.get(PROPERTY.Format);
  if (format !== undefined && format !== FORMAT.Tabular)
    throw new XmlaFault("unsupported", `Discover answers the Tabular format only, not ${format}.`);
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
      })
    : [];
  return rowsetXml(type as RequestType, rows, content);
}
