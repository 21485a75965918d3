import { describe, expect, it } from "vitest";
import { listeningServer } from "../support/listening.ts";

/**
 * A refusal under a wire endpoint's prefix is said in its protocol's language (`protocolLocale`, each protocol's
 * NOTES.md): Smart View in English whatever `Accept-Language` asks for, as Provider Services says its own
 * refusals; Essbase REST, Planning REST (and Data Management) and XMLA in the language the request asks for first.
 * The refusal here is an address that is not valid percent-encoding, refused before any route runs.
 */

const server = listeningServer({ QIBATES_WIRE_ENDPOINTS: "all" });

const refused = async (path: string, language: string) => {
  const res = await fetch(`${server.base}${path}`, { headers: { "accept-language": language } });
  return { status: res.status, body: await res.text() };
};

const PROTOCOLS = [
  { name: "Smart View", path: "/aps/SmartView/%zz", french: false },
  { name: "XMLA", path: "/olap/msmdpump.dll/%zz", french: true },
  { name: "Essbase REST", path: "/essbase/rest/v1/%zz", french: true },
  { name: "Planning REST", path: "/HyperionPlanning/rest/%zz", french: true },
  { name: "Data Management", path: "/aif/rest/V1/%zz", french: true },
];

describe("a wire endpoint's refusal to a request asking for French", () => {
  for (const { name, path, french } of PROTOCOLS) {
    it(`is in ${french ? "French" : "English"} on ${name}`, async () => {
      const en = await refused(path, "en");
      const fr = await refused(path, "fr-FR,fr;q=0.9");
      expect(en.status).toBe(400);
      expect(fr.status).toBe(400);
      expect(en.body).toMatch(/request/i);
      if (french) {
        expect(fr.body).not.toBe(en.body);
        expect(fr.body).toMatch(/requête/);
      } else expect(fr.body).toBe(en.body);
    });
  }
});
