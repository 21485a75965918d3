import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listContractRoutes } from "../../../../openapi/tools/contract.ts";
import { loadContract } from "../../src/contract.ts";
import { startTestApi, type TestApi } from "../support/api.ts";

/**
 * The contract is the server: every route of `openapi/qibates.yaml` exists with its method and nothing else
 * does under the base path, and every request example of the contract, sent as written (with live
 * `loginid`s in place of the example ones), answers 200 with a body that matches the response schema.
 */

const contract = loadContract();
const ESSBASE_EXAMPLE_LOGIN = "0f4a7c2e-6b1d-4e8a-9c3f-5d2b7a1e8c40";
const PLANNING_EXAMPLE_LOGIN = "7d3e9b21-4c5a-4f6e-8b0d-2a9c1e5f3b76";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => api.close());

describe("routes", () => {
  // Fastify answers HEAD for every GET by itself; HEAD is part of GET in HTTP, not a separate call.
  const served = () =>
    api.app.qibatesRoutes.filter((r) => r.includes(" /qibates/api/v2/") && !r.startsWith("HEAD ")).sort();

  it("are exactly the contract's, method for method: none missing, none extra", () => {
    const described = listContractRoutes().map((r) => `${r.method} ${r.routePath}`);
    expect(described).toHaveLength(39);
    expect(served()).toEqual([...new Set(described)].sort());
  });
});

/** Example values that cannot be replayed as written and why. */
const NOT_REPLAYABLE: Record<string, string> = {
  generateKeyCallback: "code and state are single-use values chosen by the OAuth provider",
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

describe("request examples run as written on the demo server", () => {
  const cases = contract.operations
    .filter((op) => !NOT_REPLAYABLE[op.operationId])
    .flatMap((op) => {
      const examples =
        op.requestExamples.length > 0
          ? op.requestExamples
          : [{ name: "default", connector: null, value: null }];
      return examples.map((ex) => ({ op, ex }));
    })
    // Read-only calls first: changes and logouts come last, logout at the very end.
    .sort((a, b) => {
      const rank = (id: string) => (id === "logout" ? 2 : MUTATING.has(id) ? 1 : 0);
      return rank(a.op.operationId) - rank(b.op.operationId);
    });

  it.each(cases.map((c) => [`${c.op.operationId} (${c.ex.name})`, c] as const))(
    "%s",
    async (_name, { op, ex }) => {
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
      const res = await api.app.inject({
        method: op.method,
        url,
        headers: {
          qibateskey: api.key,
          ...(op.connectors ? { connector } : {}),
          ...(op.method !== "GET" && op.method !== "DELETE" ? { "content-type": "application/json" } : {}),
        },
        ...(op.method === "GET" || op.method === "DELETE" ? {} : { payload: JSON.stringify(body) }),
      });
      const ok = op.operationId === "generateKey" ? [200, 302, 400] : [200];
      expect(ok, `${op.operationId}: ${res.statusCode} ${res.body.slice(0, 500)}`).toContain(res.statusCode);
    },
  );
});
