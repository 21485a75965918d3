import { XML_REFUSED } from "@qibates/protocols/xml";
import { formatErrorMessage } from "@qibates/provider";
import { describe, expect, it } from "vitest";
import { UNREADABLE } from "../src/net/unreadable.ts";

/**
 * The English reason of QB_ERR_PROVIDER_MALFORMED names the request whose answer could not be read with the
 * article it is said with: an SSAS grid over the XML cap said "… cannot read: a Execute answer refused unread: the
 * document has more than 1,000,000 elements."
 */
describe("an unreadable answer's English reason", () => {
  it("says an Execute answer, an ExecuteQuery answer, an EnumDims answer, but a Discover answer", () => {
    const refused = UNREADABLE.xmlRefused("Execute", XML_REFUSED.elements(1_000_000));
    expect(refused.en).toBe(
      "an Execute answer refused unread: the document has more than 1,000,000 elements",
    );
    expect(
      formatErrorMessage("QB_ERR_PROVIDER_MALFORMED", {
        address: "https://olap.example.com",
        reason: refused.en,
      }),
    ).toBe(
      "The provider at https://olap.example.com returned something QiBates cannot read: an Execute answer refused unread: the document has more than 1,000,000 elements.",
    );
    expect(UNREADABLE.notXml("ExecuteQuery").en).toBe("an ExecuteQuery answer that is not XML");
    expect(UNREADABLE.notSmartView("EnumDims", "html").en).toBe(
      "an EnumDims answer that is not Smart View's (<html>)",
    );
    expect(UNREADABLE.notSoap("Discover").en).toBe("a Discover answer that is not a SOAP envelope");
    expect(UNREADABLE.notSoap("Execute").en).toBe("an Execute answer that is not a SOAP envelope");
  });
});
