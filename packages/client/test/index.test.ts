import { describe, expect, it } from "vitest";
import { apiBaseUrl, contractRoutes, createQibatesClient } from "../src/index.ts";

/** A client of the server at `baseUrl` with the test key and connector essbase, calling `fetch`. */
const essbaseClient = (baseUrl: string, fetch: (request: Request) => Promise<Response>) =>
  createQibatesClient({ baseUrl, apiKey: "qb_test", connector: "essbase", fetch });

function recordingFetch(status: number, body: unknown) {
  const requests: Request[] = [];
  const fetch = async (request: Request) => {
    requests.push(request.clone());
    return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
  };
  return { requests, fetch };
}

describe("@qibates/client", () => {
  it("calls the API under /qibates/api/v2 with the key and the default connector", async () => {
    const { requests, fetch } = recordingFetch(200, {
      loginid: "0f4a7c2e-6b1d-4e8a-9c3f-5d2b7a1e8c40",
      connector: "essbase",
      providerAddress: "https://demo.qibates.local/aps/JAPI",
      username: "demo",
      idleTimeoutSeconds: 1800,
      expiresAt: "2026-11-21T09:44:03Z",
    });
    const client = essbaseClient("http://localhost:3000/", fetch);
    const { data, error } = await client.POST("/action/login", {
      body: { username: "demo", password: "demo", providerAddress: "https://demo.qibates.local/aps/JAPI" },
    });
    expect(error).toBeUndefined();
    expect(data?.loginid).toBe("0f4a7c2e-6b1d-4e8a-9c3f-5d2b7a1e8c40");
    const request = requests[0];
    expect(request?.method).toBe("POST");
    expect(request?.url).toBe("http://localhost:3000/qibates/api/v2/action/login");
    expect(request?.headers.get("qibateskey")).toBe("qb_test");
    expect(request?.headers.get("connector")).toBe("essbase");
    expect(await request?.json()).toEqual({
      username: "demo",
      password: "demo",
      providerAddress: "https://demo.qibates.local/aps/JAPI",
    });
  });

  it("lets one call override the connector and answers errors as the contract's Error body", async () => {
    const { requests, fetch } = recordingFetch(401, {
      code: "QB_ERR_SESSION_UNKNOWN",
      message: "The session does not exist or has expired; log in again.",
      field: "loginid",
      requestId: "r-1",
    });
    const client = essbaseClient("http://localhost:3000", fetch);
    const { data, error } = await client.POST("/nav/listforms", {
      params: { header: { connector: "planning" } },
      body: {
        loginid: "7d3e9b21-4c5a-4f6e-8b0d-2a9c1e5f3b76",
        server: "Planning",
        application: "Vision",
        folder: "/Forms/Revenue",
      },
    });
    expect(data).toBeUndefined();
    expect(error?.code).toBe("QB_ERR_SESSION_UNKNOWN");
    expect(requests[0]?.headers.get("connector")).toBe("planning");
  });

  it("fills path parameters and exposes the contract's routes", async () => {
    const { requests, fetch } = recordingFetch(200, {
      name: "demo-spare",
      deleted: true,
      deletedAt: "2026-11-21T09:20:11Z",
    });
    const client = createQibatesClient({
      baseUrl: "http://localhost:3000/qibates/api/v2",
      apiKey: "qb_test",
      fetch,
    });
    await client.DELETE("/deletekey/{keyname}", { params: { path: { keyname: "demo-spare" } } });
    expect(requests[0]?.url).toBe("http://localhost:3000/qibates/api/v2/deletekey/demo-spare");
    expect(apiBaseUrl("https://api.example.com")).toBe("https://api.example.com/qibates/api/v2");
    expect(contractRoutes.find((r) => r.operationId === "zoomIn")).toMatchObject({
      method: "POST",
      path: "/qibates/api/v2/action/zoomin",
      connectors: ["essbase", "ssas", "essbase-stndln"],
    });
    // 39 calls, plus member search, substitution variables listed and set, MDX, and the administrators' three
    // calls on keys (list, revoke, the event log).
    expect(contractRoutes).toHaveLength(47);
  });
});
