import { contentParts } from "@qibates/protocols/xmla";
import type { OlapDrillthrough } from "@qibates/provider";
import { describe, expect, it } from "vitest";
import { drillthroughXml } from "../src/xmla/drillthrough.ts";
import { serverForTests } from "./support/server.ts";
import { faultOf, rowsOf, startXmla, xmlaCalls } from "./support/xmla.ts";

/**
 * A `DRILLTHROUGH` of a top cell (every level-0 cell under it) held the event loop for up to a second:
 * its rows are now read in a grid worker where the embedded provider has one, and its rowset written in slices,
 * the event loop given back between them. The answer stays the same, byte for byte.
 */

/** Sample.Basic's top cell: the stored level-0 cells under it, thousands of rows. */
const TOP = "DRILLTHROUGH MAXROWS 100000 SELECT FROM [Sample].[Basic]";

const inWorker = serverForTests(() => startXmla({}, 1));
const onLoop = serverForTests(() => startXmla({}, 0));

describe("DRILLTHROUGH of a top cell", () => {
  it("is answered the same, byte for byte, whether a grid worker reads its rows or the event loop does", async () => {
    const [a, b] = await Promise.all([xmlaCalls(inWorker).execute(TOP), xmlaCalls(onLoop).execute(TOP)]);
    expect(faultOf(a)).toBeNull();
    expect(rowsOf(a).length).toBeGreaterThan(1_000);
    expect(a.text).toBe(b.text);
  });

  it("writes its rowset in slices: a turn of the event loop asked for before it runs comes before its end, to the same text", async () => {
    const answer: OlapDrillthrough = {
      cube: "Basic",
      columns: [
        { kind: "dimension", name: "Market" },
        { kind: "measure", name: "Sales" },
        { kind: "measure", name: "COGS" },
      ],
      rows: Array.from({ length: 5_000 }, (_, i) => [`State <${i}>`, i * 1.5, i % 7 === 0 ? null : -i]),
      truncated: false,
    };
    const content = contentParts("SchemaData");
    if (!content) throw new Error("no content");
    const whole = await drillthroughXml(answer, content, Number.POSITIVE_INFINITY);
    let turned = false;
    setImmediate(() => {
      turned = true;
    });
    const sliced = drillthroughXml(answer, content, 0);
    const turnedBeforeEnd = await Promise.resolve(sliced).then(() => turned);
    expect(turnedBeforeEnd).toBe(true);
    expect(await sliced).toBe(whole);
    expect(whole).toContain("<row><_x005B__x0024_Market_x005D_._x005B_Market_x005D_>State &lt;7&gt;</");
    expect(whole.match(/<row>/g)).toHaveLength(5_000);
  });
});
