import type { EmbeddedProvider } from "@qibates/embedded";
import { answerHead, answerTail, dataSetOf, parseSoap } from "@qibates/protocols/xmla";
import type { OlapMember } from "@qibates/provider";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDemo, xmlaSession } from "../../embedded/test/support/demo-session.ts";
import { type MdDataSetInput, mdDataSetXmlSteps } from "../src/xmla/mddataset.ts";
import { CubeOutline, memberName } from "../src/xmla/names.ts";

/** The endpoint's MDDataSet writer read back by the connector's reader (the codec's): the same axes and cells. */
describe("an MDDataSet written by the XMLA endpoint, read by the ssas connector's reader", () => {
  let provider: EmbeddedProvider;
  beforeAll(async () => {
    provider = await openDemo();
  });
  afterAll(() => provider.close());

  const session = xmlaSession("roundtrip");

  it.each([
    "SELECT {[Measures].[Sales], [Measures].[COGS]} ON COLUMNS, {[Market].Children} ON ROWS FROM [Sample].[Basic] WHERE ([Year].[Qtr1])",
    "SELECT CrossJoin({[Product].Children}, {[Scenario].[Actual], [Scenario].[Budget]}) ON COLUMNS FROM [Sample].[Basic]",
    "WITH MEMBER [Measures].[Margin %] AS '[Measures].[Margin] / [Measures].[Sales]' SELECT {[Measures].[Margin %]} ON COLUMNS, {[Year].[Jan]:[Year].[Jun]} ON ROWS FROM [Sample].[Basic]",
  ])("%s", async (statement) => {
    const server = (await provider.servers(session)).servers[0]?.name ?? "";
    const cube = await provider.olap.cube("ssas", { server, application: "Sample", cube: "Basic" }, session);
    const result = await cube.mdx(statement);
    const input: MdDataSetInput = {
      cube: cube.cube,
      outline: new CubeOutline(await cube.metadata()),
      result,
      content: { schema: true, data: true },
      aliasTable: "Default",
    };
    let xml = "";
    const steps = mdDataSetXmlSteps(input, (chunk) => {
      xml += chunk;
    });
    while (!steps.next().done);
    const soap = parseSoap(answerHead("Execute", null) + xml + answerTail("Execute"));
    const data = dataSetOf(soap?.root ?? {});
    if (!data) throw new Error("not a data set");
    const captionOf = (m: OlapMember) => (m.calculated ? m.name : (m.aliases.Default ?? m.name));
    expect(data.axes.map((tuples) => tuples.map((t) => t.map((m) => m.caption)))).toEqual(
      result.axes.map((a) => a.tuples.map((t) => t.map(captionOf))),
    );
    const named = result.axes.map((a) =>
      a.tuples.map((t) => t.map((m) => (m.calculated ? null : memberName(m)))),
    );
    data.axes.forEach((tuples, a) => {
      tuples.forEach((t, i) => {
        t.forEach((m, k) => {
          const expected = named[a]?.[i]?.[k];
          if (expected) expect(m.uniqueName).toBe(expected);
        });
      });
    });
    const cells = new Map<number, number>();
    Array.from(result.cells).forEach((v, i) => {
      if (v !== null && v !== undefined) cells.set(i, v as number);
    });
    expect(new Map([...data.cells].map(([i, c]) => [i, c.value]))).toEqual(cells);
    expect(cells.size).toBeGreaterThan(0);
  });
});
