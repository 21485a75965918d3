import { describe, expect, it } from "vitest";
import { expectRefusedInBoth, listeningServer } from "../support/listening.ts";

/**
 * `nav/filter` with the UDA filter and no UDA named in `arg1` says that `arg1` is required, in the caller's
 * language. The demo and essbase-stndln answered the engine's English reason inside the French message (« Valeur
 * invalide pour action.arg1 : UDA filter needs arg1. »); essbase (Smart View) sent the server an empty UDA and
 * answered 502 QB_ERR_PROVIDER_ERROR; a UDA of spaces answered no members.
 */

const server = listeningServer({ QIBATES_WIRE_ENDPOINTS: "all" });

// ssas has no UDAs: it refuses the filter itself (QB_ERR_OPERATION_UNSUPPORTED), whatever arg1 says.
const paths = server.essbasePaths.filter((p) => p.connector !== "ssas");

describe("nav/filter UDA without a UDA", () => {
  it.each(paths.map((p) => [p.name, p] as const))("%s: arg1 is said to be required", async (_n, p) => {
    const basic = await server.sampleBasic(p.connector, p.address());
    for (const arg1 of ["", null, "   ", undefined]) {
      const body = { ...basic, dimension: "Market", action: { filter: "UDA", arg1 } };
      await expectRefusedInBoth(server, "nav/filter", body, p.connector, "action.arg1", {
        en: "Invalid value for action.arg1: is required: the UDA filter selects the members tagged with the user-defined attribute (UDA) named in arg1.",
        fr: "Valeur invalide pour action.arg1\u00a0: est obligatoire\u00a0: le filtre UDA sélectionne les membres qui portent l'attribut défini par l'utilisateur (UDA) nommé dans arg1.",
      });
    }
    const major = { ...basic, dimension: "Market", action: { filter: "UDA", arg1: "Major Market" } };
    const found = await server.post("nav/filter", major, { connector: p.connector });
    expect(found.status).toBe(200);
    expect((found.json.members as unknown as { name: string }[]).map((m) => m.name)).toContain("East");
  });
});
