import type { EssbaseOperations, Provider, ProviderSession } from "@qibates/provider";
import { afterAll, beforeAll } from "vitest";
import { startEndpoint } from "../../../wire/test/support/index.ts";
import { EssbaseRestProvider } from "../../src/essbase-rest/provider.ts";
import { Upstreams } from "../../src/net/upstream.ts";

/**
 * The essbase-stndln connector logged in over real HTTP to the Essbase REST endpoint of @qibates/wire (over the
 * embedded provider), and a session of that embedded provider on the demo address, to compare answers.
 * Registers its own beforeAll/afterAll: call it at the top of a test file.
 */
export interface EssbaseRestFixture {
  endpoint: Awaited<ReturnType<typeof startEndpoint>>;
  upstreams: Upstreams;
  connector: EssbaseRestProvider;
  /** The connector's session (over HTTP). */
  remote: ProviderSession;
  /** The embedded provider's session on the demo address. */
  demo: ProviderSession;
  /** The embedded provider behind the endpoint (what the demo address answers). */
  embedded(): Provider;
  /** A session of the connector (`handle` from its login). */
  session(id: string, handle: string | null, address: string): ProviderSession;
}

export const CUBE = { server: "EssbaseCluster-1", application: "Sample", cube: "Basic" };

export function ess(p: Provider): EssbaseOperations {
  if (!p.essbase) throw new Error(`${p.id} serves no Essbase-family connector`);
  return p.essbase;
}

function session(id: string, handle: string | null, address: string): ProviderSession {
  return {
    id,
    ownerId: "owner",
    connector: "essbase-stndln",
    username: "demo",
    providerAddress: address,
    aliasTable: null,
    handle,
  };
}

export function useEssbaseRest(): EssbaseRestFixture {
  const f = { session } as EssbaseRestFixture;
  f.embedded = () => f.endpoint.provider as unknown as Provider;
  beforeAll(async () => {
    f.endpoint = await startEndpoint();
    f.upstreams = new Upstreams({
      allowedHosts: ["127.0.0.1"],
      connectTimeoutMs: 5000,
      readTimeoutMs: 10000,
    });
    f.connector = new EssbaseRestProvider({ upstreams: f.upstreams, idleMs: 60_000, jobTimeoutMs: 20_000 });
    const address = `${f.endpoint.origin}/essbase/japi`;
    const { handle } = await f.connector.login({
      connector: "essbase-stndln",
      username: "demo",
      password: "demo",
      address: new URL(address),
    });
    f.remote = session("remote", handle ?? null, address);
    f.demo = session("demo", null, "https://demo.qibates.local/essbase/japi");
  });
  afterAll(async () => {
    await f.connector?.close();
    await f.upstreams?.close();
    await f.endpoint?.app.close();
  });
  return f;
}
