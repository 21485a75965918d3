import { readFileSync } from "node:fs";
import { CONNECTORS } from "@qibates/provider";
import { describe, expect, it } from "vitest";
import { ConfigError, formerNameWarnings, loadConfig, variables } from "../src/config.ts";

describe("configuration registry", () => {
  it("gives documented defaults with an empty environment", () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.host).toBe("0.0.0.0");
    expect(c.siteDir).toBe("site/build");
    expect(c.publicUrl).toBeUndefined();
  });

  it("parses typed values", () => {
    const c = loadConfig({ PORT: "8080", LOG_LEVEL: "debug", PUBLIC_URL: "https://docs.example.com" });
    expect(c.port).toBe(8080);
    expect(c.logLevel).toBe("debug");
    expect(c.publicUrl).toBe("https://docs.example.com");
  });

  it("fails fast listing every bad value, without echoing credentials", () => {
    let error: unknown;
    try {
      loadConfig({ PORT: "eighty", LOG_LEVEL: "loud", PUBLIC_URL: "ftp://u:hunter2@docs" });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain("PORT (eighty): must be a whole number");
    expect(message).toContain("LOG_LEVEL (loud): must be one of");
    expect(message).toContain("PUBLIC_URL (ftp://***@docs): must use http: or https:");
    expect(message).not.toContain("hunter2");
  });

  it("names a wrong value and a conflict between other settings in one message, so that one restart fixes both", () => {
    const message = (env: Record<string, string>): string => {
      try {
        loadConfig(env);
      } catch (e) {
        return (e as Error).message;
      }
      return "(started)";
    };
    // A wrong tenant does not hide the missing PUBLIC_URL, nor a wrong log level the timeouts out of order.
    const both = message({
      MICROSOFT_CLIENT_ID: "m",
      MICROSOFT_TENANT: "bad tenant!",
      LOG_LEVEL: "loud",
      CONNECTION_TIMEOUT_SECONDS: "700",
    });
    expect(both).toContain("MICROSOFT_TENANT (bad tenant!): must be");
    expect(both).toContain("LOG_LEVEL (loud): must be one of");
    expect(both).toContain("PUBLIC_URL: must be set when GOOGLE_CLIENT_ID or MICROSOFT_CLIENT_ID is set");
    expect(both).toContain("CONNECTION_TIMEOUT_SECONDS (700) must be longer than");
    // A check that reads a wrong value says nothing of it: the wrong value is named once, on its own.
    const own = message({
      CALC_JOB_TIMEOUT_SECONDS: "forever",
      GOOGLE_CLIENT_ID: "g",
      PUBLIC_URL: "ftp://x",
    });
    expect(own).toBe(
      'Invalid configuration:\n  PUBLIC_URL (ftp://x): must use http: or https:, got ftp:\n  CALC_JOB_TIMEOUT_SECONDS (forever): must be a whole number, got "forever"',
    );
  });

  it("refuses a PUBLIC_URL with a user name or password, which the start would print", () => {
    expect(() => loadConfig({ PUBLIC_URL: "https://admin:hunter2@qibates.example.com" })).toThrow(
      "PUBLIC_URL (https://***@qibates.example.com): must not hold a user name or password",
    );
    expect(() => loadConfig({ PUBLIC_URL: "https://admin@qibates.example.com" })).toThrow(
      /must not hold a user/,
    );
    expect(loadConfig({ PUBLIC_URL: "https://qibates.example.com" }).publicUrl).toBe(
      "https://qibates.example.com",
    );
  });

  it("refuses an OAuth sign-in without PUBLIC_URL (no callback address taken from the Host header)", () => {
    expect(() => loadConfig({ GOOGLE_CLIENT_ID: "g" })).toThrow(
      /PUBLIC_URL: must be set when GOOGLE_CLIENT_ID/,
    );
    expect(loadConfig({ GOOGLE_CLIENT_ID: "g", PUBLIC_URL: "https://docs.example.com" }).googleClientId).toBe(
      "g",
    );
  });

  it("refuses an OAuth sign-in whose PUBLIC_URL is http, except on this machine (the sign-in's cookie is Secure)", () => {
    for (const env of [
      { GOOGLE_CLIENT_ID: "cid", GOOGLE_CLIENT_SECRET: "sec", PUBLIC_URL: "http://qibates.example.com:8080" },
      { MICROSOFT_CLIENT_ID: "m", PUBLIC_URL: "http://10.0.0.5" },
    ]) {
      expect(() => loadConfig(env)).toThrow(
        /PUBLIC_URL \(http:\/\/[^)]+\): must be an https address when GOOGLE_CLIENT_ID or MICROSOFT_CLIENT_ID is set.*set PUBLIC_URL to the https address users reach/,
      );
    }
    for (const publicUrl of [
      "https://qibates.example.com",
      "http://localhost:3000",
      "http://127.0.0.1:3000",
      "http://[::1]:3000",
    ]) {
      expect(loadConfig({ GOOGLE_CLIENT_ID: "cid", PUBLIC_URL: publicUrl }).publicUrl).toBe(publicUrl);
    }
    // Without a sign-in, an http PUBLIC_URL is only the printed address.
    expect(loadConfig({ PUBLIC_URL: "http://qibates.example.com:8080" }).publicUrl).toBe(
      "http://qibates.example.com:8080",
    );
  });

  it("rejects out-of-range numbers", () => {
    expect(() => loadConfig({ PORT: "70000" })).toThrow(/between 0 and 65535/);
  });

  it("reads SSAS_XMLA_URLS as providerAddress=xmlaUrl pairs and refuses malformed ones at start", () => {
    expect(loadConfig({}).ssasXmlaUrls).toEqual([]);
    expect(
      loadConfig({
        SSAS_XMLA_URLS:
          "https://olap.example.com/aps/JAPI=https://bi.example.com/as/msmdpump.dll , http://127.0.0.1:3000/aps/japi/=http://127.0.0.1:3000/olap/msmdpump.dll",
      }).ssasXmlaUrls,
    ).toEqual([
      ["https://olap.example.com/aps/JAPI", "https://bi.example.com/as/msmdpump.dll"],
      ["http://127.0.0.1:3000/aps/japi/", "http://127.0.0.1:3000/olap/msmdpump.dll"],
    ]);
    expect(() => loadConfig({ SSAS_XMLA_URLS: "https://olap.example.com/aps/JAPI" })).toThrow(
      /SSAS_XMLA_URLS .*is not providerAddress=xmlaUrl/,
    );
    expect(() => loadConfig({ SSAS_XMLA_URLS: "https://olap.example.com/aps/JAPI=ftp://bi/x" })).toThrow(
      /must be an http or https address/,
    );
    expect(() =>
      loadConfig({ SSAS_XMLA_URLS: "https://olap.example.com/essbase/japi=https://bi/x" }),
    ).toThrow(/must end with \/aps\/JAPI/);
    expect(() => loadConfig({ SSAS_XMLA_URLS: "not a url=https://bi/x" })).toThrow(/is not an address/);
  });

  it("reads the wire endpoints: each by name, all, and refuses the others with a clear message", () => {
    expect(loadConfig({}).wireEndpoints).toEqual([]);
    expect(loadConfig({ QIBATES_WIRE_ENDPOINTS: "essbase-rest" }).wireEndpoints).toEqual(["essbase-rest"]);
    expect(loadConfig({ QIBATES_WIRE_ENDPOINTS: "xmla" }).wireEndpoints).toEqual(["xmla"]);
    expect(loadConfig({ QIBATES_WIRE_ENDPOINTS: " all , essbase-rest" }).wireEndpoints).toEqual([
      "essbase-rest",
      "planning-rest",
      "xmla",
      "smartview",
    ]);
    expect(loadConfig({ QIBATES_WIRE_ENDPOINTS: "smartview" }).wireEndpoints).toEqual(["smartview"]);
    expect(() => loadConfig({ QIBATES_WIRE_ENDPOINTS: "soap" })).toThrow(/unknown wire endpoint "soap"/);
    expect(() => loadConfig({ QIBATES_WIRE_ENDPOINTS: "essbase-rest", QIBATES_DEMO: "false" })).toThrow(
      /QIBATES_WIRE_ENDPOINTS: serves the demo's users and data, so it needs QIBATES_DEMO=true/,
    );
  });

  it("reads the wire endpoints' administrators as a list of user names", () => {
    expect(loadConfig({}).wireAdministrators).toEqual([]);
    expect(loadConfig({ QIBATES_WIRE_ADMINISTRATORS: " alice , CORP\\bob,," }).wireAdministrators).toEqual([
      "alice",
      "CORP\\bob",
    ]);
    expect(() => loadConfig({ QIBATES_WIRE_ADMINISTRATORS: "alice,b\u0000ob" })).toThrow(
      /QIBATES_WIRE_ADMINISTRATORS.*is not a user name/,
    );
    expect(() => loadConfig({ QIBATES_WIRE_ADMINISTRATORS: "x".repeat(256) })).toThrow(/is not a user name/);
  });

  it("reads QIBATES_WIRE_UPSTREAM: a connector and its provider address on ALLOWED_HOSTS", () => {
    const base = { QIBATES_WIRE_ENDPOINTS: "xmla,essbase-rest", ALLOWED_HOSTS: "essbase.example.com" };
    expect(loadConfig(base).wireUpstream).toBeUndefined();
    expect(
      loadConfig({
        ...base,
        QIBATES_WIRE_UPSTREAM: " essbase-stndln = https://essbase.example.com/essbase/japi/ ",
      }).wireUpstream,
    ).toEqual({ connector: "essbase-stndln", providerAddress: "https://essbase.example.com/essbase/japi" });
    // Without demo mode: the endpoints serve the upstream's users and data, not the demo's.
    expect(
      loadConfig({
        ...base,
        QIBATES_DEMO: "false",
        QIBATES_WIRE_UPSTREAM: "ssas=http://essbase.example.com:9000/aps/JAPI",
      }).wireUpstream,
    ).toEqual({ connector: "ssas", providerAddress: "http://essbase.example.com:9000/aps/JAPI" });
  });

  it.each([
    ["essbase.example.com/essbase/japi", /QIBATES_WIRE_UPSTREAM .*must be connector=providerAddress/],
    ["=https://essbase.example.com/essbase/japi", /must be connector=providerAddress/],
    [
      "hyperion=https://essbase.example.com/essbase/japi",
      new RegExp(`QIBATES_WIRE_UPSTREAM .*unknown connector "hyperion": use one of ${CONNECTORS.join(", ")}`),
    ],
    [
      "essbase-stndln=not a url",
      /"not a url" is not a provider address of connector essbase-stndln: not an absolute URL/,
    ],
    ["essbase-stndln=ftp://essbase.example.com/essbase/japi", /not an http\(s\) URL/],
    ["essbase-stndln=https://essbase.example.com/aps/JAPI", /the path does not end with \/essbase\/japi/],
    ["essbase-stndln=https://demo.qibates.local/essbase/japi", /this server's own demo/],
    [
      "essbase-stndln=https://admin:s3cret@essbase.example.com/essbase/japi",
      /an address with credentials.*credentials in the URL/,
    ],
  ])("refuses QIBATES_WIRE_UPSTREAM=%s", (raw, message) => {
    const env = {
      QIBATES_WIRE_ENDPOINTS: "essbase-rest",
      ALLOWED_HOSTS: "essbase.example.com",
      QIBATES_WIRE_UPSTREAM: raw,
    };
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
    // No password in the message, even one written into the address.
    expect(() => loadConfig(env)).not.toThrow(/s3cret/);
  });

  it("refuses QIBATES_WIRE_UPSTREAM on a host ALLOWED_HOSTS does not list, or without endpoints", () => {
    const upstream = "essbase-stndln=https://essbase.example.com/essbase/japi";
    expect(() => loadConfig({ QIBATES_WIRE_ENDPOINTS: "xmla", QIBATES_WIRE_UPSTREAM: upstream })).toThrow(
      /QIBATES_WIRE_UPSTREAM: the host essbase.example.com is not on ALLOWED_HOSTS/,
    );
    expect(() =>
      loadConfig({
        QIBATES_WIRE_ENDPOINTS: "xmla",
        ALLOWED_HOSTS: "*.example.org,essbase.example.co",
        QIBATES_WIRE_UPSTREAM: upstream,
      }),
    ).toThrow(/is not on ALLOWED_HOSTS/);
    // A wildcard covers a sub-domain, as for logins.
    expect(
      loadConfig({
        QIBATES_WIRE_ENDPOINTS: "xmla",
        ALLOWED_HOSTS: "*.example.com",
        QIBATES_WIRE_UPSTREAM: upstream,
      }).wireUpstream?.connector,
    ).toBe("essbase-stndln");
    expect(() =>
      loadConfig({ ALLOWED_HOSTS: "essbase.example.com", QIBATES_WIRE_UPSTREAM: upstream }),
    ).toThrow(
      /QIBATES_WIRE_UPSTREAM: names the server the wire endpoints stand in front of, so it needs QIBATES_WIRE_ENDPOINTS/,
    );
    // Without an upstream, the endpoints still need the demo.
    expect(() => loadConfig({ QIBATES_WIRE_ENDPOINTS: "xmla", QIBATES_DEMO: "false" })).toThrow(
      /needs QIBATES_DEMO=true \(or QIBATES_SNAPSHOTS with QIBATES_SNAPSHOT_USERS, or QIBATES_WIRE_UPSTREAM\)/,
    );
  });

  it("reads the journal's checkpoint settings under their former names, with a warning naming the new ones", () => {
    expect(loadConfig({})).toMatchObject({
      journalCheckpointEntries: 1000,
      journalCheckpointBytes: 67108864,
    });
    expect(formerNameWarnings({})).toEqual([]);
    // The new names alone: no warning.
    const current = { JOURNAL_CHECKPOINT_ENTRIES: "7", JOURNAL_CHECKPOINT_BYTES: "2048" };
    expect(loadConfig(current)).toMatchObject({ journalCheckpointEntries: 7, journalCheckpointBytes: 2048 });
    expect(formerNameWarnings(current)).toEqual([]);
    // The former names alone still work, and the warning names the setting to use instead.
    const former = { JOURNAL_SNAPSHOT_ENTRIES: "5", JOURNAL_SNAPSHOT_BYTES: "4096" };
    expect(loadConfig(former)).toMatchObject({ journalCheckpointEntries: 5, journalCheckpointBytes: 4096 });
    expect(formerNameWarnings(former)).toEqual([
      "JOURNAL_SNAPSHOT_ENTRIES is the former name of JOURNAL_CHECKPOINT_ENTRIES: its value is used; rename the setting to JOURNAL_CHECKPOINT_ENTRIES",
      "JOURNAL_SNAPSHOT_BYTES is the former name of JOURNAL_CHECKPOINT_BYTES: its value is used; rename the setting to JOURNAL_CHECKPOINT_BYTES",
    ]);
    // Both set: the new name wins, and the warning says so.
    const both = { JOURNAL_CHECKPOINT_ENTRIES: "7", JOURNAL_SNAPSHOT_ENTRIES: "5" };
    expect(loadConfig(both).journalCheckpointEntries).toBe(7);
    expect(formerNameWarnings(both)).toEqual([
      "JOURNAL_SNAPSHOT_ENTRIES is ignored: it is the former name of JOURNAL_CHECKPOINT_ENTRIES, which is set too and wins; remove JOURNAL_SNAPSHOT_ENTRIES",
    ]);
    // An empty new name counts as unset; a bad value is named under the name it was given.
    expect(
      loadConfig({ JOURNAL_CHECKPOINT_ENTRIES: "", JOURNAL_SNAPSHOT_ENTRIES: "3" }).journalCheckpointEntries,
    ).toBe(3);
    expect(() => loadConfig({ JOURNAL_SNAPSHOT_ENTRIES: "0" })).toThrow(
      /JOURNAL_SNAPSHOT_ENTRIES \(0\): must be between 1 and 100000000/,
    );
    expect(() => loadConfig({ JOURNAL_CHECKPOINT_ENTRIES: "x", JOURNAL_SNAPSHOT_ENTRIES: "3" })).toThrow(
      /JOURNAL_CHECKPOINT_ENTRIES \(x\): must be a whole number/,
    );
  });

  it("is the settings reference page, variable for variable, in both languages", () => {
    // The page is generated (site/scripts/write-settings-reference.ts); a setting added here without its entry
    // and a fresh generation is missing from it, and a setting removed here still stands on it.
    const registered = Object.values(variables).map((v) => v.env);
    for (const page of [
      "../../../site/docs/admin/settings-reference.md",
      "../../../site/i18n/fr/docusaurus-plugin-content-docs/current/admin/settings-reference.md",
    ]) {
      const text = readFileSync(new URL(page, import.meta.url), "utf8");
      const documented = [...text.matchAll(/^\| `([A-Z_]+)` \|/gm)].map((m) => m[1]);
      expect(documented.sort(), page).toEqual([...registered].sort());
    }
  });

  it("names in the README's first-deployment table only settings that exist", () => {
    const readme = readFileSync(new URL("../../../README.md", import.meta.url), "utf8");
    const named = [...readme.matchAll(/^\| `([A-Z_]+)` \|/gm)].map((m) => m[1]);
    expect(named.length).toBeGreaterThan(0);
    const registered = new Set(Object.values(variables).map((v) => v.env));
    expect(named.filter((env) => !registered.has(env as string))).toEqual([]);
  });
});
