import { describe, expect, it } from "vitest";
import { canonicalUser, LoginThrottle, TooManyLogins } from "../src/login-throttle.ts";

const WRONG = new Error("wrong password");
const wrong = () => Promise.reject(WRONG);
const right = () => Promise.resolve("ok");
const isWrong = (e: unknown) => e === WRONG;

async function outcome(
  t: LoginThrottle,
  address: string,
  user: string,
  login: () => Promise<string> = wrong,
): Promise<string> {
  try {
    return await t.attempt(address, user, login, isWrong);
  } catch (e) {
    return e instanceof TooManyLogins ? "429" : "refused";
  }
}

describe("the wire endpoints' failed-login limits", () => {
  it("slow guessing from many addresses without locking the owner out from a clean address", async () => {
    const t = new LoginThrottle({ perAddress: 20, perUser: 100, now: () => 0 });
    // Five addresses, twenty wrong passwords each: the user's 100 are spent.
    for (let a = 1; a <= 5; a++) for (let i = 0; i < 20; i++) await outcome(t, `10.0.0.${a}`, "demo");
    // Each guessing address is held back, with the right password too.
    expect(await outcome(t, "10.0.0.1", "demo", right)).toBe("429");
    // A new address gets one try, then is held back as well.
    expect(await outcome(t, "10.0.0.9", "demo")).toBe("refused");
    expect(await outcome(t, "10.0.0.9", "demo", right)).toBe("429");
    // The owner, from an address that never failed, logs in.
    expect(await outcome(t, "192.0.2.7", "demo", right)).toBe("ok");
  });

  it("count every way of writing one user name as that user", async () => {
    expect(
      ["demo", "DEMO", " demo ", "x.demo", "identitydomain.Demo", "CORP\\demo", "demo@example.com"].map(
        canonicalUser,
      ),
    ).toEqual(Array(7).fill("demo"));
    const t = new LoginThrottle({ perAddress: 1000, perUser: 3, now: () => 0 });
    const forms = ["x.demo", "DEMO", "corp\\demo"];
    for (const f of forms) expect(await outcome(t, "10.0.0.1", f)).toBe("refused");
    // The per-user count is spent whatever form is tried next from that address.
    expect(await outcome(t, "10.0.0.1", "demo@realm", right)).toBe("429");
  });

  it("let the address and the user log in again once the window has passed", async () => {
    let now = 0;
    const t = new LoginThrottle({ perAddress: 2, perUser: 100, windowMs: 60_000, now: () => now });
    await outcome(t, "10.0.0.1", "demo");
    await outcome(t, "10.0.0.1", "demo");
    expect(await outcome(t, "10.0.0.1", "demo", right)).toBe("429");
    now = 60_000;
    expect(await outcome(t, "10.0.0.1", "demo", right)).toBe("ok");
  });
});

