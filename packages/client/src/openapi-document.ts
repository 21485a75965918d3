/**
 * The API contract as data: the document of `openapi/qibates.yaml` (shipped in this package as
 * `contract.generated.json`, so that a running server does not read the repository), the one `$ref` resolver,
 * and the operations it declares. `openapi/tools/` reads the YAML itself for generation and linting.
 */

export type Json = null | boolean | number | string | Json[] | JsonObject;
export interface JsonObject {
  [key: string]: Json;
}

export const HTTP_METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"] as const;
export type HttpMethod = Uppercase<(typeof HTTP_METHODS)[number]>;

export interface ContractRoute {
  /** HTTP method, upper case. */
  readonly method: HttpMethod;
  /** Full path template as in the contract, with the base path (`/qibates/api/v2/deletekey/{keyname}`). */
  readonly path: string;
  /** The same path in Fastify syntax (`/qibates/api/v2/deletekey/:keyname`). */
  readonly routePath: string;
  readonly operationId: string;
  /** Values of the `connector` header the operation accepts; null when it takes no connector header. */
  readonly connectors: readonly string[] | null;
  /** Error codes the operation may answer (`x-qibates-error-codes`). */
  readonly errorCodes: readonly string[];
}

export function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The base path, from the first `servers` entry (`/qibates/api/v2`). */
export function basePath(doc: JsonObject): string {
  const servers = doc.servers;
  const first = Array.isArray(servers) ? servers[0] : undefined;
  const url = isObject(first) && typeof first.url === "string" ? first.url : "";
  return url.replace(/\/+$/, "");
}

/** Resolves a local `$ref` (`#/components/...`), following chains. */
export function resolveRef(doc: JsonObject, node: Json | undefined): Json | undefined {
  let current = node;
  for (let hops = 0; hops < 16 && isObject(current) && typeof current.$ref === "string"; hops++) {
    const ref: string = current.$ref as string;
    if (!ref.startsWith("#/")) return current;
    let target: Json | undefined = doc;
    for (const raw of ref.slice(2).split("/")) {
      const key = raw.replace(/~1/g, "/").replace(/~0/g, "~");
      target = isObject(target) ? target[key] : undefined;
    }
    current = target;
  }
  return current;
}

export interface OperationEntry {
  readonly method: (typeof HTTP_METHODS)[number];
  readonly path: string;
  readonly operation: JsonObject;
  readonly pathItem: JsonObject;
}

/** Every operation of the document, in document order. */
export function operations(doc: JsonObject): OperationEntry[] {
  const out: OperationEntry[] = [];
  const paths = isObject(doc.paths) ? doc.paths : {};
  for (const [path, pathItem] of Object.entries(paths)) {
    if (!isObject(pathItem)) continue;
    for (const method of HTTP_METHODS) {
      const operation = pathItem[method];
      if (isObject(operation)) out.push({ method, path, operation, pathItem });
    }
  }
  return out;
}

function stringList(value: Json | undefined): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
}

/** The (method, path) pairs of the contract, sorted by path then method. */
export function listContractRoutes(doc: JsonObject): ContractRoute[] {
  const base = basePath(doc);
  return operations(doc)
    .map(({ method, path, operation }) => {
      const connectors = operation["x-qibates-connectors"];
      return {
        method: method.toUpperCase() as HttpMethod,
        path: `${base}${path}`,
        routePath: `${base}${path}`.replace(/\{([^}]+)\}/g, ":$1"),
        operationId: typeof operation.operationId === "string" ? operation.operationId : "",
        connectors: Array.isArray(connectors) ? stringList(connectors) : null,
        errorCodes: stringList(operation["x-qibates-error-codes"]),
      };
    })
    .sort((a, b) => (a.path === b.path ? a.method.localeCompare(b.method) : a.path.localeCompare(b.path)));
}
