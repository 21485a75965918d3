import { describe, expect, it } from "vitest";
import { checkProviderAddress, hostAllowed } from "../src/provider-address.ts";

const demo = { demo: true, allowedHosts: ["essbase.example.com", "*.oraclecloud.com"] };

describe("provider addresses", () => {
  it.each([
    ["essbase", "https://essbase.example.com:9000/aps/JAPI"],
    ["ssas", "https://essbase.example.com/aps/JAPI"],
    ["essbase-stndln", "https://essbase.example.com/essbase/japi"],
    ["planning", "https://essbase.example.com/HyperionPlanning/SmartView"],
    ["pbcs", "https://acme-test.epm.us-phoenix-1.ocs.oraclecloud.com/HyperionPlanning/SmartView"],
  ] as const)("accepts %s at %s", (connector, url) => {
    expect(checkProviderAddress(url, connector, demo)).toMatchObject({ kind: "remote" });
  });

  it.each([
    ["essbase", "https://essbase.example.com/aps/SmartView", "does not end with /aps/JAPI"],
    ["essbase-stndln", "https://essbase.example.com/aps/JAPI", "does not end with /essbase/japi"],
    [
      "planning",
      "https://essbase.example.com/HyperionPlanning",
      "does not end with /HyperionPlanning/SmartView",
    ],
    ["pbcs", "https://essbase.example.com/aps/JAPI", "does not end with /HyperionPlanning/SmartView"],
  ] as const)("refuses %s at %s", (connector, url, message) => {
    const r = checkProviderAddress(url, connector, demo);
    expect(r).toMatchObject({ code: "QB_ERR_PROVIDER_ADDRESS", params: { connector } });
    expect((r as { why: string }).why).toContain(message);
  });

  it("accepts a trailing slash", () => {
    expect(checkProviderAddress("https://essbase.example.com/aps/JAPI/", "essbase", demo)).toMatchObject({
      kind: "remote",
    });
  });

  it("refuses hosts off the allow-list, including private addresses", () => {
    for (const url of [
      "https://intranet.corp/aps/JAPI",
      "http://127.0.0.1/aps/JAPI",
      "http://169.254.169.254/aps/JAPI",
      "http://10.0.0.5/aps/JAPI",
    ]) {
      expect(checkProviderAddress(url, "essbase", demo)).toMatchObject({ code: "QB_ERR_HOST_NOT_ALLOWED" });
    }
  });

  it("refuses credentials in the URL and other schemes", () => {
    expect(checkProviderAddress("https://u:p@essbase.example.com/aps/JAPI", "essbase", demo)).toMatchObject({
      code: "QB_ERR_PROVIDER_ADDRESS",
    });
    expect(checkProviderAddress("file:///aps/JAPI", "essbase", demo)).toMatchObject({
      code: "QB_ERR_PROVIDER_ADDRESS",
    });
    expect(checkProviderAddress("not a url", "essbase", demo)).toMatchObject({
      code: "QB_ERR_PROVIDER_ADDRESS",
    });
  });

  it("routes the demo host to the embedded engine in demo mode only", () => {
    expect(checkProviderAddress("https://demo.qibates.local/aps/JAPI", "essbase", demo)).toMatchObject({
      kind: "demo",
    });
    expect(
      checkProviderAddress("https://demo.qibates.local/aps/JAPI", "essbase", {
        demo: false,
        allowedHosts: [],
      }),
    ).toMatchObject({ code: "QB_ERR_HOST_NOT_ALLOWED" });
  });

  it("matches wildcard entries on sub-domains only", () => {
    expect(hostAllowed("a.oraclecloud.com", ["*.oraclecloud.com"])).toBe(true);
    expect(hostAllowed("oraclecloud.com", ["*.oraclecloud.com"])).toBe(false);
    expect(hostAllowed("evil-oraclecloud.com", ["*.oraclecloud.com"])).toBe(false);
    expect(hostAllowed("ESSBASE.example.com", ["essbase.example.com"])).toBe(true);
  });
});
