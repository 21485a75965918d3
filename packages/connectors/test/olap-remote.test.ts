import { dataSetOf, parseSoap } from "@qibates/protocols/xmla";
import { DEFAULT_SLICES, SliceScheduler } from "@qibates/provider";
import { upstreamProvider, xmlaEndpoint } from "@qibates/wire";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  discoverBody,
  envelope,
  executeBody,
  post,
  rowsOf,
  startXmla,
  type XmlaAnswer,
} from "../../wire/test/support/xmla.ts";
import { EssbaseRestProvider } from "../src/essbase-rest/provider.ts";
import { Upstreams } from "../src/net/upstream.ts";
import { useEssbaseRest } from "./support/essbase-rest.ts";

/**
 * The XMLA endpoint in front of a cube reached with `essbase-stndln`: a second QiBates (its Essbase REST endpoint
 * over the embedded engine) is the server; the first serves XMLA over the connector's OLAP port. Its rowsets and
 * its MDX answers are those of the XMLA endpoint over the embedded cube itself, but for what Essbase's REST API
 * does not carry (below).
 */
describe("the XMLA endpoint over a cube read through essbase-stndln", () => {
  const rest = useEssbaseRest();
  let front: FastifyInstance;
  let frontOrigin = "";
  let reference: Awaited<ReturnType<typeof startXmla>>;
  let upstreams: Upstreams;
  let connector: EssbaseRestProvider;

  beforeAll(async () => {
    upstreams = new Upstreams({ allowedHosts: ["127.0.0.1"], connectTimeoutMs: 5000, readTimeoutMs: 20000 });
    connector = new EssbaseRestProvider({ upstreams, idleMs: 60_000, jobTimeoutMs: 20_000 });
    const provider = upstreamProvider(connector, {
      connector: "essbase-stndln",
      address: new URL(`${rest.endpoint.origin}/essbase/japi`),
    });
    front = Fastify({ logger: false });
    await front.register(xmlaEndpoint, {
      provider,
      scheduler: new SliceScheduler(DEFAULT_SLICES),
      about: { name: "QiBates", version: "test" },
    });
    await front.listen({ port: 0, host: "127.0.0.1" });
    const address = front.server.address();
    frontOrigin = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
    reference = await startXmla();
  });
  afterAll(async () => {
    await front?.close();
    await connector?.close();
    await upstreams?.close();
    await reference?.app.close();
    await reference?.provider.close();
  });

  const both = async (body: string): Promise<[XmlaAnswer, XmlaAnswer]> => [
    await post(frontOrigin, envelope(body)),
    await post(reference.origin, envelope(body)),
  ];

  /**
   * What Essbase's REST outline does not carry, so the remote rows leave it out or answer it otherwise: member
   * formulas (EXPRESSION, MEMBER_TYPE 3 and MEASURE_AGGREGATOR 127 come from them), time balance (the aggregator
   * of a time-balanced measure), the engine's own member numbers (MEMBER_ORDINAL); and the connector writes no
   * cell back through MDX (IS_WRITE_ENABLED false), and Essbase 21c's MDX has no DRILLTHROUGH
   * (IS_DRILLTHROUGH_ENABLED false: server/test/api/wire-upstream-drillthrough.test.ts). Cell values cross Essbase's
   * Grid as text of 12 significant digits.
   */
  const REMOTE_LACKS = [
    "EXPRESSION",
    "MEMBER_TYPE",
    "MEASURE_AGGREGATOR",
    "MEMBER_ORDINAL",
    "IS_WRITE_ENABLED",
    "IS_DRILLTHROUGH_ENABLED",
  ];
  const comparable = (rows: Record<string, string>[]) =>
    rows.map((r) => Object.fromEntries(Object.entries(r).filter(([k]) => !REMOTE_LACKS.includes(k))));

  it.each([
    ["DBSCHEMA_CATALOGS", {}],
    ["MDSCHEMA_CUBES", { CATALOG_NAME: "Sample" }],
    ["MDSCHEMA_DIMENSIONS", { CATALOG_NAME: "Sample", CUBE_NAME: "Basic" }],
    ["MDSCHEMA_HIERARCHIES", { CATALOG_NAME: "Sample", CUBE_NAME: "Basic" }],
    ["MDSCHEMA_LEVELS", { CATALOG_NAME: "Sample", CUBE_NAME: "Basic" }],
    ["MDSCHEMA_MEMBERS", { CATALOG_NAME: "Sample", CUBE_NAME: "Basic" }],
    ["MDSCHEMA_MEMBERS", { CATALOG_NAME: "Sample", MEMBER_UNIQUE_NAME: "[Market].[East]", TREE_OP: "3" }],
    ["MDSCHEMA_MEASURES", { CATALOG_NAME: "Sample", CUBE_NAME: "Basic" }],
    ["DBSCHEMA_COLUMNS", { TABLE_CATALOG: "Sample" }],
  ] as [string, Record<string, string>][])(
    "Discover %s %j answers the embedded cube's rows",
    async (type, r) => {
      const [remote, local] = await both(discoverBody(type, r));
      expect(remote.status).toBe(200);
      const rows = rowsOf(local);
      expect(rows.length).toBeGreaterThan(0);
      expect(comparable(rowsOf(remote))).toEqual(comparable(rows));
    },
  );

  it.each([
    "SELECT {[Measures].[Sales], [Measures].[COGS]} ON COLUMNS, {[Market].Children} ON ROWS FROM [Sample].[Basic] WHERE ([Year].[Qtr1])",
    "SELECT CrossJoin({[Product].Children}, {[Scenario].[Actual], [Scenario].[Budget]}) ON COLUMNS, {[Year].Children} ON ROWS FROM [Sample].[Basic]",
    "WITH MEMBER [Measures].[Margin %] AS '[Measures].[Margin] / [Measures].[Sales]' SELECT {[Measures].[Margin %]} ON COLUMNS, {[Year].[Jan]:[Year].[Jun]} ON ROWS FROM [Sample].[Basic]",
  ])("Execute %s answers the embedded cube's MDDataSet", async (statement) => {
    const [remote, local] = await both(executeBody(statement));
    const read = (a: XmlaAnswer) => {
      const data = dataSetOf(parseSoap(a.text)?.root ?? {});
      if (!data) throw new Error(`not a data set: ${a.text.slice(0, 400)}`);
      return data;
    };
    const r = read(remote);
    const l = read(local);
    expect(r.axes).toEqual(l.axes);
    expect(r.slicer).toEqual(l.slicer);
    expect([...r.cells.keys()]).toEqual([...l.cells.keys()]);
    for (const [ordinal, cell] of l.cells) {
      const value = Number(cell.value);
      expect(Number(r.cells.get(ordinal)?.value)).toBeCloseTo(value, 9);
    }
    expect(l.cells.size).toBeGreaterThan(0);
  });
});
