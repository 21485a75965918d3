import { sessionNetwork } from "@qibates/protocols/ip";
import { describe, expect, it } from "vitest";
import { refusalMessage } from "../src/error-answers.ts";
import { NetworkSessionsFull, SessionStore, SessionsFull } from "../src/session-store.ts";

interface S {
  id: string;
  lastUsed: number;
}

const make = (id: string, now: number): S => ({ id, lastUsed: now });

describe("the sessions' cap per client network", () => {
  it("refuses a network past its cap, ending nobody's session, while other networks still log in", () => {
    let n = 0;
    const ended: S[] = [];
    const store = new SessionStore<S>({
      idleMs: 60_000,
      max: 10,
      maxPerOwner: 2,
      maxPerNetwork: 4,
      newId: () => `s${n++}`,
      onEnd: (s) => ended.push(s),
    });
    const home = sessionNetwork("2001:db8:5:100::1");
    const owner = "demo\n2001:db8:5:100::/64";
    for (const o of [owner, owner, "demo\n2001:db8:5:101::/64", "demo\n2001:db8:5:102::/64"])
      store.add(make, o, home);
    expect(() => store.add(make, "demo\n2001:db8:5:1ff::/64", home)).toThrow(NetworkSessionsFull);
    expect(ended).toEqual([]);
    // An owner of the network at its own cap replaces its own oldest session: the network holds no more.
    store.add(make, owner, home);
    expect(ended.map((s) => s.id)).toEqual(["s0"]);
    expect(store.size).toBe(4);
    for (let i = 0; i < 6; i++) store.add(make, `demo\n198.51.100.${i}`, `198.51.100.${i}`);
    // The store's own cap still holds, and the refusal ended nothing.
    expect(() => store.add(make, "demo\n203.0.113.1", "203.0.113.1")).toThrow(SessionsFull);
    expect(ended.map((s) => s.id)).toEqual(["s0"]);
  });

  it("refuses any session once the endpoint holds its total, all networks together, ending none", () => {
    let n = 0;
    const ended: S[] = [];
    const store = new SessionStore<S>({
      idleMs: 60_000,
      max: 3,
      maxPerNetwork: 100,
      newId: () => `s${n++}`,
      onEnd: (s) => ended.push(s),
    });
    store.add(make, "alice", "198.51.100.1");
    store.add(make, "bob", "198.51.100.2");
    store.add(make, "carol", "2001:db8:1::/48");
    expect(() => store.add(make, "dave", "203.0.113.9")).toThrow(SessionsFull);
    expect(ended).toEqual([]);
    expect(["s0", "s1", "s2"].map((id) => store.has(id))).toEqual([true, true, true]);
  });

  it("says a full store in the language the client asks for", () => {
    const full = new SessionsFull();
    expect(refusalMessage(full, "fr-CA,fr;q=0.9")).toBe(
      "Trop de sessions sont ouvertes sur ce serveur\u00a0: réessayez plus tard.",
    );
    expect(refusalMessage(full, "en-GB")).toBe("Too many sessions are open on this server: try again later.");
  });
});
