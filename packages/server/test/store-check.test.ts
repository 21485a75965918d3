import { describe, expect, it } from "vitest";
import { POSTGRES, REDIS, shownAddress, storeRefusal } from "../src/store-check.ts";

/**
 * The line a refused start prints for PostgreSQL or Redis (the process tests start the server against real ones):
 * the causes a test machine cannot set up, and the address shown without its password.
 */
describe("the start's line for a service it cannot use", () => {
  it("says PostgreSQL refused the password, and never shows the password", () => {
    const url = "postgresql://qibates:hunter2@db.example.com/qibates";
    // As pg reports it (a DatabaseError carrying PostgreSQL's SQLSTATE).
    const error = Object.assign(new Error('password authentication failed for user "qibates"'), {
      code: "28P01",
    });
    expect(storeRefusal(POSTGRES, url, error, 10)).toBe(
      'DATABASE_URL (postgresql://qibates:***@db.example.com/qibates): authentication failed (PostgreSQL: password authentication failed for user "qibates"); check the user name and password in DATABASE_URL, and that pg_hba.conf lets this user connect from this machine',
    );
  });

  it("says the host is unreachable, with the service's default port when the address names none", () => {
    const error = Object.assign(new Error("connect EHOSTUNREACH 10.0.0.9:6379"), { code: "EHOSTUNREACH" });
    expect(storeRefusal(REDIS, "rediss://default:hunter2@10.0.0.9", error, 10)).toBe(
      "REDIS_URL (rediss://default:***@10.0.0.9): host unreachable (no route to 10.0.0.9:6379); check the host in REDIS_URL and the network between this machine and it",
    );
  });

  it("hides a password from any message it passes on, and from the address's query", () => {
    const url = "postgres://qibates:p%40ss@db.example.com:6543/qibates?sslpassword=k3y";
    const line = storeRefusal(POSTGRES, url, new Error("odd failure with p@ss and k3y"), 10);
    expect(line).toBe(
      "DATABASE_URL (postgres://qibates:***@db.example.com:6543/qibates): connection failed (odd failure with *** and ***); check DATABASE_URL and that PostgreSQL is running at db.example.com:6543",
    );
    expect(shownAddress("redis://:hunter2@cache:6380/2")).toBe("redis://:***@cache:6380/2");
  });

  it("reads the cause from the service's words, not from the text with the password hidden", () => {
    // A one-letter password is hidden wherever its letter is; the cause is still the closed connection.
    const line = storeRefusal(
      POSTGRES,
      "postgresql://u:p@10.255.255.1/db",
      new Error("Connection terminated unexpectedly"),
      2,
    );
    expect(line).toMatch(
      /^DATABASE_URL \(postgresql:\/\/u:\*\*\*@10\.255\.255\.1\/db\): connection closed \(/,
    );
  });
});
