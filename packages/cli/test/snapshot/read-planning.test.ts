import type { PlanningOperations, ProviderSession } from "@qibates/provider";
import { describe, expect, it } from "vitest";
import { readPlanTypeOutline } from "../../src/snapshot/read-planning.ts";

/**
 * A plan type read for a snapshot from a Planning server that lists an alias table it then cannot read members
 * in (Planning on premises without Get Dimension Details answers only the Default table): the copy is taken
 * with the Default table's aliases and the manifest says which table was left out, instead of the run failing.
 */

const unsupported = () => Object.assign(new Error("not supported"), { code: "UNSUPPORTED" });

function server(refuseTable: string | null): PlanningOperations {
  const members = (table: string) => [
    { name: "Entity", generation: 1, alias: table === "Default" ? "All entities" : "Toutes les entités" },
    { name: "E1", generation: 2, alias: table === "Default" ? "North" : "Nord" },
    { name: "E2", generation: 2 },
  ];
  const ops = {
    listAliasTables: async () => ({ aliasTables: [{ name: "French" }, { name: "Default" }] }),
    planTypeDimensions: async () => ["Entity"],
    members: async (_s: unknown, _a: unknown, q: { aliasTable: string }) => {
      if (q.aliasTable === refuseTable) throw unsupported();
      return { members: members(q.aliasTable) };
    },
    memberProperties: async () => ({}),
    planTypeVariables: async () => [],
  };
  return ops as unknown as PlanningOperations;
}

const session = {} as ProviderSession;
const app = { server: "Planning", application: "Vision" };

describe("reading a plan type's alias tables", () => {
  it("reads every alias table the server lists, the Default one as the hierarchy", async () => {
    const read = await readPlanTypeOutline(server(null), session, app, "Plan1", () => {});
    const dim = read.document.dimensions[0] as {
      members: { name: string; aliases?: Record<string, string> }[];
    };
    expect(dim.members[0]).toMatchObject({ name: "E1", aliases: { Default: "North", French: "Nord" } });
    expect(read.document.defaultAliasTable).toBe("Default");
    expect(read.notCarried.join(" ")).not.toMatch(/alias table French/);
  });

  it("leaves out a table the server cannot read members in, and says so, instead of failing", async () => {
    const read = await readPlanTypeOutline(server("French"), session, app, "Plan1", () => {});
    const dim = read.document.dimensions[0] as {
      members: { name: string; aliases?: Record<string, string> }[];
    };
    expect(dim.members[0]).toMatchObject({ name: "E1", aliases: { Default: "North" } });
    expect(dim.members[0]?.aliases?.French).toBeUndefined();
    expect(read.notCarried.join(" ")).toMatch(/aliases of the alias table French \(the server reads members/);
  });

  it("still fails when the Default table itself cannot be read", async () => {
    await expect(readPlanTypeOutline(server("Default"), session, app, "Plan1", () => {})).rejects.toThrow(
      /not supported/,
    );
  });
});
