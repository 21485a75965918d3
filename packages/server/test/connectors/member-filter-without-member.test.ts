import { describe, it } from "vitest";
import { expectRefusedInBoth, listeningServer } from "../support/listening.ts";

/**
 * A member filter that starts from a member (Children, Descendants, …) called without one says that its `arg` is
 * required. It answered an unknown member with an empty name: 'Unknown member "".', in French « Membre inconnu
 * «  ». », quoting nothing.
 */

const server = listeningServer({ QIBATES_WIRE_ENDPOINTS: "all" });

const paths = server.planningPaths;

describe("nav/enummembers with a filter that needs a member and none given", () => {
  it.each(paths.map((p) => [p.name, p] as const))("%s: arg is said to be required", async (_n, p) => {
    const vision = await server.vision(p.connector, p.address());
    for (const arg of ["", null, "  "]) {
      const body = { ...vision, cube: "Plan1", dim: "Entity", filter: "Children Inclusive", arg };
      await expectRefusedInBoth(server, "nav/enummembers", body, p.connector, "arg", {
        en: "Invalid value for arg: is required: the member filter Children Inclusive starts from a member.",
        fr: "Valeur invalide pour arg\u00a0: est obligatoire\u00a0: le filtre de membres Children Inclusive part d'un membre.",
      });
    }
  });
});
