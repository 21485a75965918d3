import {
  CallContext,
  type LoginInput,
  type Provider,
  ProviderError,
  type ProviderSession,
} from "@qibates/provider";
import { describe, expect, it } from "vitest";
import { upstreamProvider, wireNeedsMissing } from "../src/upstream-provider.ts";

/** An Essbase 11.x server's front over `provider`, and the login through it of demo (right password), as XMLA's. */
function essbaseFront(provider: Provider) {
  const address = new URL("https://essbase.example.com/essbase/japi");
  const front = upstreamProvider(provider, { connector: "essbase-stndln", address });
  const login = () =>
    front.login({
      connector: "ssas",
      username: "demo",
      password: "right",
      address: new URL("http://front/aps/JAPI"),
      call: CallContext.unbounded(),
    });
  return { front, login };
}

/** A provider that notes its logins and the sessions its calls run in. */
function noting() {
  const logins: LoginInput[] = [];
  const sessions: ProviderSession[] = [];
  const loggedOut: (string | null | undefined)[] = [];
  /** Upstream sessions the provider holds, by handle. */
  const live = new Set<string>();
  const provider: Provider = {
    id: "noting",
    login: async (input) => {
      logins.push(input);
      if (input.password !== "right") throw new Error("refused");
      const handle = `h${logins.length}`;
      live.add(handle);
      return { username: input.username, handle };
    },
    logout: async (s) => {
      loggedOut.push(s.handle);
      if (s.handle) live.delete(s.handle);
    },
    servers: async (s) => {
      sessions.push(s);
      if (!s.handle || !live.has(s.handle)) throw new ProviderError("SESSION_LOST", "no such session");
      return { servers: [] };
    },
    applications: async (_s, server) => ({ server, applications: [] }),
    cubes: async (_s, app) => ({ ...app, cubes: [] }),
    essbase: null,
    planning: null,
  };
  return { provider, logins, sessions, loggedOut, live };
}

const session: ProviderSession = {
  id: "xmla:demo@127.0.0.1",
  ownerId: "xmla:demo",
  connector: "ssas",
  username: "demo",
  providerAddress: "http://front/aps/JAPI",
  aliasTable: null,
  call: CallContext.unbounded(),
};

describe("a wire endpoint in front of a remote provider", () => {
  it("names what a provider lacks for each endpoint", () => {
    const { provider } = noting();
    expect(wireNeedsMissing("xmla", provider)).toEqual(["olap"]);
    expect(wireNeedsMissing("essbase-rest", provider)).toEqual(["essbase"]);
    expect(wireNeedsMissing("planning-rest", provider)).toEqual(["planning"]);
  });

  it("logs in upstream, runs calls in the upstream session, and reuses it only for the same password", async () => {
    const { provider, logins, sessions } = noting();
    const address = new URL("https://essbase.example.com/essbase/japi");
    const front = upstreamProvider(provider, { connector: "essbase-stndln", address });
    const login = (password: string) =>
      front.login({
        connector: "ssas",
        username: "Demo",
        password,
        address: new URL("http://front/aps/JAPI"),
        call: CallContext.unbounded(),
      });
    await login("right");
    await login("right");
    expect(logins.map((l) => [l.connector, l.address.href])).toEqual([["essbase-stndln", address.href]]);
    await expect(login("wrong")).rejects.toThrow("refused");
    expect(logins).toHaveLength(2);
    await front.servers(session);
    expect(sessions[0]).toMatchObject({
      connector: "essbase-stndln",
      providerAddress: address.href,
      handle: "h1",
      username: "demo",
    });
    expect(front.olap).toBeUndefined();
  });

  it("keeps the user's upstream session when one of the user's endpoint sessions logs out", async () => {
    const { provider, logins, sessions, loggedOut } = noting();
    const { front, login } = essbaseFront(provider);
    await login();
    // A Smart View client logs out; an Essbase REST client of the same user goes on in the same session.
    await front.logout(session);
    expect(loggedOut).toEqual([]);
    await front.servers(session);
    expect(sessions.at(-1)?.handle).toBe("h1");
    // The next login checks the password upstream again, and the calls go to the new session.
    await login();
    expect(logins).toHaveLength(2);
    await front.servers(session);
    expect(sessions.at(-1)?.handle).toBe("h2");
  });

  it("logs in upstream again after the connector lost the user's session", async () => {
    const { provider, logins, live } = noting();
    const { front, login } = essbaseFront(provider);
    await login();
    live.clear(); // ended upstream: idle, or the server restarted
    await expect(front.servers(session)).rejects.toMatchObject({ code: "SESSION_LOST" });
    await login();
    expect(logins).toHaveLength(2);
    await expect(front.servers(session)).resolves.toEqual({ servers: [] });
  });
});