describe("credentials that logged in", () => {
  const withPassword = (t: LoginThrottle, address: string, user: string, password: string, ok: boolean) =>
    t
      .attempt(address, user, ok ? right : wrong, isWrong, password)
      .catch((e: unknown) => (e instanceof TooManyLogins ? "429" : "refused"));

  it("are not held back by other users' failures from their address, until they have not logged in for knownMs", async () => {
    let now = 0;
    const t = new LoginThrottle({
      perAddress: 2,
      perUser: 100,
      windowMs: 60_000,
      knownMs: 30_000,
      now: () => now,
    });
    expect(await withPassword(t, "10.0.0.1", "alice", "a-secret", true)).toBe("ok");
    for (let i = 0; i < 2; i++) expect(await outcome(t, "10.0.0.1", "mallory")).toBe("refused");
    // Alice's next request with the password that logged in passes; a new password or user from there is held.
    now = 20_000;
    expect(await withPassword(t, "10.0.0.1", "alice", "a-secret", true)).toBe("ok");
    expect(await withPassword(t, "10.0.0.1", "alice", "a-guess", false)).toBe("429");
    expect(await withPassword(t, "10.0.0.1", "bob", "b-secret", true)).toBe("429");
    // Known for knownMs since the last success (20 s), not since the first: at 45 s still known.
    now = 45_000;
    expect(await withPassword(t, "10.0.0.1", "alice", "a-secret", true)).toBe("ok");
    // Forgotten past knownMs: held back like any login while the address's failures count (window from 0 to 60 s).
    const t2 = new LoginThrottle({
      perAddress: 1,
      perUser: 100,
      windowMs: 60_000,
      knownMs: 10_000,
      now: () => now,
    });
    now = 0;
    expect(await withPassword(t2, "10.0.0.3", "alice", "a-secret", true)).toBe("ok");
    expect(await outcome(t2, "10.0.0.3", "mallory")).toBe("refused");
    now = 11_000;
    expect(await withPassword(t2, "10.0.0.3", "alice", "a-secret", true)).toBe("429");
  });

  it("count a failure, and are forgotten, when their password no longer logs in", async () => {
    const t = new LoginThrottle({ perAddress: 1, perUser: 100, now: () => 0 });
    expect(await withPassword(t, "10.0.0.1", "alice", "old", true)).toBe("ok");
    // The password was changed on the server: refused, and counted against the address.
    expect(await withPassword(t, "10.0.0.1", "alice", "old", false)).toBe("refused");
    expect(await withPassword(t, "10.0.0.1", "alice", "old", true)).toBe("429");
  });
});

describe("the failed-login limits under concurrent tries", () => {
  /** A wrong password the server takes `ms` to refuse, counting the tries that reach it. */
  function slowServer(ms: number) {
    const server = { reached: 0, login: (): Promise<string> => Promise.reject(WRONG) };
    server.login = () => {
      server.reached++;
      return new Promise((_, reject) => setTimeout(() => reject(WRONG), ms));
    };
    return server;
  }

  it("let no more wrong passwords reach the server from one address than its limit, however many arrive at once", async () => {
    const t = new LoginThrottle({ perAddress: 20, perUser: 1000 });
    const server = slowServer(20);
    const outcomes = await Promise.all(
      Array.from({ length: 200 }, () => outcome(t, "10.0.0.1", "demo", server.login)),
    );
    expect(server.reached).toBe(20);
    expect(outcomes.filter((o) => o === "refused")).toHaveLength(20);
    expect(outcomes.filter((o) => o === "429")).toHaveLength(180);
  });

  it("past a user's limit, give a new address one try at a time for that user", async () => {
    const t = new LoginThrottle({ perAddress: 1000, perUser: 3 });
    for (let i = 0; i < 3; i++) await outcome(t, "10.0.0.1", "demo");
    const server = slowServer(20);
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, () => outcome(t, "10.0.0.2", "demo", server.login)),
    );
    expect(server.reached).toBe(1);
    expect(outcomes.filter((o) => o === "429")).toHaveLength(9);
  });

  it("let a client's concurrent requests with the right password all log in", async () => {
    const t = new LoginThrottle({ perAddress: 5, perUser: 100 });
    const slowRight = () => new Promise<string>((resolve) => setTimeout(() => resolve("ok"), 10));
    const outcomes = await Promise.all(
      Array.from({ length: 30 }, () => outcome(t, "10.0.0.1", "demo", slowRight)),
    );
    expect(outcomes).toEqual(Array(30).fill("ok"));
  });
});

describe("the address a per-address limit counts", () => {
  it("is an IPv6 client's /64 network, and an IPv4 client's address however it is written", async () => {
    const t = new LoginThrottle({ perAddress: 2, perUser: 100, now: () => 0 });
    await outcome(t, "::ffff:198.51.100.7", "demo");
    await outcome(t, "198.51.100.7", "demo");
    expect(await outcome(t, "198.51.100.7", "demo", right)).toBe("429");
    expect(await outcome(t, "2001:db8:1:2::5", "demo")).toBe("refused");
    expect(await outcome(t, "2001:db8:1:2::6", "demo")).toBe("refused");
    expect(await outcome(t, "2001:db8:1:2:a:b:c:d", "demo", right)).toBe("429");
  });
});
