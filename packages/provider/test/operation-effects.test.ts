import { describe, expect, it } from "vitest";
import { ESSBASE_EFFECTS, operationEffect, PLANNING_EFFECTS } from "../src/index.ts";

/** What each operation does on the server, as the wire endpoints' deadline reads it (a change asked, a long job). */
describe("the operations' effects, declared beside the contract", () => {
  const named = (effects: Readonly<Record<string, string>>, effect: string) =>
    Object.entries(effects)
      .filter(([, e]) => e === effect)
      .map(([name]) => name)
      .sort();

  it("name the changes an Essbase-family call asks for, and its calculation as a long job", () => {
    expect(named(ESSBASE_EFFECTS, "write")).toEqual(["save", "setVariable"]);
    expect(named(ESSBASE_EFFECTS, "long")).toEqual(["calculate"]);
  });

  it("name the changes a Planning call asks for, and its business rule as a long job", () => {
    expect(named(PLANNING_EFFECTS, "write")).toEqual(["importDataSlice", "setTaskStatus", "submitForm"]);
    expect(named(PLANNING_EFFECTS, "long")).toEqual(["launchRule"]);
  });

  it("read a name that is no operation of the family as a read", () => {
    expect(operationEffect(ESSBASE_EFFECTS, "submitForm")).toBe("read");
    expect(operationEffect(ESSBASE_EFFECTS, "toString")).toBe("read");
    expect(operationEffect(PLANNING_EFFECTS, Symbol("then"))).toBe("read");
    expect(operationEffect(PLANNING_EFFECTS, "launchRule")).toBe("long");
  });
});
