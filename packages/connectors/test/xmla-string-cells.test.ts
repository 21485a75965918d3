import type { EssbaseOperations, Provider } from "@qibates/provider";
import { answerValue } from "@qibates/provider";
import { describe, expect, it } from "vitest";
import { useXmla } from "./support/xmla.ts";

/**
 * The ssas connector reading cells that hold a string (`xsd:string`, a calculated member's: Report Builder's
 * `ParameterCaption`) from an XMLA server, here the endpoint of @qibates/wire: `action/mdx` shows the string in its
 * cell, as the demo address does, where it showed #Missing. Value: Jul Actual Cola Sales of East, 2248.
 */

const f = useXmla();
const CUBE = { server: "EssbaseCluster-1", application: "Sample", cube: "Basic" };

function ess(p: Provider): EssbaseOperations {
  if (!p.essbase) throw new Error(`${p.id} serves no Essbase-family connector`);
  return p.essbase;
}

describe("ssas over XMLA: string cells", () => {
  it("an MDX query's calculated member that gives a string shows it, as the demo address does", async () => {
    const query =
      "WITH MEMBER [Measures].[ParameterValue] AS [Market].CurrentMember.UNIQUENAME " +
      "SELECT {[Measures].[ParameterValue], [Measures].[Sales]} ON COLUMNS, {[Market].[East]} ON ROWS " +
      "FROM Sample.Basic WHERE ([Year].[Jul], [Product].[100-10], [Scenario].[Actual])";
    const settings = { missingLabel: "#Missing" };
    const demo = await ess(f.embedded()).mdx(f.demo, CUBE, { query, settings }).then(answerValue);
    const remote = await ess(f.connector).mdx(f.remote, CUBE, { query, settings }).then(answerValue);
    expect(demo.grid.at(-1)?.slice(0, 3)).toEqual(["East", "[Market].[East]", "2248"]);
    expect(remote.grid.at(-1)).toEqual(demo.grid.at(-1));
  });
});
