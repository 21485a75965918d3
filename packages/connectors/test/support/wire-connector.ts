import type { Connector, LoginInput, Provider, ProviderSession } from "@qibates/provider";
import { CallContext } from "@qibates/provider";
import { afterAll, beforeAll } from "vitest";
import type { Upstreams } from "../../src/net/upstream.ts";
import { loopbackUpstreams } from "./fake-upstream.ts";

/** What the wire test servers answer (`startEndpoint`, `startXmla`…): the app, its embedded provider, the origin. */
interface WireServer {
  app: { close(): Promise<unknown> };
  provider: unknown;
  origin: string;
}

/**
 * A connector logged in over real HTTP to an endpoint of @qibates/wire (over the embedded provider), and a
 * session of that embedded provider on the demo address, to compare answers.
 */
export interface WireConnectorFixture<E extends WireServer, P> {
  endpoint: E;
  upstreams: Upstreams;
  connector: P;
  /** The connector's session (over HTTP). */
  remote: ProviderSession;
  /** The embedded provider's session on the demo address. */
  demo: ProviderSession;
  /** The embedded provider behind the endpoint (what the demo address answers). */
  embedded(): Provider;
  /** Logs demo in to the connector once more: a session of its own (`id`). */
  login(id: string): Promise<ProviderSession>;
  /**
   * Logs demo in to the connector with `password` at `address` (the endpoint's provider address by default):
   * what the login threw, `undefined` when it succeeded.
   */
  loginError(password: string, address?: string): Promise<unknown>;
}

/** The session the server records for demo's login to `connector` at `address`. */
export function demoSession(
  connector: Connector,
  id: string,
  handle: string | null,
  address: string,
): ProviderSession {
  return {
    id,
    ownerId: "owner",
    connector,
    username: "demo",
    providerAddress: address,
    aliasTable: null,
    call: CallContext.unbounded(),
    handle,
  };
}

/**
 * Starts the endpoint, makes the connector over the loopback network rules and logs demo/demo in at the
 * endpoint's origin followed by `path` (the provider address); everything is closed after the file's tests.
 * Registers its own beforeAll/afterAll: call it at the top of a test file.
 */
export function useWireConnector<
  E extends WireServer,
  P extends { login(input: LoginInput): Promise<{ handle?: string | null }>; close(): Promise<void> },
>(spec: {
  connector: Connector;
  start: () => Promise<E>;
  provider: (upstreams: Upstreams) => P;
  /** The provider address's path on the endpoint (`/essbase/japi`, `/aps/JAPI`). */
  path: string;
}): WireConnectorFixture<E, P> {
  const f = {} as WireConnectorFixture<E, P>;
  f.embedded = () => f.endpoint.provider as Provider;
  const endpointAddress = () => `${f.endpoint.origin}${spec.path}`;
  const demoLogin = (password: string, address: string) =>
    f.connector.login({
      connector: spec.connector,
      username: "demo",
      password,
      address: new URL(address),
      call: CallContext.unbounded(),
    });
  f.login = async (id) => {
    const { handle } = await demoLogin("demo", endpointAddress());
    return demoSession(spec.connector, id, handle ?? null, endpointAddress());
  };
  f.loginError = (password, address = endpointAddress()) =>
    demoLogin(password, address).then(
      () => undefined,
      (e: unknown) => e,
    );
  beforeAll(async () => {
    f.endpoint = await spec.start();
    f.upstreams = loopbackUpstreams();
    f.connector = spec.provider(f.upstreams);
    f.remote = await f.login("remote");
    f.demo = demoSession(spec.connector, "demo", null, `https://demo.qibates.local${spec.path}`);
  });
  afterAll(async () => {
    await f.connector?.close();
    await f.upstreams?.close();
    await f.endpoint?.app.close();
  });
  return f;
}
