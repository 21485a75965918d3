import { writeFileSync } from "node:fs";
import {
  generateRoutesSource,
  generateSchemaSource,
  ROUTES_FILE,
  SCHEMA_FILE,
} from "../../packages/client/scripts/generate.ts";
import { CONTRACT_FILE, listContractRoutes, loadContract } from "./contract.ts";

/** `npx tsx openapi/tools/generate.ts` — regenerates the committed types and route list from the contract. */
export async function generateAll(): Promise<{ schema: string; routes: string }> {
  const schema = await generateSchemaSource(CONTRACT_FILE);
  const routes = generateRoutesSource(listContractRoutes(loadContract()));
  return { schema, routes };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { schema, routes } = await generateAll();
  writeFileSync(SCHEMA_FILE, schema);
  writeFileSync(ROUTES_FILE, routes);
  process.stdout.write(`wrote ${SCHEMA_FILE.pathname}\nwrote ${ROUTES_FILE.pathname}\n`);
}
