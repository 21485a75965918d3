import { XMLA_NS } from "./namespaces.ts";

/**
 * Where XMLA is served: Analysis Services' HTTP pump (IIS), Essbase's APS XMLA address, and an independent
 * Essbase 21c deployment's (Oracle, "Essbase URLs": `https://host/essbase/xmla`).
 */
export const XMLA_PATHS = ["/olap/msmdpump.dll", "/aps/XMLA", "/essbase/xmla"] as const;

export type XmlaMethod = "Discover" | "Execute";

/** The `SOAPAction` header of a request, quoted as Microsoft's Discover and Execute pages show it. */
export function soapAction(method: XmlaMethod): string {
  return `"${XMLA_NS}:${method}"`;
}
