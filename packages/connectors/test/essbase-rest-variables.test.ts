import { answerValue } from "@qibates/provider";
import { describe, expect, it } from "vitest";
import { CUBE, ess, useEssbaseRest } from "./support/essbase-rest.ts";

/**
 * action/setvariable through the essbase-stndln connector, over HTTP to the Essbase REST endpoint: an existing
 * name is changed with PUT, a new one created with POST, and the server keeps it (the connector records
 * nothing on the API session). The endpoint, over the demo, keeps it for its own session only.
 */
const f = useEssbaseRest();
const grid = [
  ["", "Actual", "Cola", "East"],
  ["", "Sales"],
  ["&CurrMonth", ""],
];

describe("setVariable through essbase-stndln", () => {
  it("changes CurrMonth with PUT: the server keeps it, and a refresh of &CurrMonth reads the new member", async () => {
    const set = await ess(f.connector).setVariable(f.remote, CUBE, { name: "currmonth", value: "Aug" });
    // The name as the server spells it; nothing for the API session to keep.
    expect(set).toEqual({ variable: { name: "CurrMonth", value: "Aug" }, session: null });
    const listed = await ess(f.connector).variables(f.remote, CUBE);
    expect(listed.variables[0]).toEqual({ name: "CurrMonth", value: "Aug" });
    const r = await ess(f.connector)
      .grid(f.remote, CUBE, { action: "refresh", input: { grid } })
      .then(answerValue);
    expect(r.grid[2]?.[0]).toBe("Aug");
    const demo = await ess(f.embedded())
      .grid(f.demo, CUBE, { action: "refresh", input: { grid } })
      .then(answerValue);
    expect(demo.grid[2]?.[0]).toBe("Jul");
  });

  it("creates a new one with POST at the server level, and answers the server's refusal", async () => {
    const level = { server: CUBE.server, application: null, cube: null };
    const set = await ess(f.connector).setVariable(f.remote, level, { name: "Month", value: "Feb" });
    expect(set.variable).toEqual({ name: "Month", value: "Feb" });
    expect((await ess(f.connector).variables(f.remote, level)).variables).toEqual([
      { name: "Month", value: "Feb" },
    ]);
    await expect(
      ess(f.connector).setVariable(f.remote, level, { name: "Bad-Name", value: "Feb" }),
    ).rejects.toMatchObject({ code: "PROVIDER_FAILED", message: expect.stringMatching(/letters, digits/) });
  });
});
