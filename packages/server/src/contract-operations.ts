import {
  basePath as contractBasePath,
  operations as contractOperations,
  resolveRef,
} from "@qibates/client/contract";
import contractDocument from "@qibates/client/contract.json" with { type: "json" };

/**
 * The API contract — `openapi/qibates.yaml`, the only place routes are declared, shipped as data in
 * `@qibates/client` (the server reads no file of the repository). The server registers one route per operation
 * found here, validates requests with the operation's schemas and (in tests) its answers with the response
 * schemas.
 */
/** `$id` under which the whole document is given to the schema validator, so `$ref`s resolve inside it. */
export const CONTRACT_SCHEMA_ID = "qibates";

export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
export type JsonObject = { [k: string]: Json };

export interface Operation {
  operationId: string;
  method: "GET" | "POST" | "DELETE" | "PUT" | "PATCH";
  /** Path as written in the contract, relative to the base path (e.g. `/action/login`). */
  path: string;
  /** Fastify route path under the base path (e.g. `/qibates/api/v2/deletekey/:keyname`). */
  routePath: string;
  /** Connector values the operation accepts (`x-qibates-connectors`), or null when it takes no connector. */
  connectors: string[] | null;
  /** True when the operation declares the `qibateskey` security requirement. */
  needsKey: boolean;
  /** Also accepts the browser session cookie instead of the key. */
  acceptsSessionCookie: boolean;
  /**
   * Served to the administrators alone (`x-qibates-administrators: true`, the ADMINISTRATORS setting): anyone
   * else's call is answered as a path the API does not have.
   */
  administratorsOnly: boolean;
  requestBodySchema: JsonObject | null;
  requestBodyRequired: boolean;
  /** The request body has a `grid` (ad hoc grid calls, form submission): the large body limit applies. */
  carriesGrid: boolean;
  pathSchema: JsonObject | null;
  querySchema: JsonObject | null;
  /** JSON response schemas by status code. */
  responses: Record<string, JsonObject | null>;
  /** Declares a 202 answer: with `Prefer: respond-async`, a call still running is answered as an operation. */
  longRunning: boolean;
  errorCodes: string[];
  /** Named request examples: value and the connector they are meant for. */
  requestExamples: { name: string; connector: string | null; value: Json }[];
}

export interface Contract {
  document: JsonObject;
  basePath: string;
  operations: Operation[];
}

const METHODS = ["get", "post", "delete", "put", "patch"] as const;

/** Rewrites local `$ref`s (`#/...`) to point into the document registered under {@link CONTRACT_SCHEMA_ID}. */
function absolutiseRefs(node: Json): Json {
  if (Array.isArray(node)) return node.map(absolutiseRefs);
  if (node && typeof node === "object") {
    const out: { [k: string]: Json } = {};
    for (const [k, v] of Object.entries(node)) {
      out[k] =
        k === "$ref" && typeof v === "string" && v.startsWith("#")
          ? `${CONTRACT_SCHEMA_ID}${v}`
          : absolutiseRefs(v);
    }
    return out;
  }
  return node;
}

function objectSchema(params: JsonObject[]): JsonObject | null {
  if (params.length === 0) return null;
  const properties: JsonObject = {};
  const required: string[] = [];
  for (const p of params) {
    properties[p.name as string] = absolutiseRefs((p.schema as Json) ?? {});
    if (p.required === true) required.push(p.name as string);
  }
  return { type: "object", properties, required };
}

/** True when a request body schema has a `grid` property. */
function hasGridProperty(schema: JsonObject | undefined): boolean {
  const properties = schema?.properties;
  return !!properties && typeof properties === "object" && !Array.isArray(properties) && "grid" in properties;
}

/** The contract as `@qibates/client` bundles it, its connector lists the product's. */
export const BUNDLED_CONTRACT = contractDocument as unknown as JsonObject;

export function loadContract(document: JsonObject = BUNDLED_CONTRACT): Contract {
  const basePath = contractBasePath(document) || "/qibates/api/v2";
  const operations: Operation[] = [];
  const globalSecurity = (document.security as JsonObject[] | undefined) ?? [];
  for (const { method, path, operation: op, pathItem } of contractOperations(document)) {
    if (!(METHODS as readonly string[]).includes(method)) continue;
    const shared = ((pathItem.parameters as JsonObject[]) ?? []).map(
      (p) => resolveRef(document, p) as JsonObject,
    );
    const params = [
      ...shared,
      ...((op.parameters as JsonObject[]) ?? []).map((p) => resolveRef(document, p) as JsonObject),
    ];
    const security = (op.security as JsonObject[] | undefined) ?? globalSecurity;
    const body = resolveRef(document, op.requestBody) as JsonObject | undefined;
    const bodyContent = (body?.content as JsonObject | undefined)?.["application/json"] as
      | JsonObject
      | undefined;
    const responses: Record<string, JsonObject | null> = {};
    for (const [status, r] of Object.entries((op.responses as JsonObject) ?? {})) {
      const resolved = resolveRef(document, r) as JsonObject;
      const json = (resolved?.content as JsonObject | undefined)?.["application/json"] as
        | JsonObject
        | undefined;
      responses[status] = json?.schema ? (absolutiseRefs(json.schema) as JsonObject) : null;
    }
    const examples = (bodyContent?.examples as JsonObject | undefined) ?? {};
    operations.push({
      operationId: String(op.operationId),
      method: method.toUpperCase() as Operation["method"],
      path,
      routePath: basePath + path.replace(/\{([^}]+)\}/g, ":$1"),
      connectors: Array.isArray(op["x-qibates-connectors"]) ? (op["x-qibates-connectors"] as string[]) : null,
      needsKey: security.some((s) => "qibateskey" in s),
      acceptsSessionCookie: security.some((s) => "qibatesSession" in s),
      administratorsOnly: op["x-qibates-administrators"] === true,
      requestBodySchema: bodyContent?.schema ? (absolutiseRefs(bodyContent.schema) as JsonObject) : null,
      requestBodyRequired: body?.required === true,
      carriesGrid: hasGridProperty(resolveRef(document, bodyContent?.schema) as JsonObject | undefined),
      pathSchema: objectSchema(params.filter((p) => p.in === "path")),
      querySchema: objectSchema(params.filter((p) => p.in === "query")),
      responses,
      longRunning: "202" in responses,
      errorCodes: Array.isArray(op["x-qibates-error-codes"]) ? (op["x-qibates-error-codes"] as string[]) : [],
      requestExamples: Object.entries(examples).map(([name, ex]) => {
        const e = resolveRef(document, ex) as JsonObject;
        return {
          name,
          connector:
            typeof e["x-qibates-connector"] === "string" ? (e["x-qibates-connector"] as string) : null,
          value: e.value ?? null,
        };
      }),
    });
  }
  return { document, basePath, operations };
}
