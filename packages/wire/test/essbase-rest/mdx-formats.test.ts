import { inflateRawSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { BASE, endpointForTests } from "../support/endpoint.ts";

/**
 * `POST …/mdx?format=CSV|HTML|XLSX` (Oracle's "Run MDX Query", Essbase 21c REST reference,
 * docs.oracle.com/en/database/other-databases/essbase/21/essrt/op-applications-application-databases-database-mdx-post.html:
 * `format` one of XLSX, CSV, HTML, JSON, JSON by default; the answer streamed as application/octet-stream or
 * text/html): the same rows as the JSON answer's `data`, as CSV by RFC 4180, as one HTML table, as an XLSX
 * workbook (read back here from its zip: one sheet, numbers as numbers).
 */

const endpoint = endpointForTests();

const QUERY =
  "SELECT {[Jan], [Feb]} ON COLUMNS, {[East], [New York]} ON ROWS FROM Sample.Basic WHERE ([Sales], [100-10], [Actual])";

async function run(format: string, query = QUERY) {
  const res = await fetch(
    `${endpoint.origin}${BASE}/applications/Sample/databases/Basic/mdx?format=${format}`,
    {
      method: "POST",
      headers: {
        authorization: `Basic ${Buffer.from("demo:demo").toString("base64")}`,
        "content-type": "application/json",
        accept: "application/octet-stream",
      },
      body: JSON.stringify({ query }),
    },
  );
  return {
    status: res.status,
    type: res.headers.get("content-type"),
    headers: res.headers,
    body: Buffer.from(await res.arrayBuffer()),
  };
}

/** The files of a zip archive by name (central directory; stored or deflated entries). */
function unzip(zip: Buffer): Map<string, string> {
  const out = new Map<string, string>();
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  let at = zip.readUInt32LE(end + 16);
  const count = zip.readUInt16LE(end + 10);
  for (let i = 0; i < count; i++) {
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extra = zip.readUInt16LE(at + 30);
    const comment = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString("utf8");
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(start, start + size);
    out.set(name, (method === 8 ? inflateRawSync(data) : data).toString("utf8"));
    at += 46 + nameLength + extra + comment;
  }
  return out;
}

describe("Execute MDX in the report formats", () => {
  it("JSON stays the default; CSV is the JSON's rows by RFC 4180 (CRLF, quoted when needed)", async () => {
    const json = JSON.parse((await run("JSON")).body.toString("utf8"));
    // As wide as its own rows: the slicer's three members (the grid's POV row, not in the report) add no
    // empty column after Feb (Oracle: "data (a tuple for each row)").
    expect(json.data).toEqual([
      ["", "Jan", "Feb"],
      ["East", "109.0", "85.0"],
      ["New York", "36.0", "32.0"],
    ]);
    const csv = await run("CSV");
    expect(csv.status).toBe(200);
    expect(csv.type).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("content-disposition")).toBe('attachment; filename="Sample.Basic.mdx.csv"');
    expect(csv.body.toString("utf8")).toBe(json.data.map((row: string[]) => `${row.join(",")}\r\n`).join(""));
    // A field with a comma or a quote is quoted, its quotes doubled (RFC 4180 §2, rules 6 and 7).
    const quoted = await run(
      "CSV",
      'WITH MEMBER [Measures].[A, "b"] AS \'[Sales]\' SELECT {[Measures].[A, "b"]} ON COLUMNS FROM Sample.Basic',
    );
    expect(quoted.body.toString("utf8").split("\r\n")[0]).toBe('"A, ""b"""');
  });

  it("CSV writes a label a spreadsheet would run as a formula as text, and a negative number as a number", async () => {
    // OWASP "CSV Injection": Excel, LibreOffice and Sheets run a field starting with = + - @ as a formula; a
    // leading single quote makes it text. A value such as -12.5 is no formula and keeps its sign.
    const csv = await run(
      "CSV",
      'WITH MEMBER [Measures].[=HYPERLINK("http://evil.example/","Click")] AS \'-12.5\' ' +
        "MEMBER [Measures].[@SUM(A1)] AS '[Sales]' MEMBER [Measures].[+A1] AS '+3' MEMBER [Measures].[-Loss] AS '2' " +
        'SELECT {[Measures].[=HYPERLINK("http://evil.example/","Click")], [Measures].[@SUM(A1)], [Measures].[+A1], ' +
        "[Measures].[-Loss]} ON COLUMNS, {[East]} ON ROWS FROM Sample.Basic WHERE ([Jan], [100-10], [Actual])",
    );
    expect(csv.status).toBe(200);
    expect(csv.body.toString("utf8").split("\r\n").slice(0, 2)).toEqual([
      `,"'=HYPERLINK(""http://evil.example/"",""Click"")",'@SUM(A1),'+A1,'-Loss`,
      "East,-12.5,109.0,3.0,2.0",
    ]);
  });

  it("Oracle's documented example query (Run MDX Report, mdxreport01): its header row, in every format", async () => {
    // Oracle's page shows the JSON answer's metadata {page: [Measures, Market, Scenario], column: [Year], row:
    // [Product]} and first row ["", "Qtr1", "Qtr2"]; the values are its server's data, not the demo's.
    const example =
      "SELECT {[Year].[Qtr1], [Year].[Qtr2]} ON COLUMNS, {BottomSum([Product].Members, 10000, [Year].[Qtr1])} " +
      "ON ROWS FROM Sample.Basic WHERE ([Measures].[Sales])";
    const json = JSON.parse((await run("JSON", example)).body.toString("utf8"));
    expect(json.metadata).toEqual({
      page: ["Measures", "Market", "Scenario"],
      column: ["Year"],
      row: ["Product"],
    });
    expect(json.data[0]).toEqual(["", "Qtr1", "Qtr2"]);
    const csv = (await run("CSV", example)).body.toString("utf8").split("\r\n");
    expect(csv[0]).toBe(",Qtr1,Qtr2");
    expect(csv.slice(1, -1)).toEqual(json.data.slice(1).map((r: string[]) => r.join(",")));
    expect((await run("HTML", example)).body.toString("utf8")).toContain(
      '<thead><tr><th></th><th scope="col">Qtr1</th><th scope="col">Qtr2</th></tr></thead>',
    );
  });

  it("HTML is one table: column headers in thead, row headers as th, values as td", async () => {
    const html = await run("HTML");
    expect(html.status).toBe(200);
    expect(html.type).toBe("text/html; charset=utf-8");
    const text = html.body.toString("utf8");
    expect(text).toMatch(/^<!DOCTYPE html>/);
    expect(text).toContain(
      '<table><thead><tr><th></th><th scope="col">Jan</th><th scope="col">Feb</th></tr></thead>' +
        '<tbody><tr><th scope="row">East</th><td>109.0</td><td>85.0</td></tr>' +
        '<tr><th scope="row">New York</th><td>36.0</td><td>32.0</td></tr></tbody></table>',
    );
  });

  it("XLSX is a workbook of one sheet holding the same rows, values as numbers", async () => {
    const xlsx = await run("XLSX");
    expect(xlsx.status).toBe(200);
    expect(xlsx.type).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(xlsx.body.subarray(0, 2).toString("latin1")).toBe("PK");
    const files = unzip(xlsx.body);
    expect(files.get("xl/workbook.xml")).toMatch(/<sheet [^>]*name="MDX"/);
    const sheet = files.get("xl/worksheets/sheet1.xml") ?? "";
    // Numbers are number cells (no t="s"/"inlineStr"), in row 2 from column B.
    expect(sheet).toMatch(/<c r="B2"[^>]*><v>109<\/v><\/c>/);
    expect(sheet).toMatch(/<c r="C3"[^>]*><v>32<\/v><\/c>/);
    const strings = files.get("xl/sharedStrings.xml") ?? sheet;
    for (const label of ["Jan", "Feb", "East", "New York"]) expect(strings).toContain(label);
  });

  it("an unknown format, or a query that fails, answers 400 in Essbase's error body", async () => {
    const pdf = await run("PDF");
    expect(pdf.status).toBe(400);
    expect(JSON.parse(pdf.body.toString("utf8")).errorMessage).toMatch(/XLSX, CSV, HTML, JSON/);
    const bad = await run("CSV", "SELECT {[Measures].[Nope]} ON COLUMNS FROM Sample.Basic");
    expect(bad.status).toBe(400);
    expect(typeof JSON.parse(bad.body.toString("utf8")).errorMessage).toBe("string");
  });
});
