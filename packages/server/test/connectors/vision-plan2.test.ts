import { describe, expect, it } from "vitest";
import { listeningServer } from "../support/listening.ts";

/**
 * Vision's second plan type, Plan2 (the revenue summary), through each Planning-family path: the demo address, and
 * planning and pbcs to this server's Planning endpoints. The endpoints offered Plan1 only, so through planning and
 * pbcs the form Revenue Summary said it was on Plan1, and Plan2's members were Plan1's.
 */

const server = listeningServer({ QIBATES_WIRE_ENDPOINTS: "all" });

const paths = server.planningPaths.map((p) => [p.name, p] as const);

describe("Vision's plan type Plan2 through every Planning-family path", () => {
  it.each(paths)("%s: the form Revenue Summary is on Plan2", async (_n, p) => {
    const vision = await server.vision(p.connector, p.address());
    const body = { ...vision, folder: "/Forms/Summary", formName: "Revenue Summary" };
    const opened = await server.post("nav/openform", body, { connector: p.connector });
    expect([opened.status, opened.json.cube]).toEqual([200, "Plan2"]);
  });

  it.each(paths)("%s: Plan2's accounts are its own (4100 and 4190)", async (_n, p) => {
    const vision = await server.vision(p.connector, p.address());
    const body = { ...vision, cube: "Plan2", dim: "Account", filter: "Hierarchy" };
    const list = await server.post("nav/enummembers", body, { connector: p.connector });
    expect(list.status).toBe(200);
    const members = list.json.members as unknown as { name: string; level: number }[];
    expect(members.map((m) => [m.name, m.level])).toEqual([
      ["Account", 1],
      ["4100", 0],
      ["4190", 0],
    ]);
  });
});
