import type { SearchInput } from "@qibates/provider";
import { ProviderError } from "@qibates/provider";
import { describe, expect, it } from "vitest";
import { CUBE, ess, useEssbaseRest } from "./support/essbase-rest.ts";

/**
 * Member search (`nav/search`) and substitution variables (`nav/variables`) through essbase-stndln over real
 * HTTP against the Essbase REST endpoint of @qibates/wire: pages, the variables as the server spells them, and
 * refusals. The same searches and variables against the demo address's are cases of
 * packages/server/test/connectors/conformance.test.ts.
 */

const f = useEssbaseRest();

const input = (over: Partial<SearchInput>): SearchInput => ({
  dimension: null,
  keyword: "cola",
  matchWholeWord: false,
  searchIn: "BOTH",
  offset: 0,
  limit: 50,
  ...over,
});

describe("nav/search through essbase-stndln", () => {
  it("pages with the total of every page", async () => {
    const page = await ess(f.connector).searchMembers(
      f.remote,
      CUBE,
      input({ keyword: "new*", matchWholeWord: true, searchIn: "NAME", limit: 2 }),
    );
    expect(page.total).toBe(3);
    expect(page.members.map((m) => m.name)).toEqual(["New York", "New Hampshire"]);
  });
});

describe("nav/variables through essbase-stndln", () => {
  const levels = [
    { server: CUBE.server, application: null, cube: null },
    { server: CUBE.server, application: "sample", cube: null },
    { server: CUBE.server, application: "Sample", cube: "basic" },
  ];

  it("reads the cube's variables from the server, as the outline spells them", async () => {
    const got = await ess(f.connector).variables(f.remote, levels[2] as (typeof levels)[2]);
    expect(got.variables).toEqual([
      { name: "CurrMonth", value: "Jul" },
      { name: "CurrQtr", value: "Qtr3" },
      { name: "PriorMonth", value: "Jun" },
    ]);
  });

  it("refuses an unknown server, application or cube", async () => {
    const code = (level: { server: string; application: string | null; cube: string | null }) =>
      ess(f.connector)
        .variables(f.remote, level)
        .then(
          () => null,
          (e: unknown) => (e instanceof ProviderError ? e.code : String(e)),
        );
    expect(await code({ server: "Elsewhere", application: null, cube: null })).toBe("SERVER_UNKNOWN");
    expect(await code({ server: CUBE.server, application: "Nope", cube: null })).toBe("APPLICATION_UNKNOWN");
    expect(await code({ server: CUBE.server, application: "Sample", cube: "Nope" })).toBe("CUBE_UNKNOWN");
  });
});
