import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../src/config.ts";
import { isAdministrator, type KeyOwner } from "../src/keys.ts";

const owner = (provider: KeyOwner["provider"], email?: string) => ({
  owner: { issuer: "https://issuer.example", subject: "s1", email, provider },
});

describe("ADMINISTRATORS", () => {
  it("names nobody when unset", () => {
    const config = loadConfig({});
    expect(config.administrators).toEqual([]);
    expect(isAdministrator(config, owner("google", "grace@example.com"))).toBe(false);
  });

  it("takes e-mail addresses separated by commas, whatever their case", () => {
    const config = loadConfig({ ADMINISTRATORS: " Grace@Example.com, linus@example.com,grace@example.com" });
    expect(config.administrators).toEqual(["grace@example.com", "linus@example.com"]);
    expect(isAdministrator(config, owner("google", "GRACE@example.COM"))).toBe(true);
    expect(isAdministrator(config, owner("google", "ada@example.com"))).toBe(false);
    expect(isAdministrator(config, owner("google"))).toBe(false);
  });

  it("refuses an entry that is not an e-mail address, naming it", () => {
    expect(() => loadConfig({ ADMINISTRATORS: "grace@example.com;linus@example.com" })).toThrow(ConfigError);
    expect(() => loadConfig({ ADMINISTRATORS: "admins" })).toThrow(
      /ADMINISTRATORS \(admins\): "admins" is not an e-mail address/,
    );
  });

  it("counts a Microsoft account only when MICROSOFT_TENANT names one organisation", () => {
    for (const tenant of ["common", "organizations", "consumers"]) {
      const shared = loadConfig({ ADMINISTRATORS: "grace@example.com", MICROSOFT_TENANT: tenant });
      expect(isAdministrator(shared, owner("microsoft", "grace@example.com")), tenant).toBe(false);
      expect(isAdministrator(shared, owner("google", "grace@example.com")), tenant).toBe(true);
    }
    const own = loadConfig({ ADMINISTRATORS: "grace@example.com", MICROSOFT_TENANT: "example.com" });
    expect(isAdministrator(own, owner("microsoft", "grace@example.com"))).toBe(true);
  });

  it("never counts the demo account", () => {
    const config = loadConfig({ ADMINISTRATORS: "demo@qibates.local" });
    expect(isAdministrator(config, owner("demo", "demo@qibates.local"))).toBe(false);
  });
});
