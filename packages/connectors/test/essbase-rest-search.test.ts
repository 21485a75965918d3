import type { Provider, ProviderSession, SearchInput } from "@qibates/provider";
import { ProviderError } from "@qibates/provider";
import { describe, expect, it } from "vitest";
import { CUBE, ess, useEssbaseRest } from "./support/essbase-rest.ts";

/**
 * Member search (`nav/search`) and substitution variables (`nav/variables`) through essbase-stndln over real
 * HTTP against the Essbase REST endpoint of @qibates/wire: the same members, pages, variables and refusals as
 * the embedded provider (the demo address).
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
  it.each([
    ["a part of a name or alias, every dimension", input({})],
    ["a whole alias", input({ keyword: "Cola", matchWholeWord: true })],
    [
      "a wildcard on names, one page",
      input({ keyword: "new*", matchWholeWord: true, searchIn: "NAME", limit: 2 }),
    ],
    ["aliases of another table", input({ keyword: "honey", aliasTable: "Long Names" })],
    ["one dimension, a later page", input({ keyword: "e", dimension: "Market", offset: 3, limit: 4 })],
  ])("finds %s as the demo does", async (_name, search) => {
    const got = await ess(f.connector).searchMembers(f.remote, CUBE, search);
    const want = await ess(f.embedded()).searchMembers(f.demo, CUBE, search);
    expect(got).toEqual(want);
    expect(got.members.length).toBeGreaterThan(0);
  });

  it("pages with the total of every page", async () => {
    const page = await ess(f.connector).searchMembers(
      f.remote,
      CUBE,
      input({ keyword: "new*", matchWholeWord: true, searchIn: "NAME", limit: 2 }),
    );
    expect(page.total).toBe(3);
    expect(page.members.map((m) => m.name)).toEqual(["New York", "New Hampshire"]);
  });

  it("refuses an unknown dimension and alias table as the demo does", async () => {
    for (const bad of [input({ dimension: "Nowhere" }), input({ aliasTable: "Klingon" })]) {
      const refusal = (p: Provider, s: ProviderSession) =>
        ess(p)
          .searchMembers(s, CUBE, bad)
          .then(
            () => null,
            (e: unknown) => (e instanceof ProviderError ? e.code : String(e)),
          );
      const got = await refusal(f.connector, f.remote);
      expect(got).not.toBeNull();
      expect(got).toBe(await refusal(f.embedded(), f.demo));
    }
  });
});

describe("nav/variables through essbase-stndln", () => {
  const levels = [
    { server: CUBE.server, application: null, cube: null },
    { server: CUBE.server, application: "sample", cube: null },
    { server: CUBE.server, application: "Sample", cube: "basic" },
  ];

  it.each(levels.map((l) => [`${l.application ?? "-"}.${l.cube ?? "-"}`, l] as const))(
    "lists the variables of %s as the demo does",
    async (_name, level) => {
      const got = await ess(f.connector).variables(f.remote, level);
      const want = await ess(f.embedded()).variables(f.demo, level);
      expect(got).toEqual(want);
    },
  );

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
