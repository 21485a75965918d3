import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../src/config.ts";
import { isAdministrator, type KeyOwner } from "../src/keys.ts";

const owner = (provider: KeyOwner["provider"], email?: string, adminGroups?: string[]) => ({
  owner: { issuer: "https://issuer.example", subject: "s1", email, provider, adminGroups },
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

describe("ADMINISTRATOR_GROUPS", () => {
  const group = "3f2504e0-4f89-11d3-9a0c-0305e82c3301";

  it("names no group when unset", () => {
    expect(loadConfig({}).administratorGroups).toEqual([]);
  });

  it("takes group object IDs separated by commas, whatever their case, each once", () => {
    const config = loadConfig({ ADMINISTRATOR_GROUPS: ` ${group.toUpperCase()},${group}` });
    expect(config.administratorGroups).toEqual([group]);
  });

  it("refuses the start for an entry that is not a GUID, naming the setting and the entry", () => {
    expect(() => loadConfig({ ADMINISTRATOR_GROUPS: `${group},admins` })).toThrow(ConfigError);
    expect(() => loadConfig({ ADMINISTRATOR_GROUPS: `${group},admins` })).toThrow(
      /ADMINISTRATOR_GROUPS \(.*\): "admins" is not a group object ID/,
    );
    expect(() => loadConfig({ ADMINISTRATOR_GROUPS: "3f2504e0-4f89-11d3-9a0c-0305e82c330" })).toThrow(
      /ADMINISTRATOR_GROUPS/,
    );
  });

  it("counts a Microsoft account's group still on the setting, in an organisation's own tenant only", () => {
    const own = loadConfig({ ADMINISTRATOR_GROUPS: group, MICROSOFT_TENANT: "example.com" });
    expect(isAdministrator(own, owner("microsoft", "ada@example.com", [group]))).toBe(true);
    expect(isAdministrator(own, owner("microsoft", "ada@example.com"))).toBe(false);
    // A group taken off the setting stops counting, whatever the sign-in reported.
    const other = loadConfig({
      ADMINISTRATOR_GROUPS: "6b1f3c2a-9d4e-4f5a-8b7c-1d2e3f4a5b6c",
      MICROSOFT_TENANT: "example.com",
    });
    expect(isAdministrator(other, owner("microsoft", "ada@example.com", [group]))).toBe(false);
    const shared = loadConfig({ ADMINISTRATOR_GROUPS: group, MICROSOFT_TENANT: "common" });
    expect(isAdministrator(shared, owner("microsoft", "ada@example.com", [group]))).toBe(false);
    expect(isAdministrator(own, owner("google", "ada@example.com", [group]))).toBe(false);
  });
});
