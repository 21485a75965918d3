import { readFileSync } from "node:fs";
import { parse } from "yaml";
import {
  type ContractRoute,
  isObject,
  type Json,
  type JsonObject,
  listContractRoutes as routesOf,
} from "../../packages/client/src/openapi-document.ts";

/**
 * Reading `openapi/qibates.yaml` for tools and tests. The model of the contract (the `$ref` resolver, the
 * operations, the routes) is `packages/client/src/openapi-document.ts`, shared with the server.
 */

export {
  basePath,
  type ContractRoute,
  HTTP_METHODS,
  type HttpMethod,
  isObject,
  type Json,
  type JsonObject,
  type OperationEntry,
  operations,
  resolveRef,
} from "../../packages/client/src/openapi-document.ts";

export const CONTRACT_FILE = new URL("../qibates.yaml", import.meta.url);
export const OVERLAY_FILE = new URL("../qibates.fr.yaml", import.meta.url);

export function readYaml(file: URL): JsonObject {
  const value = parse(readFileSync(file, "utf8")) as Json;
  if (!isObject(value)) throw new Error(`${file.pathname} is not a YAML mapping`);
  return value;
}

export function loadContract(file: URL = CONTRACT_FILE): JsonObject {
  return readYaml(file);
}

/** The (method, path) pairs of the contract, sorted by path then method. */
export function listContractRoutes(doc: JsonObject = loadContract()): ContractRoute[] {
  return routesOf(doc);
}
