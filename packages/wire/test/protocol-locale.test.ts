import { describe, expect, it } from "vitest";
import { lcidLocale, requestProtocolLocale, xmlaLocale } from "../src/error-answers.ts";

/**
 * The language each wire protocol says its refusals in (the table of the wire endpoints' page): XMLA the
 * request's `LocaleIdentifier` first, then `Accept-Language`; Smart View English whatever is asked; the REST
 * protocols the language `Accept-Language` asks for first.
 */
describe("the language of a wire refusal", () => {
  const xmla = (lcid: string | null, language?: string) => ({
    headers: language === undefined ? {} : { "accept-language": language },
    body:
      lcid === null
        ? "<Envelope><Body><Execute><Properties><PropertyList><Catalog>Sample</Catalog></PropertyList></Properties></Execute></Body></Envelope>"
        : `<soap:Envelope><soap:Body><Execute><Properties><PropertyList><LocaleIdentifier>${lcid}</LocaleIdentifier></PropertyList></Properties></Execute></soap:Body></soap:Envelope>`,
  });

  it("reads a locale identifier's language: every French LCID is French, any other English", () => {
    for (const lcid of ["1036", "3084", "2060", "4108", "5132", "6156", " 1036 "])
      expect(lcidLocale(lcid), lcid).toBe("fr");
    for (const lcid of ["1033", "2057", "1031", "2052"]) expect(lcidLocale(lcid), lcid).toBe("en");
    for (const lcid of [undefined, "", "fr", "-1036", "0", "1036.5", "99999999999"])
      expect(lcidLocale(lcid)).toBeNull();
  });

  it("XMLA: the request's LocaleIdentifier first, then Accept-Language, then English", () => {
    expect(xmlaLocale(xmla("1036", "en-US"))).toBe("fr");
    expect(xmlaLocale(xmla("1033", "fr-FR"))).toBe("en");
    expect(xmlaLocale(xmla(null, "fr-FR"))).toBe("fr");
    expect(xmlaLocale(xmla("not a number", "fr"))).toBe("fr");
    expect(xmlaLocale(xmla(null))).toBe("en");
    expect(xmlaLocale({ headers: { "accept-language": "fr" } })).toBe("fr");
    expect(requestProtocolLocale("xmla", xmla("1036"))).toBe("fr");
  });

  it("the other protocols: Smart View in English whatever is asked, the REST ones as Accept-Language asks", () => {
    const french = xmla("1036", "fr-FR");
    expect(requestProtocolLocale("smartview", french)).toBe("en");
    for (const protocol of ["essbase-rest", "planning-rest", "aif"] as const) {
      expect(requestProtocolLocale(protocol, french), protocol).toBe("fr");
      // A LocaleIdentifier is XMLA's: a REST request's body naming one does not choose its language.
      expect(requestProtocolLocale(protocol, xmla("1036", "en")), protocol).toBe("en");
    }
  });
});
