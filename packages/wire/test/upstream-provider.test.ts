import type { LoginInput, Provider, ProviderSession } from "@qibates/provider";
import { describe, expect, it } from "vitest";
import { upstreamProvider, wireNeedsMissing } from "../src/upstream-provider.ts";

/** A provider that notes its logins and the sessions its calls run in. */
function noting() {
  const logins: LoginInput[] = [];
  const sessions: ProviderSession[] = [];
  const provider: Provider = {
    id: "noting",
    login: async (input) => {
      logins.push(input);
      if (input.password !== "right") throw new Error("refused");
      return { username: input.username, handle: `h${logins.length}` };
    },
    logout: async () => {},
    servers: async (s) => {
      sessions.push(s);
      return { servers: [] };
    },
    applications: async (_s, server) => ({ server, applications: [] }),
    cubes: async (_s, app) => ({ ...app, cubes: [] }),
    essbase: null,
    planning: null,
  };
  return { provider, logins, sessions };
}

const session: ProviderSession = {
  id: "xmla:demo@127.0.0.1",
  ownerId: "xmla:demo",
  connector: "ssas",
  username: "demo",
  providerAddress: "http://front/aps/JAPI",
  aliasTable: null,
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
});
