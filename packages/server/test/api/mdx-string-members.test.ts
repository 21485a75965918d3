import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApi, type TestApi } from "../support/api.ts";

/**
 * `action/mdx` with calculated members whose value is a string, as Report Builder's parameter lists define them: the
 * grid holds each string in its cell, as data, on the demo server. Value: Jul Actual Cola Sales of East, 2248.
 */
let api: TestApi;
let loginid = "";
const cube = { server: "EssbaseCluster-1", application: "Sample", cube: "Basic" };

beforeAll(async () => {
  api = await startTestApi();
  loginid = await api.login("essbase");
});
afterAll(async () => api.close());

describe("action/mdx: a calculated member that gives a string", () => {
  it("returns the grid with each member's name and unique name in its cells", async () => {
    const res = await api.post(
      "action/mdx",
      {
        loginid,
        ...cube,
        query:
          "WITH MEMBER [Measures].[ParameterCaption] AS [Market].CurrentMember.MEMBER_CAPTION " +
          "MEMBER [Measures].[ParameterValue] AS [Market].CurrentMember.UNIQUENAME " +
          "SELECT {[Measures].[ParameterCaption], [Measures].[ParameterValue], [Measures].[Sales]} ON COLUMNS, " +
          "{[Market].[East]} ON ROWS FROM Sample.Basic WHERE ([Year].[Jul], [Product].[100-10], [Scenario].[Actual])",
      },
      { connector: "essbase" },
    );
    const body = res.json();
    expect(res.statusCode, JSON.stringify(body)).toBe(200);
    expect(body.grid.at(-1)).toEqual(["East", "East", "[Market].[East]", "2248"]);
  });
});
