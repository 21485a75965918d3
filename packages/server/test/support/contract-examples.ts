import type { LightMyRequestResponse } from "fastify";
import { loadContract, type Operation } from "../../src/contract-operations.ts";
import type { TestApi } from "./api.ts";

/** The request examples of the contract, and how to send one as written to a test server. */

const contract = loadContract();
export const ESSBASE_EXAMPLE_LOGIN = "0f4a7c2e-6b1d-4e8a-9c3f-5d2b7a1e8c40";
export const PLANNING_EXAMPLE_LOGIN = "7d3e9b21-4c5a-4f6e-8b0d-2a9c1e5f3b76";

/** The Planning calls of the contract (paths), read-only first, then the changes. */
export const PLANNING_OPERATIONS = [
  "/nav/listforms",
  "/nav/openform",
  "/nav/listtasks",
  "/nav/listonsaverules",
  "/nav/listalias",
  "/nav/enumprompt",
  "/nav/enumfilters",
  "/nav/enummembers",
  "/nav/enummembersrule",
  "/action/taskstatus",
  "/action/setalias",
  "/action/submitform",
  "/action/launchrule",
] as const;

/**
 * A Planning answer without its run-dependent fields (rule run times and messages, completion times), so that an
 * answer and the contract's example of it compare.
 */
export function withoutRunFields<T extends Record<string, unknown>>(body: T): T {
  const r = structuredClone(body) as Record<string, unknown>;
  const runs = [
    ...((r.rules as Record<string, unknown>[] | undefined) ?? []),
    ...("durationMs" in r ? [r] : []),
  ];
  for (const x of runs) {
    x.durationMs = 0;
    x.message = null;
  }
  if (typeof r.completedAt === "string") r.completedAt = "(time)";
  return r as T;
}

/** Example values that cannot be replayed as written and why. */
const NOT_REPLAYABLE: Record<string, string> = {
  generateKeyCallback: "code and state are single-use values chosen by the OAuth provider",
  getOperation:
    "an operation id is given by a 202 answer of a call sent with Prefer: respond-async: see test/process/long-operations.test.ts",
  listAllKeys:
    "served to the accounts of ADMINISTRATORS alone, never the demo account: see test/oauth/admin-keys.test.ts",
  revokeKey:
    "served to the accounts of ADMINISTRATORS alone, never the demo account: see test/oauth/admin-keys.test.ts",
  listKeyEvents:
    "served to the accounts of ADMINISTRATORS alone, never the demo account: see test/oauth/admin-keys.test.ts",
  setVariable:
    "no connector sets variables yet: the demo refuses (QB_ERR_OPERATION_UNSUPPORTED), see test/api/members-variables.test.ts",
};

const MUTATING = new Set([
  "logout",
  "deleteKey",
  "calculate",
  "saveGrid",
  "submitForm",
  "launchRule",
  "setTaskStatus",
  "setAlias",
]);

export interface Example {
  name: string;
  connector: string | null;
  value: unknown;
}

export interface ExampleCase {
  op: Operation;
  ex: Example;
}

/** Requests of an operation beyond its documented examples, by name: sent as written, like an example. */
export type MoreExamples = Readonly<Record<string, Readonly<Record<string, unknown>>>>;

/**
 * Every replayable example, and the `more` requests of each operation named there, read-only calls first,
 * changes after, logout at the very end.
 */
export function contractExampleCases(more: MoreExamples = {}): ExampleCase[] {
  for (const id of Object.keys(more))
    if (!contract.operations.some((op) => op.operationId === id)) throw new Error(`no operation ${id}`);
  return contract.operations
    .filter((op) => !NOT_REPLAYABLE[op.operationId])
    .flatMap((op) => {
      const examples: Example[] =
        op.requestExamples.length > 0
          ? op.requestExamples
          : [{ name: "default", connector: null, value: null }];
      const extra = Object.entries(more[op.operationId] ?? {}).map(([name, value]) => ({
        name,
        connector: null,
        value,
      }));
      return [...examples, ...extra].map((ex) => ({ op, ex }));
    })
    .sort((a, b) => {
      const rank = (id: string) => (id === "logout" ? 2 : MUTATING.has(id) ? 1 : 0);
      return rank(a.op.operationId) - rank(b.op.operationId);
    });
}

/** Sends one example as written, with a live `loginid` (of the example's connector) in place of the example's. */
export async function sendExample(api: TestApi, op: Operation, ex: Example): Promise<LightMyRequestResponse> {
  const connector = ex.connector ?? op.connectors?.[0] ?? "essbase";
  const loginid = await api.login(connector);
  const body = JSON.parse(
    JSON.stringify(ex.value ?? {})
      .replaceAll(ESSBASE_EXAMPLE_LOGIN, loginid)
      .replaceAll(PLANNING_EXAMPLE_LOGIN, loginid),
  );
  const url = op.routePath.replace(/:([A-Za-z]+)/g, (_m, p: string) => {
    const param = (
      contract.document.components as Record<
        string,
        Record<string, { name: string; examples?: Record<string, { value: string }> }>
      >
    ).parameters?.[p];
    return param?.examples ? (Object.values(param.examples).at(-1)?.value ?? p) : p;
  });
  return api.app.inject({
    method: op.method,
    url,
    headers: {
      qibateskey: api.key,
      ...(op.connectors ? { connector } : {}),
      ...(op.method !== "GET" && op.method !== "DELETE" ? { "content-type": "application/json" } : {}),
    },
    ...(op.method === "GET" || op.method === "DELETE" ? {} : { payload: JSON.stringify(body) }),
  });
}
