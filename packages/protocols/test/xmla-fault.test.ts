import { describe, expect, it } from "vitest";
import { faultEnvelope, parseSoap, XMLA_ERROR_HRESULT, XmlaFault } from "../src/xmla/index.ts";

describe("XMLA faults, written by the endpoint and read by the connector", () => {
  it.each([
    ["syntax", "Syntax error at line 1, column 8: expected <axis> & 'ON'."],
    ["unknown-cube", 'The cube "Basic" does not exist.'],
  ] as const)("a %s fault keeps its code and its message", (kind, message) => {
    const soap = parseSoap(faultEnvelope(new XmlaFault(kind, message), "QiBates XMLA"));
    expect(soap?.root).toBeNull();
    expect(soap?.fault).toEqual({
      code: `XMLAnalysisError.0x${XMLA_ERROR_HRESULT.toString(16).toUpperCase()}`,
      message,
    });
  });
});
