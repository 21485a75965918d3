import { readFileSync, writeFileSync } from "node:fs";
import {
  generateRoutesSource,
  generateSchemaSource,
  ROUTES_FILE,
  SCHEMA_FILE,
} from "../../packages/client/scripts/generate.ts";
import { withConnectorLists } from "./connector-lists.ts";
import { CONTRACT_FILE, listContractRoutes, loadContract } from "./contract.ts";

/**
 * `npx tsx openapi/tools/generate.ts` — writes the contract's connector lists from the connectors' descriptions
 * (`connector-lists.ts`), then regenerates the committed types and route list from the contract.
 */
export async function generateAll(): Promise<{ schema: string; routes: string; document: string }> {
  const schema = await generateSchemaSource(CONTRACT_FILE);
  const routes = generateRoutesSource(listContractRoutes(loadContract()));
  // The document itself, shipped in the client package for the server (no YAML read at run time).
  const document = `${JSON.stringify(loadContract())}\n`;
  return { schema, routes, document };
}

export const DOCUMENT_FILE = new URL("../../packages/client/src/contract.generated.json", import.meta.url);

if (import.meta.url === `file://${process.argv[1]}`) {
  const contract = readFileSync(CONTRACT_FILE, "utf8");
  const listed = withConnectorLists(contract);
  if (listed !== contract) writeFileSync(CONTRACT_FILE, listed);
  const { schema, routes, document } = await generateAll();
  writeFileSync(SCHEMA_FILE, schema);
  writeFileSync(ROUTES_FILE, routes);
  writeFileSync(DOCUMENT_FILE, document);
  process.stdout.write(
    `wrote ${SCHEMA_FILE.pathname}\nwrote ${ROUTES_FILE.pathname}\nwrote ${DOCUMENT_FILE.pathname}\n`,
  );
}
