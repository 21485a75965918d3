import type { MdxInput } from "@qibates/provider";
import { answerValue, ProviderError } from "@qibates/provider";
import { describe, expect, it } from "vitest";
import { CUBE, ess, useEssbaseRest } from "./support/essbase-rest.ts";

/**
 * action/mdx through essbase-stndln: the connector posts the query to Essbase REST's `…/grid/mdx`, served over
 * HTTP by @qibates/wire's endpoint over the embedded provider, reads the Grid back and lays it out. Every
 * answer must be the demo's own, cell for cell (dataVersion aside: Essbase's REST API has none).
 */
const f = useEssbaseRest();

const both = async (input: MdxInput) => {
  const demo = await ess(f.embedded()).mdx(f.demo, CUBE, input).then(answerValue);
  const remote = await ess(f.connector).mdx(f.remote, CUBE, input).then(answerValue);
  const { dataVersion: _, ...expected } = demo as typeof demo & { dataVersion?: string };
  return { demo: expected, remote };
};

const QUERIES: [string, MdxInput][] = [
  [
    "a slicer, indented rows",
    {
      query:
        "SELECT {[Jan], [Feb], [Mar]} ON COLUMNS, {[East], [New York]} ON ROWS FROM Sample.Basic " +
        "WHERE ([Sales], [100-10], [Actual])",
    },
  ],
  [
    "no WHERE: no POV row",
    { query: "SELECT {[Year].Children} ON COLUMNS, {[Product].Children} ON ROWS FROM Sample.Basic" },
  ],
  [
    "nested rows, labels not repeated, member names",
    {
      query:
        "SELECT {[Sales], [Profit]} ON COLUMNS, CrossJoin({[East], [Central]}, {[Jul], [Aug]}) ON ROWS " +
        "FROM Sample.Basic WHERE ([100-10], [Actual])",
      settings: { repeatMemberLabels: false, aliasTable: null },
    },
  ],
  [
    "nested columns",
    {
      query:
        "SELECT CrossJoin({[Actual], [Budget]}, {[Sales], [COGS]}) ON COLUMNS, {[Market].Children} ON ROWS " +
        "FROM Sample.Basic WHERE ([Qtr1])",
    },
  ],
  [
    "#Missing with its label, and missing rows suppressed",
    {
      query:
        "SELECT {[Jan], [Year]} ON COLUMNS, {[Product].Children} ON ROWS FROM Sample.Basic " +
        "WHERE ([Sales], [Actual], [South])",
      settings: { missingLabel: "n/a" },
    },
  ],
  [
    "missing rows suppressed",
    {
      query:
        "SELECT {[Jan], [Year]} ON COLUMNS, {[Product].Children} ON ROWS FROM Sample.Basic " +
        "WHERE ([Sales], [Actual], [South])",
      settings: { missingSuppression: true },
    },
  ],
  [
    "a calculated member",
    {
      query:
        "WITH MEMBER [Measures].[Margin Pct] AS '[Profit] / [Sales] * 100' " +
        "SELECT {[Sales], [Profit], [Margin Pct]} ON COLUMNS, {[East], [West]} ON ROWS FROM Sample.Basic " +
        "WHERE ([Jul], [100-10], [Actual])",
    },
  ],
  [
    "no rows axis",
    { query: "SELECT [Year].Children ON COLUMNS FROM Sample.Basic WHERE ([Sales], [Actual], [100])" },
  ],
  // No state sells above 30000: the Market column stays, no #Missing row (the endpoint's Grid has none).
  [
    "an empty rows axis",
    {
      query:
        "SELECT {[Sales]} ON COLUMNS, Order(Filter([Market].Levels(0).Members, [Sales] > 30000), [Sales], BDESC) " +
        "ON ROWS FROM Sample.Basic WHERE ([Actual])",
    },
  ],
  [
    "an empty columns axis",
    {
      query:
        "SELECT Filter([Market].Levels(0).Members, [Sales] > 30000) ON COLUMNS, {[Sales]} ON ROWS " +
        "FROM Sample.Basic WHERE ([Actual])",
    },
  ],
  ["{} on rows", { query: "SELECT {[Sales]} ON COLUMNS, {} ON ROWS FROM Sample.Basic WHERE ([Actual])" }],
  ["{} on columns", { query: "SELECT {} ON COLUMNS, {[East]} ON ROWS FROM Sample.Basic WHERE ([Actual])" }],
  ["{} on columns alone", { query: "SELECT {} ON COLUMNS FROM Sample.Basic WHERE ([Actual])" }],
];

describe("action/mdx through essbase-stndln (Essbase REST grid/mdx over HTTP)", () => {
  it.each(QUERIES)("answers as the demo: %s", async (_name, input) => {
    const { demo, remote } = await both(input);
    expect(remote).toEqual(demo);
  });

  it("reads Product 100's Actual Sales by quarter, 7048/7872/8511/7037", async () => {
    const { remote } = await both(QUERIES[7]?.[1] as MdxInput);
    expect(remote.grid.at(-1)).toEqual(["7048", "7872", "8511", "7037"]);
  });

  it("answers the server's refusal of a query that is not MDX as the provider's error", async () => {
    const e = await ess(f.connector)
      .mdx(f.remote, CUBE, { query: "SELECT {[Jan] ON COLUMNS FROM Sample.Basic" })
      .then(answerValue)
      .catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ProviderError);
    expect((e as ProviderError).code).toBe("PROVIDER_FAILED");
  });
});
