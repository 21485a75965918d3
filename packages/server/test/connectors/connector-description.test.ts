import {
  CallContext,
  CONNECTOR_DESCRIPTIONS,
  type Connector,
  type ConnectorDescription,
} from "@qibates/provider";
import { describe, expect, it } from "vitest";
import { listeningServer } from "../support/listening.ts";
import { withProviders } from "../support/providers.ts";

/**
 * A connector is its description (`CONNECTOR_DESCRIPTIONS` in `@qibates/provider`): the server derives which
 * provider serves it from the description alone. Shown with a stub sixth connector, described and nothing
 * else, that logs in over HTTP to this server's own Essbase REST endpoint through the client its description
 * names.
 */

const running = listeningServer({ QIBATES_WIRE_ENDPOINTS: "essbase-rest,xmla" });

/** A sixth connector: Essbase on Oracle Analytics Cloud, which serves Essbase 21c's REST API. */
const STUB: ConnectorDescription = {
  ...CONNECTOR_DESCRIPTIONS["essbase-stndln"],
  names: {
    serverType: "Essbase OAC",
    short: { en: "Essbase OAC", fr: "Essbase OAC" },
    full: { en: "Oracle Essbase on Analytics Cloud", fr: "Oracle Essbase sur Analytics Cloud" },
  },
};

const remote = (path: string) => ({ kind: "remote" as const, url: new URL(`${running.base}${path}`) });

describe("a connector added to the descriptions", () => {
  it("is opened by the server over its description's client, and logs in at a real endpoint", async () => {
    await withProviders({ ...CONNECTOR_DESCRIPTIONS, "essbase-oac": STUB }, async (registry) => {
      const target = remote("/essbase/japi");
      const provider = registry.forLogin(target, "essbase-oac");
      expect(provider?.id).toBe("essbase-rest");
      // One client, one provider: its upstream sessions are shared with essbase-stndln's.
      expect(provider).toBe(registry.forLogin(target, "essbase-stndln"));
      const login = await provider?.login({
        connector: "essbase-oac" as Connector,
        username: "demo",
        password: "demo",
        address: target.url,
        call: CallContext.unbounded(),
      });
      expect(login?.username).toBe("demo");
      // A value no description holds has no provider.
      expect(registry.forLogin(target, "essbase-xyz")).toBeNull();
      expect(registry.byId("essbase-rest")).toBe(provider);
    });
  });

  it("is all the server serves when it is the only one described, and opens only its client", async () => {
    await withProviders(
      { "ssas-only": { ...CONNECTOR_DESCRIPTIONS.ssas, names: STUB.names } },
      async (registry) => {
        const target = remote("/aps/JAPI");
        expect(registry.forLogin(target, "ssas-only")?.id).toBe("xmla");
        for (const connector of Object.keys(CONNECTOR_DESCRIPTIONS))
          expect(registry.forLogin(target, connector), connector).toBeNull();
        expect(registry.byId("essbase-rest")).toBeNull();
      },
    );
  });
});
