import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { child, parseXml, type XmlElement } from "@qibates/protocols/xml";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EAST_STATES } from "../../embedded/test/support/sample-basic.ts";
import { SMARTVIEW_PATH, smartViewEndpoint } from "../src/smartview/index.ts";
import { startWire } from "./support/server.ts";
import { postSmartView } from "./support/smartview.ts";

/**
 * Contract tests from an independent client: the requests agardiner/SmartView (SVgem) posted to this endpoint
 * (fixtures/smartview/clients, see its NOTICE), replayed in order; each answer must be what the gem reads
 * (lib/smartview.rb `invoke`: a `res_<Method>` root, else `exception/desc`; then the elements each method
 * parses), with the demo's values.
 */

const here = dirname(fileURLToPath(import.meta.url));
const dir = join(here, "fixtures/smartview/clients");
const files = (prefix: string) =>
  readdirSync(dir)
    .filter((f) => f.startsWith(`${prefix}.`) && f.endsWith(".xml"))
    .sort();

let app: FastifyInstance;
let origin = "";
beforeAll(async () => {
  ({ app, origin } = await startWire(smartViewEndpoint, {}, { users: { other: "other" } }));
});
afterAll(() => app.close());

// SVgem's HTTPClient posts with its default form content type.
const post = (body: string, path = SMARTVIEW_PATH) =>
  postSmartView(origin, body, path, "application/x-www-form-urlencoded");

/** SVgem's pipe lists: `split('|')` (trailing empty fields dropped) for member lists. */
const list = (e: XmlElement | undefined, name: string) => {
  const t = child(e, name)?.text ?? "";
  return t === "" ? [] : t.replace(/\|+$/, "").split("|");
};

/** A grid as SVgem's `Grid.from_xml` reads it: dims by id and place, the slice's vals and types. */
function gemGrid(root: XmlElement) {
  const grid = child(root, "grid") as XmlElement;
  expect(grid, "grid").toBeDefined();
  const pov: Record<string, string> = {};
  const rows: string[] = [];
  const cols: string[] = [];
  for (const d of child(grid, "dims")?.children ?? []) {
    expect(d.attrs.id).toMatch(/^\d+$/);
    const name = d.attrs.name as string;
    if (d.attrs.pov !== undefined) pov[name] = d.attrs.pov;
    else if (d.attrs.row !== undefined) rows[Number(d.attrs.row)] = name;
    else if (d.attrs.col !== undefined) cols[Number(d.attrs.col)] = name;
  }
  const slice = child(child(grid, "slices"), "slice") as XmlElement;
  const range = child(child(slice, "data"), "range");
  const height = Number(slice.attrs.rows);
  const width = Number(slice.attrs.cols);
  const vals = (child(range, "vals")?.text ?? "").split("|");
  const types = (child(range, "types")?.text ?? "").split("|");
  expect(vals).toHaveLength(height * width);
  expect(types).toHaveLength(height * width);
  const at = (r: number, c: number) => vals[r * width + c] ?? "";
  const text = Array.from({ length: height }, (_, r) =>
    Array.from({ length: width }, (_, c) => at(r, c)).join(" | "),
  );
  return { pov, rows, cols, height, width, vals, types, text };
}

/**
 * Replays a recorded sequence: the first ConnectToProvider's sID goes into the requests that carried the
 * recorded first sID, and so on; the SSO token answered by GetSSOToken replaces the recorded one.
 */
async function replay(prefix: string) {
  const sids = new Map<string, string>();
  const answers: { file: string; method: string; root: XmlElement; text: string }[] = [];
  let sso = "";
  for (const file of files(prefix)) {
    let body = readFileSync(join(dir, file), "utf8");
    const method = /\.req_(\w+)\.xml$/.exec(file)?.[1] as string;
    const recordedSid = /<sID>([^<]*)<\/sID>/.exec(body)?.[1];
    if (recordedSid !== undefined) {
      const mine = sids.get(recordedSid);
      expect(mine, `${file}: a session the replay opened`).toBeDefined();
      body = body.replace(`<sID>${recordedSid}</sID>`, `<sID>${mine}</sID>`);
    }
    body = body.replace(/<sso>[^<]*<\/sso>/, `<sso>${sso}</sso>`);
    const a = await post(body);
    expect(a.status, a.text).toBe(200);
    if (method === "ConnectToProvider") {
      // The next recorded sID (the one the recording's following requests carry) maps to this one.
      const next = files(prefix)
        .slice(files(prefix).indexOf(file) + 1)
        .map((f) => /<sID>([^<]*)<\/sID>/.exec(readFileSync(join(dir, f), "utf8"))?.[1])
        .find((s) => s !== undefined && !sids.has(s));
      sids.set(next as string, child(a.root, "sID")?.text ?? "");
    }
    if (method === "GetSSOToken") sso = child(a.root, "sso")?.text ?? "";
    answers.push({ file, method, root: a.root, text: a.text });
  }
  return answers;
}

