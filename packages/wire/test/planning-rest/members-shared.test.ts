import type { PlanningOperations, Provider, ProviderSession } from "@qibates/provider";
import { describe, expect, it, vi } from "vitest";
import { planningRestEndpoint } from "../../src/planning-rest/index.ts";
import { PASSWORDS, sharedReadsServer, withOperations } from "../support/shared-reads.ts";

/**
 * A dimension's member tree is read and built once for every session the provider says sees the same
 * outlines (`outlineIdentity`), again once they changed, and never shared between sessions that see different
 * members.
 */

const MEMBERS = "/HyperionPlanning/rest/v3/applications/Vision/dimensions";

const server = sharedReadsServer(planningRestEndpoint, { connector: "pbcs" });

async function start(wrap?: (base: Provider) => Provider) {
  const { base, origin } = await server.start(wrap);
  const get = async (path: string, username = "demo") => {
    const basic = Buffer.from(`${username}:${PASSWORDS[username]}`).toString("base64");
    const r = await fetch(`${origin}${MEMBERS}${path}`, {
      headers: { authorization: `Basic ${basic}`, accept: "application/json" },
    });
    const text = await r.text();
    return { status: r.status, json: text ? JSON.parse(text) : null };
  };
  return { base, get };
}

/** `base` with its planning operations replaced by `planning(base's)`. */
const withPlanning = (base: Provider, planning: (own: PlanningOperations) => Partial<PlanningOperations>) =>
  withOperations(base, "planning", planning);

const childNames = (answer: { json: { children: { name: string }[] } }) =>
  answer.json.children.map((c) => c.name);

describe("one member tree for the sessions that see it", () => {
  it("lists Account once for calls of several users, each answered the same", async () => {
    const { base, get } = await start();
    const lists = vi.spyOn(base.planning as PlanningOperations, "members");
    const first = await get("/Account/members/Account");
    expect(first.status).toBe(200);
    expect(lists).toHaveBeenCalledTimes(1);
    for (const who of ["demo", "alice", "filtered", "demo"]) {
      expect(await get("/Account/members/Account", who)).toEqual(first);
      expect((await get("/account/members/income%20statement", who)).json).toMatchObject({
        name: "Income Statement",
        dataStorage: "Label Only",
      });
    }
    expect(lists).toHaveBeenCalledTimes(1);
    expect((await get("/Account/members/Nope")).status).toBe(400);
  });

  it("answers the new members once the outline changed", async () => {
    let outlines = { version: 1 };
    const { get } = await start((base) =>
      withPlanning(base, (own) => ({
        outlineIdentity: () => outlines,
        members: async (session, app, input) => {
          const list = await own.members(session, app, input);
          if (outlines.version === 1 || input.dim !== "Product") return list;
          const added = { ...(list.members[1] as (typeof list.members)[number]), name: "P_900", alias: null };
          return { ...list, members: [...list.members, { ...added, generation: 2, level: 0 }] };
        },
      })),
    );
    const before = childNames(await get("/Product/members/Product"));
    expect(before).not.toContain("P_900");
    outlines = { version: 2 };
    expect(childNames(await get("/Product/members/Product"))).toEqual([...before, "P_900"]);
    expect((await get("/Product/members/P_900", "alice")).json).toMatchObject({
      name: "P_900",
      parentName: "Product",
    });
  });

  it("never answers a user the members another user sees and they do not", async () => {
    const filtered = (session: ProviderSession) => session.username === "filtered";
    const everything = {};
    const lessOf = {};
    for (const identity of [
      (s: ProviderSession) => (filtered(s) ? lessOf : everything),
      // A provider that cannot say who sees what: each call reads its own.
      null,
    ]) {
      const { get } = await start((base) =>
        withPlanning(base, (own) => ({
          outlineIdentity: identity as unknown as PlanningOperations["outlineIdentity"],
          members: async (session, app, input) => {
            const list = await own.members(session, app, input);
            // The filtered user does not see P_100 nor its descendants (P_110, P_120, P_130).
            return filtered(session)
              ? { ...list, members: list.members.filter((m) => !/^P_1[0-3][0-9]$/.test(m.name)) }
              : list;
          },
        })),
      );
      expect(childNames(await get("/Product/members/P_TP", "alice"))).toContain("P_100");
      expect(childNames(await get("/Product/members/P_TP", "filtered"))).not.toContain("P_100");
      expect((await get("/Product/members/P_110", "filtered")).status).toBe(400);
      expect(childNames(await get("/Product/members/P_TP", "demo"))).toContain("P_100");
      await server.stop();
    }
  });
});
