import { expect } from "vitest";
import { expectError, listeningServer } from "../support/listening.ts";

/**
 * `action/setvariable` with a value of only spaces is refused on `value`, in the caller's language, as an empty
 * value is (Essbase's rule: a value of 1 to 256 characters): on the demo and through every Essbase-family
 * connector. It was set, and `nav/variables` then listed a variable whose value names nothing.
 */

const server = listeningServer({ QIBATES_WIRE_ENDPOINTS: "all" });

server.eachSampleBasic(
  "a substitution variable of only spaces is refused on value, in English and French, and not set",
  async (session, connector) => {
    const set = { ...session, name: "BlankValue", value: "   " };
    const en = await server.post("action/setvariable", set, { connector });
    expectError(en, 400, "QB_ERR_VALIDATION", "value");
    expect(en.json.message).toBe("Invalid value for value: must not be only spaces.");
    const fr = await server.post(
      "action/setvariable",
      { ...set, value: "\t " },
      { connector, language: "fr" },
    );
    expect(fr.json.message).toBe("Valeur invalide pour value : ne doit pas contenir que des espaces.");
    if (connector === "ssas") return; // no substitution variables: nav/variables is unsupported
    const listed = await server.post("nav/variables", session, { connector });
    expect(JSON.stringify(listed.json)).not.toContain("BlankValue");
  },
);
