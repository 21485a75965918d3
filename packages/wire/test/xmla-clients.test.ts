import { readFileSync, writeFileSync } from "node:fs";
import { child, parseXml, type XmlElement } from "@qibates/protocols/xml";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  DEMO_AUTH,
  faultOf,
  rootOf,
  rowsetColumns,
  SOAP,
  startXmla,
  XA,
  type XmlaAnswer,
} from "./support/xmla.ts";

/**
 * Contract tests from the exchanges of two independent XMLA clients, run unmodified against this endpoint:
 * olap.xmla (Python, over zeep) and xmla4js (JavaScript). Each request is the client's own bytes, recorded with
 * the answer it accepted (`fixtures/xmla/clients/`, origin in `fixtures/xmla/NOTICE.md`). Replayed in order
 * against a fresh endpoint, every answer must be the recorded one (session ids and the server's own URL
 * aside), and the facts each client reads from it must hold: neither the clients, Python nor the kit is needed.
 */

interface Exchange {
  stem: string;
  method: string;
  path: string;
  soapAction: string | null;
  contentType: string | null;
  status: number;
  responseType: string | null;
}

const dir = (client: string) => new URL(`./fixtures/xmla/clients/${client}/`, import.meta.url);
const read = (client: string, file: string) => readFileSync(new URL(file, dir(client)), "utf8");
const exchangesOf = (client: string) => JSON.parse(read(client, "exchanges.json")) as Exchange[];

/** What differs between two runs: session ids (mapped by the caller) and the address the client used. */
const normalize = (text: string) => text.replace(/<URL>[^<]*<\/URL>/g, "<URL/>");

let server: Awaited<ReturnType<typeof startXmla>>;
beforeEach(async () => {
  server = await startXmla();
});
afterEach(async () => {
  await server.app.close();
  await server.provider.close?.();
});

/** Replays a client's exchanges in order; the live answers, with the live session ids put back as recorded. */
async function replay(client: string): Promise<{ exchange: Exchange; answer: XmlaAnswer }[]> {
  const liveToRecorded = new Map<string, string>();
  const recordedToLive = new Map<string, string>();
  const out: { exchange: Exchange; answer: XmlaAnswer }[] = [];
  for (const exchange of exchangesOf(client)) {
    let request = read(client, `${exchange.stem}.request.xml`);
    for (const [recorded, live] of recordedToLive) request = request.replaceAll(recorded, live);
    const headers: Record<string, string> = { authorization: DEMO_AUTH };
    if (exchange.contentType) headers["content-type"] = exchange.contentType;
    if (exchange.soapAction) headers.soapaction = exchange.soapAction;
    const res = await fetch(`${server.origin}${exchange.path}`, {
      method: exchange.method,
      headers,
      body: request,
    });
    let text = await res.text();
    const recordedText = read(client, `${exchange.stem}.response.xml`);
    const live = /SessionId="([^"]+)"/.exec(text)?.[1];
    const recorded = /SessionId="([^"]+)"/.exec(recordedText)?.[1];
    if (live && recorded && !liveToRecorded.has(live)) {
      liveToRecorded.set(live, recorded);
      recordedToLive.set(recorded, live);
    }
    for (const [l, r] of liveToRecorded) text = text.replaceAll(l, r);
    let envelope: XmlElement | null = null;
    try {
      envelope = parseXml(text);
    } catch {
      envelope = null;
    }
    out.push({ exchange, answer: { status: res.status, headers: res.headers, text, envelope } });
  }
  return out;
}

const byStem = (all: { exchange: Exchange; answer: XmlaAnswer }[], stem: string) => {
  const found = all.find((x) => x.exchange.stem.endsWith(stem));
  if (!found) throw new Error(`no exchange ${stem}`);
  return found.answer;
};

/** Rows of a rowset answer, each column's text by the column's `sql:field` (what xmla4js keys rows by). */
function fieldRows(answer: XmlaAnswer): Record<string, string>[] {
  const fields = rowsetColumns(answer);
  return rootOf(answer)
    .children.filter((c) => c.name === "row")
    .map((r) => {
      const out: Record<string, string> = {};
      for (const [name, field] of fields) {
        const cell = r.children.find((c) => c.name === name);
        if (cell) out[field] = cell.text;
      }
      return out;
    });
}

describe.each(["olap.xmla", "xmla4js"])("the recorded exchanges of %s", (client) => {
  it("answer as recorded, status and body, in order", async () => {
    const all = await replay(client);
    expect(all.length).toBeGreaterThan(20);
    for (const { exchange, answer } of all) {
      const where = `${client} ${exchange.stem}`;
      expect(answer.status, where).toBe(exchange.status);
      expect(answer.headers.get("content-type"), where).toBe(exchange.responseType);
      const recorded = read(client, `${exchange.stem}.response.xml`);
      // QIBATES_RECORD_XMLA=1 writes the endpoint's new answer where it differs (after a deliberate change of
      // the endpoint; the client is then run again unmodified to check that it reads it, see the NOTICE).
      if (process.env.QIBATES_RECORD_XMLA === "1" && normalize(answer.text) !== normalize(recorded)) {
        writeFileSync(new URL(`${exchange.stem}.response.xml`, dir(client)), answer.text);
        continue;
      }
      expect(normalize(answer.text), where).toBe(normalize(recorded));
    }
  });

  it("read a fault from a 2xx answer: the unknown member is named in faultstring and detail/Error", async () => {
    const all = await replay(client);
    const bad = all.find((x) => read(client, `${x.exchange.stem}.request.xml`).includes("NoSuchMember"));
    expect(bad).toBeDefined();
    const answer = (bad as { answer: XmlaAnswer }).answer;
    // xmla4js hands an answer to its SOAP Fault reader only when the status is 2xx.
    expect(answer.status).toBeGreaterThanOrEqual(200);
    expect(answer.status).toBeLessThan(300);
    const fault = child(child(answer.envelope ?? undefined, "Body"), "Fault");
    expect(fault?.ns).toBe(SOAP);
    expect(faultOf(answer)?.faultstring).toMatch(/NoSuchMember/);
    expect(faultOf(answer)?.error.Description).toMatch(/NoSuchMember/);
  });
});

