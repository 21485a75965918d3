import { createServer, request as httpRequest, type Server } from "node:http";
import type { ProviderSession } from "@qibates/provider";
import { CallContext } from "@qibates/provider";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { endToEndHeaders } from "../../../scripts/end-to-end-headers.mjs";
import { EAST_STATES } from "../../embedded/test/support/sample-basic.ts";
import { startEndpoint } from "../../wire/test/support/index.ts";
import { EssbaseRestProvider } from "../src/essbase-rest/provider.ts";
import { Upstreams } from "../src/net/upstream.ts";

/**
 * Facts of the Essbase REST wire learnt from an independent client (appliedolap essbase-rest-client), held
 * against the essbase-stndln connector. Paging of the essbase-stndln connector against a server that answers fewer items than `limit` asks (Oracle's
 * lists say `hasMore` and `offset`, not that a page is as long as asked). A forwarder in front of the Essbase
 * REST endpoint of @qibates/wire caps every `limit` at 2: the connector must still read every member, its next
 * page starting where the last one ended.
 */
let endpoint: Awaited<ReturnType<typeof startEndpoint>>;
let proxy: Server;
let origin: string;
let upstreams: Upstreams;
let connector: EssbaseRestProvider;
const seen: string[] = [];

beforeAll(async () => {
  endpoint = await startEndpoint();
  const target = new URL(endpoint.origin);
  proxy = createServer((req, res) => {
    const url = (req.url ?? "/").replace(/([?&]limit=)(\d+)/, (_m, p: string, n: string) =>
      Number(n) === 0 || Number(n) > 2 ? `${p}2` : `${p}${n}`,
    );
    seen.push(url);
    const out = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: url,
        headers: endToEndHeaders(req.headers),
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, endToEndHeaders(answer.headers));
        answer.pipe(res);
      },
    );
    req.pipe(out);
  });
  await new Promise<void>((done) => proxy.listen(0, "127.0.0.1", done));
  const address = proxy.address();
  origin = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  upstreams = new Upstreams({ allowedHosts: ["127.0.0.1"], connectTimeoutMs: 5000, readTimeoutMs: 10000 });
  connector = new EssbaseRestProvider({ upstreams, idleMs: 60_000, jobTimeoutMs: 20_000 });
});

afterAll(async () => {
  await connector?.close();
  await upstreams?.close();
  await new Promise((done) => proxy?.close(done));
  await endpoint?.app.close();
});

let session: ProviderSession;
const cube = { server: "EssbaseCluster-1", application: "Sample", cube: "Basic" };

describe("essbase-stndln against Essbase's wire", () => {
  it("reads every member when the server's pages are shorter than asked", async () => {
    const address = `${origin}/essbase/japi`;
    const { handle } = await connector.login({
      connector: "essbase-stndln",
      username: "demo",
      password: "demo",
      address: new URL(address),
      call: CallContext.unbounded(),
    });
    session = {
      id: "paging",
      ownerId: "owner",
      connector: "essbase-stndln",
      username: "demo",
      providerAddress: address,
      aliasTable: null,
      call: CallContext.unbounded(),
      handle: handle ?? null,
    };
    const essbase = connector.essbase;
    const dims = await essbase.dimensions(session, cube);
    expect(dims.dimensions.map((d) => d.name)).toEqual(
      expect.arrayContaining(["Year", "Measures", "Product", "Market", "Scenario"]),
    );
    const market = await essbase.dimensionTree(session, cube, { dimension: "Market" });
    expect(market.root.children.map((c) => c.name)).toEqual(["East", "West", "South", "Central"]);
    const east = market.root.children[0];
    expect(east?.children.map((c) => c.name)).toEqual(EAST_STATES);
    // The forwarder did cap the pages, and the connector went on from where each page ended.
    expect(seen.some((u) => /\/outline\/Sample\/Basic\?parent=East&offset=2&limit=2/.test(u))).toBe(true);
    // Every call asks Essbase to leave its links out, which the connector never follows.
    expect(seen.length).toBeGreaterThan(0);
    for (const u of seen) expect(u, u).toMatch(/[?&]links=none$/);
  });

  it("reports the server's errorMessage, not its JSON body, when a call is refused", async () => {
    const error = await connector.essbase
      .mdx(session, cube, { query: "SELECT {[Measures].[NoSuchMember]} ON COLUMNS FROM [Sample].[Basic]" })
      .then(
        () => null,
        (e: unknown) => e as Error,
      );
    expect(error?.message).toMatch(/NoSuchMember/);
    expect(error?.message).not.toContain("errorMessage");
    expect(error?.message).not.toContain("{");
  });
});
