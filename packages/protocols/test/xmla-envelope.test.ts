import { describe, expect, it } from "vitest";
import { parseXml } from "../src/xml/index.ts";
import {
  answerHead,
  answerTail,
  discoverEnvelope,
  EMPTY_RESULT,
  executeEnvelope,
  parseSoap,
  readXmlaRequest,
  rowsetXml,
  rowsOf,
  type SessionHeader,
  XmlaFault,
} from "../src/xmla/index.ts";

/** A request as the endpoint reads it: the endpoints' namespace-aware reader, then the codec. */
const requestOf = (text: string) => readXmlaRequest(parseXml(text));

const headers: SessionHeader[] = [
  { kind: "none" },
  { kind: "begin" },
  { kind: "session", id: "A1B2-<&>\"'" },
  { kind: "end", id: "C3D4" },
];

describe("XMLA request envelopes, written by the connector and read by the endpoint", () => {
  it.each(headers)("Discover with session header %o", (session) => {
    const text = discoverEnvelope(
      "MDSCHEMA_MEMBERS",
      { CATALOG_NAME: "Sample & <Co>", CUBE_NAME: "Basic", TREE_OP: undefined },
      { Catalog: "Sample", Content: "Data" },
      session,
    );
    const request = requestOf(text);
    expect(request).toEqual({
      method: "Discover",
      session,
      requestType: "MDSCHEMA_MEMBERS",
      restrictions: new Map([
        ["CATALOG_NAME", ["Sample & <Co>"]],
        ["CUBE_NAME", ["Basic"]],
      ]),
      properties: new Map([
        ["Catalog", "Sample"],
        ["Content", "Data"],
        ["Format", "Tabular"],
      ]),
      statement: "",
      parameters: new Map(),
    });
  });

  it("Execute keeps its statement as written, and asks for an MDDataSet in TupleFormat", () => {
    const statement = `SELECT {[Measures].[Sales]} ON COLUMNS FROM [Sample].[Basic] WHERE ([Market].[O'Brien & <Sons>])`;
    const request = requestOf(
      executeEnvelope(statement, { Catalog: "Sample" }, { kind: "session", id: "S1" }),
    );
    expect(request.method).toBe("Execute");
    expect(request.statement).toBe(statement);
    expect(request.session).toEqual({ kind: "session", id: "S1" });
    expect(Object.fromEntries(request.properties)).toEqual({
      Catalog: "Sample",
      Format: "Multidimensional",
      AxisFormat: "TupleFormat",
    });
  });

  it("refuses what is not an XMLA request, and a session header without its id", () => {
    const bad = (text: string) => {
      try {
        requestOf(text);
      } catch (e) {
        return e instanceof XmlaFault ? e.kind : "other";
      }
      return "read";
    };
    expect(bad("<Envelope/>")).toBe("bad-request");
    const soap = (header: string, body: string) =>
      `<s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/">${header}<s:Body>${body}</s:Body></s:Envelope>`;
    const discover = '<Discover xmlns="urn:schemas-microsoft-com:xml-analysis"/>';
    expect(bad(soap("", "<Discover/>"))).toBe("bad-request");
    expect(bad(soap("", discover + discover))).toBe("bad-request");
    expect(
      bad(soap('<s:Header><Session xmlns="urn:schemas-microsoft-com:xml-analysis"/></s:Header>', discover)),
    ).toBe("session");
    expect(bad(soap("", discover))).toBe("read");
  });
});

describe("XMLA answers, written by the endpoint and read by the connector", () => {
  it("a rowset in its SOAP frame, with the session it ran in", () => {
    const rows = [
      { CATALOG_NAME: "Sample", CUBE_NAME: "Basic & <More>", IS_WRITE_ENABLED: true, CUBE_SOURCE: 1 },
      { CATALOG_NAME: "Demo", CUBE_NAME: "Basic", IS_WRITE_ENABLED: false, CUBE_SOURCE: 1 },
    ];
    const text =
      answerHead("Discover", "SID-1") +
      rowsetXml("MDSCHEMA_CUBES", rows, { schema: true }) +
      answerTail("Discover");
    const soap = parseSoap(text);
    expect(soap?.fault).toBeNull();
    expect(soap?.sessionId).toBe("SID-1");
    expect(rowsOf(soap?.root ?? {})).toEqual(
      rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, String(v)]))),
    );
  });

  it("an empty result without a session", () => {
    const soap = parseSoap(answerHead("Execute", null) + EMPTY_RESULT + answerTail("Execute"));
    expect(soap).toMatchObject({ sessionId: null, fault: null });
    expect(rowsOf(soap?.root ?? {})).toEqual([]);
  });
});
