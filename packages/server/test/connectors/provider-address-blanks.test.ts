import { describe, expect, it } from "vitest";
import { expectError, listeningServer } from "../support/listening.ts";

/**
 * A provider address pasted with a space, a tab or a line break around it (or inside it) is refused on
 * providerAddress, saying so, in the caller's language, through every connector and both login calls. It was
 * trimmed without a word (and a tab inside dropped) by the URL reader, where every other name of the API is
 * taken as sent (" Sample " is an unknown application).
 */

const server = listeningServer({ QIBATES_WIRE_ENDPOINTS: "all" });

/** Every path's login, then pbcs's loginpbcs to this server's Planning endpoints and to the demo address. */
const PATHS = [
  ...[...server.essbasePaths, ...server.planningPaths].map((p) => ({ ...p, call: "action/login" })),
  ...server.planningPaths
    .filter((p) => p.name !== "planning over the wire")
    .reverse()
    .map((p) => ({ ...p, connector: "pbcs", call: "action/loginpbcs" })),
];

const EN =
  "Invalid value for providerAddress: must not hold spaces, tabs or line breaks (check the start and the end of what was pasted).";
const FR =
  "Valeur invalide pour providerAddress : ne doit contenir ni espace, ni tabulation, ni saut de ligne (vérifiez le début et la fin du texte collé).";

describe.each(PATHS)("a provider address with blanks ($connector, $call)", ({ connector, call, address }) => {
  it("is refused on providerAddress, in English and French; the address itself logs in", async () => {
    const login = (providerAddress: string, language = "en") =>
      server.post(call, { username: "demo", password: "demo", providerAddress }, { connector, language });
    for (const blank of [
      `  ${address()}  `,
      ` ${address()}`,
      `${address()}\n`,
      address().replace("//", "//\t"),
    ]) {
      const en = await login(blank);
      expectError(en, 400, "QB_ERR_VALIDATION", "providerAddress");
      expect(en.json.message).toBe(EN);
      expect((await login(blank, "fr")).json.message).toBe(FR);
    }
    const ok = await login(address());
    expect([ok.status, ok.json.providerAddress]).toEqual([200, address()]);
  });
});
