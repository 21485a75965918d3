import { describe, expect, it, vi } from "vitest";
import { jsonFileWriter } from "./support/json-files.ts";

/** Counts the scrypt runs of the users file's checks (the real scrypt runs beneath). */
const runs = vi.hoisted(() => ({ count: 0 }));
vi.mock("node:crypto", async (original) => {
  const crypto = await original<typeof import("node:crypto")>();
  const scrypt = (...args: Parameters<typeof crypto.scrypt>) => {
    runs.count++;
    return (crypto.scrypt as (...a: unknown[]) => void)(...args);
  };
  return { ...crypto, default: { ...crypto, scrypt }, scrypt };
});

const { hashPassword, SnapshotUsers, VERIFIED_TTL_MS } = await import("../src/snapshot-users.ts");

/**
 * Every user of QIBATES_SNAPSHOT_USERS has the one scrypt cost hash-password writes (the
 * decoy of an unknown name too), and a checked name and password is remembered a short time, so that the
 * XMLA and Planning REST calls, which send the password each time, do not each run scrypt.
 */
const write = jsonFileWriter("qibates-users-");

describe("the users file's scrypt cost", () => {
  it("refuses a hash of another cost than hash-password's, naming the entry", async () => {
    const good = await hashPassword("x");
    const [, , , , salt, key] = good.split(":");
    const cheap = `scrypt:1024:8:1:${salt}:${key}`;
    const file = write("cheap.json", {
      users: [
        { name: "alice", passwordHash: good, applications: "all" },
        { name: "bob", passwordHash: cheap, applications: "all" },
      ],
    });
    expect(() => SnapshotUsers.read(file)).toThrow(
      /users\[1\] \("bob"\): "passwordHash" has a cost other than qibates-snapshot hash-password's \(scrypt:16384:8:1:…\)/,
    );
    expect(() =>
      SnapshotUsers.read(
        write("good.json", { users: [{ name: "a", passwordHash: good, applications: "all" }] }),
      ),
    ).not.toThrow();
  });
});

describe("the users file's checked credentials", () => {
  it("runs scrypt once for a user's repeated calls within the time, again after it; never remembers a wrong password", async () => {
    let now = 1_000_000;
    const file = write("users.json", {
      users: [{ name: "alice", passwordHash: await hashPassword("alice-secret"), applications: "all" }],
    });
    const users = SnapshotUsers.read(file, () => now);
    runs.count = 0;
    for (let i = 0; i < 8; i++) expect(await users.valid("alice", "alice-secret")).toBe(true);
    expect(await users.valid("ALICE", "alice-secret")).toBe(true);
    expect(runs.count).toBe(1);
    // A wrong password, a near one, or an unknown name is checked every time, and refused every time.
    for (let i = 0; i < 3; i++) {
      expect(await users.valid("alice", "alice-secreT")).toBe(false);
      expect(await users.valid("alice", "alice-secret ")).toBe(false);
      expect(await users.valid("mallory", "alice-secret")).toBe(false);
    }
    expect(runs.count).toBe(10);
    now += VERIFIED_TTL_MS + 1;
    expect(await users.valid("alice", "alice-secret")).toBe(true);
    expect(runs.count).toBe(11);
    // Nothing of the password is in what the object shows.
    expect(JSON.stringify(users)).toBe(JSON.stringify(file));
  });
});
