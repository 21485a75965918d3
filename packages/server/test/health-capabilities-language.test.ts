import { describe, expect, it } from "vitest";
import { buildTestApp } from "./support/app.ts";
import { testConfig } from "./support/config.ts";

/**
 * The capability table of `/health` gives its reasons in the caller's language, as every message of the API:
 * a French developer reads why SSAS has no UDA filter, or what Essbase 11.x does only in part, in French.
 */
describe("GET /qibates/api/v2/health: the capability table in the caller's language", () => {
  type Capability = { name: string; reason?: string; realServersReason?: string };
  type Connector = { connector: string; server: string; capabilities: Capability[] };
  const table = async (headers: Record<string, string>) => {
    const app = await buildTestApp({ config: testConfig(), logger: false });
    try {
      const res = await app.inject({ url: "/qibates/api/v2/health", headers });
      expect(res.statusCode).toBe(200);
      return res.json().capabilities as Connector[];
    } finally {
      await app.close();
    }
  };
  const of = (t: Connector[], connector: string, name: string) =>
    t.find((c) => c.connector === connector)?.capabilities.find((c) => c.name === name);

  it("answers the reasons in French to Accept-Language: fr, in English otherwise", async () => {
    const fr = await table({ "accept-language": "fr-FR,fr;q=0.9" });
    const en = await table({});
    expect(of(en, "ssas", "udaFilter")?.reason).toBe("SSAS has no user-defined attributes (UDAs).");
    expect(of(fr, "ssas", "udaFilter")?.reason).toMatch(/^SSAS n'a pas d/);
    expect(of(en, "essbase", "metadata")?.realServersReason).toMatch(/^The Smart View messages/);
    expect(of(fr, "essbase", "metadata")?.realServersReason).not.toBe(
      of(en, "essbase", "metadata")?.realServersReason,
    );
    expect(fr.find((c) => c.connector === "essbase")?.server).toMatch(/^Oracle Essbase 11\.x/);
    // Every reason has its French text: none is the English one.
    for (const connector of en) {
      for (const capability of connector.capabilities) {
        const french = of(fr, connector.connector, capability.name);
        if (capability.reason) expect(french?.reason).not.toBe(capability.reason);
        if (capability.realServersReason)
          expect(french?.realServersReason).not.toBe(capability.realServersReason);
      }
    }
  });
});
