import { type MdxMessageId, mdxText } from "@qibates/engine/mdx";
import { afterColon, afterColonFrench } from "@qibates/provider";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MDX_TEXTS_FR } from "../../../grid-bridge/src/mdx-errors.ts";
import { ENGLISH, MDX_SAMPLES, type MdxSample, sampleError } from "../../../grid-bridge/test/mdx-samples.ts";
import { startTestApi, type TestApi } from "../support/api.ts";

/**
 * `action/mdx` on the demo's Sample.Basic, one refused query of each kind of reason the engine gives: the English
 * message is as it was, the French one (Accept-Language: fr) is French from start to end, the engine's reason
 * included (it was English inside the French frame).
 */
let api: TestApi;
let loginid: string;
const cube = { server: "EssbaseCluster-1", application: "Sample", cube: "Basic" };

beforeAll(async () => {
  api = await startTestApi();
  loginid = await api.login("essbase");
});
afterAll(async () => api.close());

const mdx = async (query: string, locale: "en" | "fr") => {
  const res = await api.post(
    "action/mdx",
    { loginid, ...cube, query },
    { connector: "essbase", "accept-language": locale },
  );
  return { status: res.statusCode, body: res.json() as { code: string; message: string } };
};

const REGISTRY: Partial<Record<MdxSample["code"], string>> = {
  MDX_SYNTAX: "QB_ERR_MDX_SYNTAX",
  MDX_UNKNOWN_MEMBER: "QB_ERR_MEMBER_UNKNOWN",
};

const literal = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

const reached = (Object.keys(MDX_SAMPLES) as MdxMessageId[]).filter((id) => {
  const s: MdxSample = MDX_SAMPLES[id];
  return "query" in s && s.api === undefined;
});

describe("an MDX query the engine refuses, through the API in English and in French", () => {
  it.each(reached)("%s", async (id) => {
    const sample: MdxSample = MDX_SAMPLES[id];
    if (!("query" in sample)) throw new Error(`${id} has no query`);
    const e = sampleError(sample);
    const fr = mdxText(MDX_TEXTS_FR, e.reason);
    const en = await mdx(sample.query, "en");
    const french = await mdx(sample.query, "fr");
    expect(en.body.code).toBe(REGISTRY[sample.code] ?? "QB_ERR_MDX_INVALID");
    expect(french.body.code).toBe(en.body.code);
    expect(french.body.message, french.body.message).not.toMatch(ENGLISH);
    if (en.body.code === "QB_ERR_MDX_INVALID") {
      expect(en.body.message).toMatch(
        new RegExp(
          `^The MDX query cannot run: ${literal(afterColon({ en: sample.english, fr }))} \\(at ".*", line \\d+, column \\d+\\)\\.$`,
          "s",
        ),
      );
      expect(french.body.message).toMatch(
        new RegExp(
          `^La requête MDX ne peut pas s'exécuter\u00a0: ${literal(afterColonFrench({ en: sample.english, fr }))} \\(sur «\u00a0.*\u00a0», ligne \\d+, colonne \\d+\\)\\.$`,
          "s",
        ),
      );
    }
  });

  it("a dimension on two axes, word for word", async () => {
    const query = "SELECT {[Jan]} ON COLUMNS, {[Feb]} ON ROWS FROM Sample.Basic";
    expect((await mdx(query, "en")).body.message).toBe(
      'The MDX query cannot run: the dimension Year is on axis 1 and on axis 0 (at "{", line 1, column 28).',
    );
    expect((await mdx(query, "fr")).body.message).toBe(
      "La requête MDX ne peut pas s'exécuter : la dimension Year est sur l'axe 1 et sur l'axe 0 (sur « { », ligne 1, colonne 28).",
    );
  });

  it("an unknown function and a wrong number of arguments, word for word", async () => {
    expect((await mdx("SELECT Foo([Jan]) ON COLUMNS FROM Sample.Basic", "fr")).body.message).toBe(
      "La requête MDX ne peut pas s'exécuter : fonction inconnue Foo (sur « Foo », ligne 1, colonne 8).",
    );
    expect((await mdx("SELECT Head() ON COLUMNS FROM Sample.Basic", "fr")).body.message).toBe(
      "La requête MDX ne peut pas s'exécuter : Head prend de 1 à 2\u00a0arguments, pas 0 (sur « Head », ligne 1, colonne 8).",
    );
  });
});