describe("SVgem's exchanges (the conformance kit's run)", () => {
  it("every answer is res_<Method> with what the gem reads, values as the kit's run expects", async () => {
    const answers = await replay("svgem-run");
    const by = (file: string) => answers.find((a) => a.file.startsWith(file)) as (typeof answers)[0];
    for (const a of answers) expect(a.root.name, `${a.file}: ${a.text}`).toBe(`res_${a.method}`);

    const connect = by("svgem-run.01").root;
    // 128 random bits written in decimal: never a small, guessable number.
    expect(child(connect, "sID")?.text).toMatch(/^\d{30,39}$/);
    expect(child(connect, "provider")?.text).toMatch(/Analytic Services/);
    expect(child(by("svgem-run.03").root, "sso")?.text).toMatch(/^[\w-]{32,}$/);

    const pov = by("svgem-run.05").root;
    const dims = list(pov, "dims");
    expect(dims).toEqual(["Year", "Measures", "Product", "Market", "Scenario"]);
    expect(list(pov, "mbrs")).toEqual(dims);

    const filters = (child(by("svgem-run.08").root, "filterList")?.children ?? []).map((f) => f.attrs.name);
    expect(filters).toContain("Attribute");
    expect(filters).toContain("SharedLevel");

    // get_members(Market): Hierarchy with allGenerations 1 is every generation, not only the children.
    const all = list(by("svgem-run.09").root, "mbrs");
    expect(all).toHaveLength(24);
    expect(all.slice(0, 3)).toEqual(["East", "New York", "Massachusetts"]);
    expect(list(by("svgem-run.10").root, "mbrs")).toEqual(EAST_STATES);
    expect(list(by("svgem-run.11").root, "mbrs")).toEqual(["East", ...EAST_STATES]);
    const base = list(by("svgem-run.12").root, "mbrs");
    expect(base).toContain("100-10");
    expect(base).not.toContain("100");

    const paths = (child(by("svgem-run.13").root, "pathList")?.children ?? []).map(
      (p) => child(p, "mbrs")?.text.split("|") ?? [],
    );
    expect(paths).toEqual([
      ["Market", "East", "New York"],
      ["Market", "East", "New Hampshire"],
      ["Market", "South", "New Mexico"],
    ]);

    const mdx = gemGrid(by("svgem-run.14").root);
    expect(mdx.rows).toEqual(["Market"]);
    expect(mdx.text[0]).toBe(" | Sales");

    const first = gemGrid(by("svgem-run.15").root);
    expect(first.pov).toMatchObject({ Product: "Product", Market: "Market", Scenario: "Scenario" });
    const refreshed = gemGrid(by("svgem-run.16").root);
    expect(refreshed.text).toEqual(first.text);

    // ProcessFreeFormGrid lays the grid out without data; the Refresh that follows reads it.
    const free = gemGrid(by("svgem-run.17").root);
    expect(free.cols).toEqual(["Year"]);
    expect(free.rows).toEqual(["Market"]);
    expect(free.pov).toMatchObject({ Measures: "Sales", Scenario: "Actual" });
    expect(free.text).toEqual([" | Qtr1 | Qtr2", "East |  | ", "West |  | "]);
    const data = gemGrid(by("svgem-run.18").root);
    expect(data.text[0]).toBe(" | Qtr1 | Qtr2");
    expect(data.types).toEqual(["7", "0", "0", "0", "2", "2", "0", "2", "2"]);
    for (const i of [4, 5, 7, 8]) expect(data.vals[i]).toMatch(/^\d+(\.\d+)?$/);
  });
});