describe("what the clients read from the rowsets added for them", () => {
  it("MDSCHEMA_SETS: a rowset with the SSAS columns and no set (the engine has no named sets)", async () => {
    const all = await replay("xmla4js");
    const sets = byStem(all, "MDSCHEMA_SETS");
    expect(faultOf(sets)).toBeNull();
    expect(fieldRows(sets)).toEqual([]);
    expect(sets.text).toContain('sql:field="SET_NAME"');
  });

  it("MDSCHEMA_PROPERTIES: each level's KEY0, NAME and MEMBER_VALUE; the cell properties on PROPERTY_TYPE 2", async () => {
    const all = await replay("xmla4js");
    const [members, cells] = all
      .filter((x) => x.exchange.stem.endsWith("MDSCHEMA_PROPERTIES"))
      .map((x) => fieldRows(x.answer));
    // xmla4js ran at /aps/XMLA, Essbase's address: levels counted from the leaves, Market's level 1 its regions.
    expect(members?.map((r) => [r.LEVEL_UNIQUE_NAME, r.PROPERTY_NAME, r.PROPERTY_TYPE])).toEqual([
      ["[Market].[Lev1,Market]", "KEY0", "5"],
      ["[Market].[Lev1,Market]", "NAME", "5"],
      ["[Market].[Lev1,Market]", "MEMBER_VALUE", "5"],
    ]);
    expect(cells?.map((r) => [r.PROPERTY_NAME, r.PROPERTY_TYPE, r.DATA_TYPE])).toEqual([
      ["VALUE", "2", "12"],
      ["FORMATTED_VALUE", "2", "130"],
      ["CELL_ORDINAL", "2", "19"],
    ]);
  });

  it("DISCOVER_SCHEMA_ROWSETS lists every rowset served, and each one listed answers without a fault", async () => {
    const all = await replay("olap.xmla");
    const listed = fieldRows(byStem(all, "DISCOVER_SCHEMA_ROWSETS")).map((r) => r.SchemaName as string);
    expect(listed).toEqual(
      expect.arrayContaining([
        "MDSCHEMA_SETS",
        "MDSCHEMA_PROPERTIES",
        "MDSCHEMA_MEMBERS",
        "DISCOVER_LITERALS",
      ]),
    );
    for (const type of listed) {
      const body =
        `<soap:Envelope xmlns:soap="${SOAP}"><soap:Body><Discover xmlns="${XA}"><RequestType>${type}</RequestType>` +
        "<Restrictions/><Properties><PropertyList><Catalog>Sample</Catalog></PropertyList></Properties></Discover>" +
        "</soap:Body></soap:Envelope>";
      const res = await fetch(`${server.origin}/olap/msmdpump.dll`, {
        method: "POST",
        headers: { authorization: DEMO_AUTH, "content-type": "text/xml" },
        body,
      });
      const text = await res.text();
      expect(text, type).not.toContain("Fault>");
      expect(res.status, type).toBe(200);
    }
  });

  it("Execute in the Tabular format: xmla4js's flattened rowset, one row per ROWS tuple", async () => {
    const all = await replay("xmla4js");
    const rows = fieldRows(byStem(all, "Execute-Tabular"));
    expect(rows).toEqual([
      {
        "[Market].[Gen1,Market].[MEMBER_CAPTION]": "Market",
        "[Market].[Region].[MEMBER_CAPTION]": "East",
        "[Measures].[Sales]": "102390",
        "[Measures].[COGS]": "46243",
      },
      {
        "[Market].[Gen1,Market].[MEMBER_CAPTION]": "Market",
        "[Market].[Region].[MEMBER_CAPTION]": "West",
        "[Measures].[Sales]": "113092",
        "[Measures].[COGS]": "48767",
      },
      {
        "[Market].[Gen1,Market].[MEMBER_CAPTION]": "Market",
        "[Market].[Region].[MEMBER_CAPTION]": "South",
        "[Measures].[Sales]": "62552",
        "[Measures].[COGS]": "28777",
      },
      {
        "[Market].[Gen1,Market].[MEMBER_CAPTION]": "Market",
        "[Market].[Region].[MEMBER_CAPTION]": "Central",
        "[Measures].[Sales]": "122821",
        "[Measures].[COGS]": "55549",
      },
    ]);
  });
});
