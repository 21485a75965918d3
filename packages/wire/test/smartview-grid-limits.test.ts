import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { child, type XmlElement } from "@qibates/protocols/xml";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SMARTVIEW_PATH, smartViewEndpoint } from "../src/smartview/index.ts";
import { startWire } from "./support/server.ts";
import { postSmartView } from "./support/smartview.ts";

/**
 * `MAX_GRID_CELLS` (the endpoint's `maxCells`) on the Smart View endpoint: a query whose result has more cells
 * is refused with Smart View's exception, as a Refresh past it is and as the API's MDX call refuses it (413).
 */

const here = dirname(fileURLToPath(import.meta.url));
const fixture = (name: string) => readFileSync(join(here, "fixtures/smartview", name), "utf8");

let app: FastifyInstance;
let origin = "";
beforeAll(async () => {
  ({ app, origin } = await startWire(smartViewEndpoint, { maxCells: 20 }));
});
afterAll(() => app.close());

const post = (body: string): Promise<{ status: number; root: XmlElement; text: string }> =>
  postSmartView(origin, body, SMARTVIEW_PATH, "application/xml");

async function session(): Promise<string> {
  const a = await post(
    '<req_ConnectToProvider><ClientXMLVersion>3.1.0.0.0</ClientXMLVersion><lngs enc="0">en_US</lngs><usr>demo</usr><pwd>demo</pwd></req_ConnectToProvider>',
  );
  const sid = child(a.root, "sID")?.text ?? "";
  for (const m of ["OpenApplication", "OpenCube"]) {
    await post(
      `<req_${m}><sID>${sid}</sID><usr>demo</usr><pwd>demo</pwd><srv>EssbaseCluster-1</srv><app>Sample</app><cube>Basic</cube></req_${m}>`,
    );
  }
  return sid;
}

/** The captured ExecuteQuery request (fixtures/smartview, see its NOTICE) carrying `mdx` and session `sid`. */
const query = (sid: string, mdx: string) =>
  fixture("ess_maxl_query.03.req_ExecuteQuery.xml")
    .replace(/<sID>[^<]*<\/sID>/, `<sID>${sid}</sID>`)
    .replace(/<mdx>[\s\S]*?<\/mdx>/, `<mdx>${mdx}</mdx>`);

describe("Smart View endpoint: MAX_GRID_CELLS", () => {
  it("ExecuteQuery refuses a result of more cells than allowed with the exception, and runs a smaller one", async () => {
    const sid = await session();
    // 12 months by 5 products: 60 data cells, more than the 20 allowed (the API's MDX call refuses it with 413).
    const big = await post(
      query(
        sid,
        "SELECT {[Year].Levels(0).Members} ON COLUMNS, {[Product].Children} ON ROWS FROM Sample.Basic",
      ),
    );
    expect(big.status).toBe(200);
    expect(big.root.name, big.text).toBe("exception");
    expect(child(big.root, "desc")?.text).toBe(
      "Cannot perform cube view operation. The query crosses into 60 cells, more than the 20 allowed at line 1, column 8",
    );
    const small = await post(
      query(sid, "SELECT {[Scenario].[Actual]} ON COLUMNS, {[Market].[East]} ON ROWS FROM Sample.Basic"),
    );
    expect(small.root.name, small.text).toBe("res_ExecuteQuery");
  });
});
