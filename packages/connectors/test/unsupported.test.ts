import { supportOf } from "@qibates/provider";
import { describe, expect, it } from "vitest";
import { missing } from "../src/remote/unsupported.ts";

describe("a connector's refusal of what the capability table says it lacks", () => {
  it("carries the table's reason in both languages", () => {
    const e = missing("ssas", "calcScripts", "nav/scripts");
    const table = supportOf("ssas", "calcScripts");
    expect(table.status).toBe("no");
    expect(e.code).toBe("UNSUPPORTED");
    expect(e.params).toEqual({
      operation: "nav/scripts",
      connector: "ssas",
      reason: table.status === "no" ? table.why : null,
    });
    expect(e.message).toMatch(
      /^nav\/scripts is not supported by connector ssas: SSAS has no calculation scripts/,
    );
  });

  it("reads what a real server lacks where the demo has it (the realServers reason)", () => {
    const e = missing("pbcs", "taskLists", "nav/listtasks");
    expect((e.params?.reason as { fr: string } | undefined)?.fr).toMatch(
      /^Planning REST n'a pas d'appel public/,
    );
  });

  it("is a programming error for a capability the table gives the connector whole", () => {
    expect(() => missing("essbase-stndln", "calcScripts", "nav/scripts")).toThrow(
      /gives essbase-stndln the whole/,
    );
  });
});