describe("SVgem's exchanges (more of its public methods)", () => {
  it("SSO login, every member filter, find_member with a filter, grids with an alias table", async () => {
    const answers = await replay("svgem-more");
    const by = (file: string) => answers.find((a) => a.file.startsWith(file)) as (typeof answers)[0];
    const exceptions = answers.filter((a) => a.root.name === "exception").map((a) => a.file);
    // Only the MDX query naming an unknown member fails, with the capture's words.
    expect(exceptions).toEqual(["svgem-more.27.req_ExecuteQuery.xml"]);
    expect(child(by("svgem-more.27").root, "desc")?.text).toBe(
      "Cannot perform cube view operation. OLAP error (1260046): Unknown Member Market.Nowhere used in query",
    );
    // The second connection came in with the first one's token, and opened the cube with it.
    const first = child(by("svgem-more.01").root, "sID")?.text;
    const second = child(by("svgem-more.06").root, "sID")?.text;
    expect(second).toMatch(/^\d+$/);
    expect(second).not.toBe(first);
    expect(by("svgem-more.07").root.name).toBe("res_OpenApplication");

    const members = (n: string) => list(by(`svgem-more.${n}`).root, "mbrs");
    expect(members("10")).toEqual(["East", "West", "South", "Central"]); // Hierarchy, allGenerations 0
    expect(members("12")).toEqual(["New York", "Massachusetts", "Florida", "Connecticut", "New Hampshire"]);
    expect(members("14")).toEqual(["East", "West", "South", "Central"]); // Generation 2
    expect(members("16")).toContain("New York"); // UDA Major Market
    expect(members("18")).toEqual(["New York", "Massachusetts", "Florida", "Connecticut", "New Hampshire"]);
    expect(members("20")[0]).toBe("East"); // DESCENDANTS(East) starts with East
    // Attribute(True): the products associated with Caffeinated True.
    expect(members("22")).toEqual(["100-10", "100-20", "200-10", "200-20", "300-10", "300-20", "300-30"]);
    // SharedLevel: level 0 with the shared occurrences too (three shared members under Diet).
    expect(members("24")).toHaveLength(16);
    const paths = (n: string) =>
      (child(by(`svgem-more.${n}`).root, "pathList")?.children ?? []).map((p) => child(p, "mbrs")?.text);
    expect(paths("25")).toEqual(["Product|100|100-20"]);
    expect(paths("26")).toEqual([]);

    const free = gemGrid(by("svgem-more.29").root);
    expect(free.text[1]?.startsWith("Colas")).toBe(true); // alias table Default
    const refreshed = gemGrid(by("svgem-more.30").root);
    // Budget for 400 in the South is #Missing: the row is suppressed.
    expect(refreshed.text).toHaveLength(2);
    const grid = gemGrid(by("svgem-more.31").root);
    expect(grid.pov).toMatchObject({ Market: "South", Scenario: "Budget" });
    expect(by("svgem-more.32").root.name).toBe("res_Logout");
  });
});

describe("Smart View sessions and tokens", () => {
  const connect = async (user = "demo") => {
    const a = await post(
      `<req_ConnectToProvider><usr>${user}</usr><pwd>${user}</pwd><lngs enc="0">en_US</lngs></req_ConnectToProvider>`,
    );
    return child(a.root, "sID")?.text ?? "";
  };

  it("a neighbouring session id is refused: ids are not sequential", async () => {
    const a = await connect();
    const b = await connect();
    for (const guess of [BigInt(a) - 1n, BigInt(a) + 1n, BigInt(b) - 1n, BigInt(b) + 1n]) {
      const r = await post(`<req_ListServers><sID>${guess}</sID></req_ListServers>`);
      expect(r.root.name).toBe("exception");
    }
    expect(Math.abs(Number(BigInt(a) - BigInt(b)))).toBeGreaterThan(1e9);
  });

  it("an SSO token logs in as its user; a made-up or another user's token is refused", async () => {
    const sid = await connect();
    const sso = child((await post(`<req_GetSSOToken><sID>${sid}</sID></req_GetSSOToken>`)).root, "sso")?.text;
    const again = await post(`<req_ConnectToProvider><sso>${sso}</sso></req_ConnectToProvider>`);
    expect(child(again.root, "sID")?.text).toMatch(/^\d+$/);
    const bad = await post("<req_ConnectToProvider><sso>made-up</sso></req_ConnectToProvider>");
    expect(bad.root.name).toBe("exception");
    const other = await connect("other");
    const open = await post(
      `<req_OpenApplication><sID>${other}</sID><sso>${sso}</sso><srv>EssbaseCluster-1</srv><app>Sample</app></req_OpenApplication>`,
    );
    expect(open.root.name).toBe("exception");
    // Logout ends the token the session was given.
    await post(`<req_Logout><sID>${sid}</sID></req_Logout>`);
    const after = await post(`<req_ConnectToProvider><sso>${sso}</sso></req_ConnectToProvider>`);
    expect(after.root.name).toBe("exception");
  });

  it("an unknown path under /aps/ answers the exception element with 404, never HTML", async () => {
    for (const path of ["/aps/nothing", "/aps/SmartView/x", "/aps/", "/aps"]) {
      const r = await post("<req_ListServers/>", path);
      expect(r.status).toBe(404);
      expect(r.root.name).toBe("exception");
      expect(r.root.attrs).toEqual({ errcode: "4", type: "error" });
    }
    const get = await fetch(`${origin}${SMARTVIEW_PATH}`);
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST");
    expect(parseXml(await get.text()).name).toBe("exception");
  });
});
