import type { FastifyInstance } from "fastify";
import { registerLiveSessions } from "../live-sessions.ts";
import { registerXmlaAuth } from "./auth.ts";
import { type XmlaOptions, xmlaEndpointState } from "./endpoint-state.ts";
import { registerXmlaRoutes } from "./routes.ts";

export {
  MDDATASET_NS,
  ROWSET_NS,
  SOAP_ENV,
  TREE_OP,
  XMLA_ERROR_HRESULT,
  XMLA_NS,
  XMLA_PATHS,
  type XmlaFaultKind,
} from "@qibates/protocols/xmla";
export type { XmlaOptions } from "./endpoint-state.ts";
export { formatValue } from "./mddataset.ts";
export { memberName } from "./names.ts";

/**
 * XML for Analysis over the provider's engine port, at `/olap/msmdpump.dll` and `/aps/XMLA`: SOAP 1.1
 * `Discover` (DISCOVER_DATASOURCES, DBSCHEMA_CATALOGS — the applications —, MDSCHEMA_CUBES, _DIMENSIONS,
 * _HIERARCHIES, _LEVELS, _MEMBERS with TREE_OP…, DBSCHEMA_TABLES and _COLUMNS, DISCOVER_KEYWORDS) answering rowsets, and `Execute` of MDX answering an
 * MDDataSet (or `UPDATE CUBE` writing cells). Authentication is HTTP Basic on every request, as msmdpump behind
 * IIS with Basic (`auth.ts`); the `BeginSession`, `Session` and `EndSession` headers keep an XMLA session
 * (`sessions.ts`). Failures are SOAP faults. Routes: `routes.ts`, `discover.ts`, `execute.ts`.
 */
export async function xmlaEndpoint(app: FastifyInstance, options: XmlaOptions): Promise<void> {
  const state = xmlaEndpointState(options);
  const unregister = registerLiveSessions((id) => state.sessions.has(id) || state.callers.alive(id));
  app.addHook("onClose", async () => unregister());
  await app.register(async (scope) => {
    registerXmlaAuth(scope, state);
    registerXmlaRoutes(scope, state);
  });
}
