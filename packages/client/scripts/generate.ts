import openapiTS, { astToString } from "openapi-typescript";

/**
 * Generation of the typed artefacts of `@qibates/client` from the contract. Lives in this package so that
 * `openapi-typescript` (a dependency of this package) resolves; `openapi/tools/generate.ts` calls it and
 * `openapi/contract.test.ts` compares its output with the committed files.
 */

export const SCHEMA_FILE = new URL("../src/schema.ts", import.meta.url);
export const ROUTES_FILE = new URL("../src/routes.generated.ts", import.meta.url);

const BANNER =
  "// Generated from openapi/qibates.yaml by `npx tsx openapi/tools/generate.ts` — do not edit.\n" +
  "// openapi/contract.test.ts fails when this file and the contract disagree.\n\n";

/** TypeScript types (`paths`, `components`, `operations`) of the contract, for the client and the server. */
export async function generateSchemaSource(contractFile: URL): Promise<string> {
  // Request properties with a default stay optional for callers (`defaultNonNullable: false`).
  const ast = await openapiTS(contractFile, {
    alphabetize: false,
    exportType: false,
    defaultNonNullable: false,
  });
  return `${BANNER}${astToString(ast)}`;
}

export interface RouteRecord {
  readonly method: string;
  readonly path: string;
  readonly routePath: string;
  readonly operationId: string;
  readonly connectors: readonly string[] | null;
  readonly errorCodes: readonly string[];
}

/** A data module listing the contract's routes, for code that must not read YAML (server route tests, client). */
export function generateRoutesSource(routes: readonly RouteRecord[]): string {
  const lines = routes.map((r) => `  ${JSON.stringify(r)},`);
  return (
    BANNER +
    "/** One operation of the contract: method, path and what the server must enforce. */\n" +
    "export interface ContractRoute {\n" +
    '  readonly method: "GET" | "POST" | "DELETE";\n' +
    "  /** Path template with the base path, OpenAPI syntax (`{keyname}`). */\n" +
    "  readonly path: string;\n" +
    "  /** The same path in Fastify syntax (`:keyname`). */\n" +
    "  readonly routePath: string;\n" +
    "  readonly operationId: string;\n" +
    "  /** Accepted values of the `connector` header; null when the operation takes none. */\n" +
    "  readonly connectors: readonly string[] | null;\n" +
    "  /** Error codes the operation may answer. */\n" +
    "  readonly errorCodes: readonly string[];\n" +
    "}\n\n" +
    "export const contractRoutes: readonly ContractRoute[] = [\n" +
    lines.join("\n") +
    "\n];\n"
  );
}
