import type { Provider, ProviderSession } from "@qibates/provider";
import { afterAll, beforeAll } from "vitest";
import { startXmla } from "../../../wire/test/support/index.ts";
import { Upstreams } from "../../src/net/upstream.ts";
import { XmlaProvider } from "../../src/xmla/provider.ts";

/**
 * The ssas connector logged in over real HTTP to the XMLA endpoint of @qibates/wire (over the embedded
 * provider), and a session of that embedded provider on the demo address, to compare answers. Registers its
 * own beforeAll/afterAll: call it at the top of a test file.
 */
export interface XmlaFixture {
  endpoint: Awaited<ReturnType<typeof startXmla>>;
  upstreams: Upstreams;
  connector: XmlaProvider;
  /** The connector's session (over HTTP). */
  remote: ProviderSession;
  /** The embedded provider's session on the demo address. */
  demo: ProviderSession;
  /** The embedded provider behind the endpoint (what the demo address answers). */
  embedded(): Provider;
}

export function ssasSession(id: string, handle: string | null, address: string): ProviderSession {
  return {
    id,
    ownerId: "owner",
    connector: "ssas",
    username: "demo",
    providerAddress: address,
    aliasTable: null,
    handle,
  };
}

export function useXmla(): XmlaFixture {
  const f = {} as XmlaFixture;
  f.embedded = () => f.endpoint.provider as unknown as Provider;
  beforeAll(async () => {
    f.endpoint = await startXmla();
    f.upstreams = new Upstreams({
      allowedHosts: ["127.0.0.1"],
      connectTimeoutMs: 5000,
      readTimeoutMs: 10000,
    });
    f.connector = new XmlaProvider({ upstreams: f.upstreams, idleMs: 60_000 });
    const address = `${f.endpoint.origin}/aps/JAPI`;
    const { handle } = await f.connector.login({
      connector: "ssas",
      username: "demo",
      password: "demo",
      address: new URL(address),
    });
    f.remote = ssasSession("remote", handle ?? null, address);
    f.demo = ssasSession("demo", null, "https://demo.qibates.local/aps/JAPI");
  });
  afterAll(async () => {
    await f.connector?.close();
    await f.upstreams?.close();
    await f.endpoint?.app.close();
  });
  return f;
}
