import { describe, expect, it } from "vitest";
import { CAPABILITIES, CONNECTORS, readerReason } from "../src/index.ts";

/**
 * A capability's reason in the add-in user's words is read in a page's server table and in the message of a
 * refused call. Where QiBates, or the interface it reaches the server by, lacks the call, QiBates is the subject
 * ("QiBates cannot read task lists from Planning or EPM Cloud"): the reason never puts it on "this server", which
 * the user reads as their company's server refusing.
 */
const BLAMES_THE_SERVER = {
  en: /\bthis server\b|\bthe server does not\b/i,
  fr: /\bce serveur\b|\ble serveur ne\b/i,
} as const;

describe("a capability's reason in the user's words", () => {
  it("does not blame the user's server for what QiBates cannot do there", () => {
    const blamed: string[] = [];
    for (const connector of CONNECTORS) {
      for (const { id } of CAPABILITIES) {
        const reason = readerReason(connector, id);
        if (reason === undefined) continue;
        for (const locale of ["en", "fr"] as const) {
          if (BLAMES_THE_SERVER[locale].test(reason[locale]))
            blamed.push(`${connector} ${id}: ${reason[locale]}`);
        }
      }
    }
    expect(blamed).toEqual([]);
  });

  it("names QiBates as the one that cannot read task lists and composite forms from Planning or EPM Cloud", () => {
    for (const connector of ["planning", "pbcs"] as const) {
      expect(readerReason(connector, "taskLists")?.en).toBe(
        "QiBates cannot read task lists from Planning or EPM Cloud.",
      );
      expect(readerReason(connector, "compositeForms")?.en).toMatch(/^QiBates cannot open a composite form/);
    }
  });
});
