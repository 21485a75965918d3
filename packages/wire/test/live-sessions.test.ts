import { EventEmitter } from "node:events";
import { describe, expect, it } from "vitest";
import { CallerSessions } from "../src/live-sessions.ts";

// A Planning REST or session-less XMLA caller's provider session holds its demo writes (its own view of the
// cube); the view is dropped once the session is no longer alive.
describe("a caller's session (Basic on every call) lives while its request runs, then for the idle time", () => {
  const IDLE = 60_000;

  it("a request longer than the idle time keeps it, and the idle time counts from the answer", () => {
    let now = 0;
    const callers = new CallerSessions("planning-rest", IDLE, () => now);
    const answer = new EventEmitter();
    const id = callers.id("Admin", "10.0.0.5");
    callers.runsUntilAnswered(id, answer);
    now = 90_000; // a business rule of 90 s, still running
    expect(callers.alive(id)).toBe(true);
    answer.emit("close");
    now = 90_000 + IDLE - 1;
    expect(callers.alive(id)).toBe(true);
    now = 90_000 + IDLE;
    expect(callers.alive(id)).toBe(false);
  });

  it("another user's calls do not end a running session, and one user's two requests both hold it", () => {
    let now = 0;
    const callers = new CallerSessions("xmla", IDLE, () => now);
    const first = new EventEmitter();
    const second = new EventEmitter();
    const id = callers.id("admin", "10.0.0.5");
    callers.runsUntilAnswered(id, first);
    callers.runsUntilAnswered(callers.id("ADMIN", "10.0.0.5"), second);
    now = 200_000;
    callers.id("other", "10.0.0.6"); // sweeps the sessions idle for longer than IDLE
    first.emit("close");
    now = 300_000;
    expect(callers.alive(id)).toBe(true); // the second request still runs
    second.emit("close");
    now = 300_000 + IDLE - 1;
    expect(callers.alive(id)).toBe(true);
    expect(callers.alive(callers.id("other", "10.0.0.6"))).toBe(true);
  });
});
