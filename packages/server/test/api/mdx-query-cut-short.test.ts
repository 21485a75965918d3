import { describe, expect, it } from "vitest";
import { expectError, expectRefusedInBoth, listeningServer } from "../support/listening.ts";

/**
 * `action/mdx` with a query cut short (`WHERE (` and nothing after) says that the query ends before it is
 * complete, in the caller's language. It quoted the engine's English "end of query" as if it were a token the
 * caller wrote, in French too (« « end of query » inattendu »).
 */

const server = listeningServer();
const ESSBASE = "https://demo.qibates.local/aps/JAPI";

describe("action/mdx: a query cut short", () => {
  it("says where it ends, in English and in French", async () => {
    const body = {
      ...(await server.sampleBasic("essbase", ESSBASE)),
      query: "SELECT {[Jan]} ON COLUMNS FROM Sample.Basic WHERE (",
    };
    await expectRefusedInBoth(
      server,
      "action/mdx",
      body,
      "essbase",
      "query",
      {
        en: "The MDX query is not valid MDX: it ends before it is complete, at line 1, column 52.",
        fr: "La requête MDX n'est pas du MDX valide : elle s'arrête avant d'être complète, à la ligne 1, colonne 52.",
      },
      { status: 400, code: "QB_ERR_MDX_SYNTAX" },
    );
  });

  it("still quotes an unexpected token", async () => {
    const body = {
      ...(await server.sampleBasic("essbase", ESSBASE)),
      query: "SELECT {[Jan] ON COLUMNS FROM Sample.Basic",
    };
    const fr = await server.post("action/mdx", body, { connector: "essbase", language: "fr" });
    expectError(fr, 400, "QB_ERR_MDX_SYNTAX", "query");
    expect(fr.json.message).toBe(
      "La requête MDX n'est pas du MDX valide : « ON » inattendu à la ligne 1, colonne 15.",
    );
  });
});
