import createClient, { type Client } from "openapi-fetch";
import type { components, paths } from "./schema.ts";

/**
 * `@qibates/client` — a typed client of the QiBates REST API, built on openapi-fetch with the types
 * generated from `openapi/qibates.yaml`. Paths, bodies and answers are checked by TypeScript.
 */

export { type ContractRoute, contractRoutes } from "./routes.generated.ts";
export type { components, operations, paths } from "./schema.ts";

export type Connector = components["schemas"]["Connector"];
export type ErrorBody = components["schemas"]["Error"];
export type ErrorCode = components["schemas"]["ErrorCode"];

export const API_BASE_PATH = "/qibates/api/v2";

/** An operation with its `connector` header made optional: the client sends its default connector. */
type OptionalConnector<Op> = Op extends { parameters: infer P }
  ? P extends { header: infer H }
    ? H extends { connector: infer C }
      ? Omit<Op, "parameters"> & {
          parameters: Omit<P, "header"> & { header?: Omit<H, "connector"> & { connector?: C } };
        }
      : Op
    : Op
  : Op;

/**
 * An operation without its `202 Accepted` answer, which comes only to a call sent with `Prefer: respond-async`:
 * `data` is typed as the answer every other call gets. A call that sends the header reads `response.status`, and
 * a 202's `data` as an {@link Operation}.
 */
type WithoutAccepted<Op> = Op extends { responses: infer R }
  ? 202 extends keyof R
    ? Omit<Op, "responses"> & { responses: Omit<R, 202> }
    : Op
  : Op;

/** The contract's paths as the client exposes them (`connector` optional on every call). */
export type ClientPaths = {
  [Path in keyof paths]: {
    [Method in keyof paths[Path]]: OptionalConnector<WithoutAccepted<paths[Path][Method]>>;
  };
};

/** A call answered `202 Accepted` (`Prefer: respond-async`), read at `GET /operations/{operationId}`. */
export type Operation = components["schemas"]["Operation"];

export type QibatesClient = Client<ClientPaths>;

export interface QibatesClientOptions {
  /** Server origin (`http://localhost:3000`) or full API base (`…/qibates/api/v2`). */
  readonly baseUrl: string;
  /** API key, sent in the `qibateskey` header of every call. */
  readonly apiKey?: string;
  /** Default `connector` header; a call can override it with `params.header.connector`. */
  readonly connector?: Connector;
  /** Custom fetch (tests, proxies). */
  readonly fetch?: (input: Request) => Promise<Response>;
  /** Extra headers sent with every call. */
  readonly headers?: Readonly<Record<string, string>>;
}

export function apiBaseUrl(baseUrl: string): string {
  const trimmed = baseUrl.replace(/\/+$/, "");
  return trimmed.endsWith(API_BASE_PATH) ? trimmed : `${trimmed}${API_BASE_PATH}`;
}

export function createQibatesClient(options: QibatesClientOptions): QibatesClient {
  const headers: Record<string, string> = { ...options.headers };
  if (options.apiKey !== undefined) headers.qibateskey = options.apiKey;
  if (options.connector !== undefined) headers.connector = options.connector;
  return createClient<ClientPaths>({
    baseUrl: apiBaseUrl(options.baseUrl),
    headers,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
}
