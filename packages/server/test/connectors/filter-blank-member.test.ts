import { describe, expect } from "vitest";
import { expectRefusedInBoth, listeningServer } from "../support/listening.ts";

/**
 * `nav/filter` with an `action.member` of only spaces says that it names no member, in the caller's language. It
 * answered 422 QB_ERR_MEMBER_UNKNOWN quoting a blank name: 'Unknown member "   ".', « Membre inconnu «     ». ».
 */

const server = listeningServer({ QIBATES_WIRE_ENDPOINTS: "all" });

describe("nav/filter with a blank member", () => {
  server.eachSampleBasic("action.member is refused", async (basic, connector) => {
    for (const [filter, member] of [
      ["CHILDREN", "   "],
      ["DESCENDANT", "\t"],
    ]) {
      const body = { ...basic, dimension: "Market", action: { filter, member } };
      await expectRefusedInBoth(server, "nav/filter", body, connector, "action.member", {
        en: "Invalid value for action.member: names no member, only spaces: leave it out, or send null, to start from the dimension.",
        fr: "Valeur invalide pour action.member\u00a0: ne nomme aucun membre, seulement des espaces\u00a0: omettez-le, ou envoyez null, pour partir de la dimension.",
      });
    }
    // Empty or null still starts from the dimension: its children are the four regions.
    for (const member of ["", null]) {
      const body = { ...basic, dimension: "Market", action: { filter: "CHILDREN", member } };
      const root = await server.post("nav/filter", body, { connector });
      expect(root.status).toBe(200);
      expect((root.json.members as unknown as { name: string }[]).map((m) => m.name)).toEqual([
        "East",
        "West",
        "South",
        "Central",
      ]);
    }
  });
});
