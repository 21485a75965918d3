import type { FileCatalogLimits } from "../../src/essbase-rest/files.ts";
import { type EssbaseRestOptions, essbaseRestEndpoint } from "../../src/essbase-rest/index.ts";
import { serverForTests, startWire } from "./server.ts";
import { checkRequest, checkResponse } from "./swagger.ts";

export const BASE = "/essbase/rest/v1";

/**
 * Small limits of the Files API's catalog, for the tests of a `FileCatalog` that fill it: 100 bytes a file and a
 * visitor, 1,000 a user, 10,000 in all, 50 files and folders a user. A test sets the limit it reaches over these.
 */
export const SMALL_FILE_LIMITS: FileCatalogLimits = {
  maxFileBytes: 100,
  maxOwnerBytes: 1000,
  maxVisitorBytes: 100,
  maxTotalBytes: 10_000,
  maxOwnerEntries: 50,
};

/**
 * A Fastify server answering the Essbase REST endpoint over the embedded provider (demo/demo, and `users`: each
 * user name's password), on a free port.
 */
export async function startEndpoint(
  options: Partial<EssbaseRestOptions> = {},
  users: Record<string, string> = {},
) {
  return startWire(essbaseRestEndpoint, options, { users });
}

/**
 * The Essbase REST endpoint of the enclosing file's (or block's) tests: started before them (`startEndpoint`
 * with `options` and `users`), closed after them. Its fields are read in the tests.
 */
export function endpointForTests(...args: Parameters<typeof startEndpoint>) {
  return serverForTests(() => startEndpoint(...args));
}

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  // biome-ignore lint/suspicious/noExplicitAny: answers are read field by field in tests
  json: any;
  /** The `errorMessage` of an error answer (Essbase's JSON error body), else null. */
  error: string | null;
}

/**
 * An HTTP client of the endpoint that keeps the session cookie as a browser would, sends Basic credentials
 * when given, and checks every request body and every 200 answer against Oracle's description.
 */
export class EssbaseClient {
  cookie: string | null = null;

  constructor(
    readonly origin: string,
    public credentials: { username: string; password: string } | null = {
      username: "demo",
      password: "demo",
    },
  ) {}

  async call(
    method: string,
    path: string,
    body?: unknown,
    options: { check?: boolean } = {},
  ): Promise<Answer> {
    const url = `${BASE}${path}`;
    if (options.check !== false && body !== undefined) checkRequest(method, url, body);
    const headers: Record<string, string> = { accept: "application/json" };
    if (this.cookie) headers.cookie = this.cookie;
    if (this.credentials) {
      const { username, password } = this.credentials;
      headers.authorization = `Basic ${Buffer.from(`${username}:${password}`).toString("base64")}`;
    }
    if (body !== undefined) headers["content-type"] = "application/json";
    const res = await fetch(`${this.origin}${url}`, {
      method,
      headers,
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const setCookie = res.headers.get("set-cookie");
    const m = setCookie ? /^JSESSIONID=([^;]*)/.exec(setCookie) : null;
    if (m) this.cookie = m[1] ? `JSESSIONID=${m[1]}` : null;
    const text = await res.text();
    const contentType = res.headers.get("content-type") ?? "";
    if (options.check !== false) checkResponse(method, url, res.status, contentType, text);
    let json: unknown = null;
    if (contentType.startsWith("application/json") && text !== "") json = JSON.parse(text);
    const error =
      res.status >= 400 &&
      json !== null &&
      typeof (json as { errorMessage?: unknown }).errorMessage === "string"
        ? (json as { errorMessage: string }).errorMessage
        : null;
    return { status: res.status, headers: res.headers, text, json, error };
  }

  get(path: string) {
    return this.call("GET", path);
  }
  post(path: string, body: unknown, options?: { check?: boolean }) {
    return this.call("POST", path, body, options);
  }
  put(path: string, body?: unknown) {
    return this.call("PUT", path, body);
  }
  delete(path: string) {
    return this.call("DELETE", path);
  }
}

/** The sheet of an answered Grid, row by row. */
export function sheet(grid: {
  slice: { rows: number; columns: number; data: { ranges: { values: string[] }[] } };
}) {
  const { rows, columns } = grid.slice;
  const values = grid.slice.data.ranges[0]?.values ?? [];
  return Array.from({ length: rows }, (_, r) => values.slice(r * columns, (r + 1) * columns));
}

/** Starts a job of `jobtype` on Sample.Basic (`POST /jobs`, with `parameters` when given); answers the answer. */
export function postJob(client: EssbaseClient, jobtype: string, parameters?: Record<string, unknown>) {
  return client.post("/jobs", {
    application: "Sample",
    db: "Basic",
    jobtype,
    ...(parameters ? { parameters } : {}),
  });
}

/** Polls the Essbase REST job `id` every 10 ms until it is no longer in progress (statusCode 100): its record. */
export async function jobRecord(client: EssbaseClient, id: number, tries = 200) {
  for (let i = 0; i < tries; i++) {
    const r = await client.get(`/jobs/${id}`);
    if (r.json.statusCode !== 100) return r.json;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`job ${id} still in progress`);
}
