import { describe, expect, it } from "vitest";
import { type App, frontForBlock } from "../support/wire-front.ts";

/**
 * In front of an Essbase 21c server (QIBATES_WIRE_UPSTREAM=essbase-stndln=…), the outline calls that the
 * essbase-rest provider inherits from its base class (dimensions, members) reach the server like its own calls:
 * Essbase REST's dimensions and members, Smart View's open cube, and the grids that read the outline first.
 */

const basic = `Basic ${Buffer.from("demo:demo").toString("base64")}`;

describe("B in front of A: the outline read through the essbase-stndln connector", () => {
  let b: App;
  frontForBlock({}, "essbase-rest", (servers) => {
    ({ b } = servers);
  });

  const get = (url: string) =>
    b.inject({ method: "GET", url, headers: { authorization: basic, accept: "application/json" } });

  it("returns Sample.Basic's dimensions and a dimension's members through B's Essbase REST API", async () => {
    const dimensions = await get("/essbase/rest/v1/applications/Sample/databases/Basic/dimensions");
    expect(dimensions.statusCode, dimensions.body).toBe(200);
    expect(JSON.stringify(dimensions.json())).toContain('"Market"');

    const market = await get("/essbase/rest/v1/outline/Sample/Basic/Market");
    expect(market.statusCode, market.body).toBe(200);
    expect(JSON.stringify(market.json())).toContain('"Market"');
  });

  it("returns the default grid, which reads the outline first", async () => {
    const grid = await get("/essbase/rest/v1/applications/Sample/databases/Basic/grid");
    expect(grid.statusCode, grid.body).toBe(200);
    expect(grid.body).toContain("Market");
  });
});
