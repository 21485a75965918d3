import { createSampleBasicCube } from "@qibates/engine/demo/sample-basic";
import { executeMdx, MDX_TEXTS, MdxError, type MdxMessageId, mdxText } from "@qibates/engine/mdx";
import { afterColon, afterColonFrench } from "@qibates/provider/error-codes";
import { describe, expect, it } from "vitest";
import { thrown } from "../../engine/test/support/thrown.ts";
import { MDX_TEXTS_FR, mdxReason } from "../src/mdx-errors.ts";
import { apiMessage } from "./api-message.ts";
import { ENGLISH, MDX_SAMPLES, type MdxSample, sampleError } from "./mdx-samples.ts";

const cube = createSampleBasicCube();

describe("every engine MDX reason has its French, and its English is as it was", () => {
  const ids = Object.keys(MDX_TEXTS) as MdxMessageId[];

  it("the samples cover every kind of reason", () => {
    expect(Object.keys(MDX_SAMPLES).sort()).toEqual([...ids].sort());
    expect(Object.keys(MDX_TEXTS_FR).sort()).toEqual([...ids].sort());
  });

  it.each(ids)("%s", (id) => {
    const sample: MdxSample = MDX_SAMPLES[id];
    const e = sampleError(sample);
    expect([e.code, e.reason.id]).toEqual([sample.code, id]);
    // The English is the engine's, byte for byte what it said before reasons were typed.
    expect(e.detail).toBe(sample.english);
    expect(mdxText(MDX_TEXTS, e.reason)).toBe(sample.english);
    const fr = mdxText(MDX_TEXTS_FR, e.reason);
    expect(fr).not.toBe(sample.english);
    expect(fr).not.toMatch(ENGLISH);
    expect(mdxReason(e)).toEqual({ en: sample.english, fr });
    // Through the API's path: the French answer holds no English words, whatever registry message it uses.
    expect(apiMessage(e, "fr")).not.toMatch(ENGLISH);
    if (e.code !== "MDX_SYNTAX" && e.code !== "MDX_UNKNOWN_MEMBER" && e.code !== "MDX_TOO_LARGE") {
      // After the colon, in lower case as in French, unless it starts with a name.
      expect(apiMessage(e, "en")).toContain(`: ${afterColon({ en: sample.english, fr })} (at "`);
      expect(apiMessage(e, "fr")).toContain(
        `\u00a0: ${afterColonFrench({ en: sample.english, fr })} (sur «\u00a0`,
      );
    }
  });
});

describe("an MDX refusal on Sample.Basic, in French", () => {
  const refusal = (query: string): MdxError => thrown(MdxError, () => executeMdx(cube, query));

  it("a dimension on two axes", () => {
    const e = refusal("SELECT {[Jan]} ON COLUMNS, {[Feb]} ON ROWS FROM Sample.Basic");
    expect(apiMessage(e, "en")).toBe(
      'The MDX query cannot run: the dimension Year is on axis 1 and on axis 0 (at "{", line 1, column 28).',
    );
    expect(apiMessage(e, "fr")).toBe(
      "La requête MDX ne peut pas s'exécuter : la dimension Year est sur l'axe 1 et sur l'axe 0 (sur « { », ligne 1, colonne 28).",
    );
  });

  it("a wrong number of arguments, and a member where a set is needed", () => {
    expect(mdxReason(refusal("SELECT Head() ON COLUMNS FROM Sample.Basic")).fr).toBe(
      "Head prend de 1 à 2\u00a0arguments, pas 0",
    );
    expect(mdxReason(refusal("SELECT {[Jan]} ON COLUMNS FROM Sample.Basic WHERE 1")).fr).toBe(
      "il faut un ensemble ici, pas un nombre",
    );
  });

  it("a string where a number is needed names both (it said « a value, found a value »)", () => {
    const e = refusal('SELECT Filter({[Jan]}, Abs("abc") > 1) ON COLUMNS FROM Sample.Basic');
    expect(mdxReason(e)).toEqual({
      en: "Expected a number, found a string",
      fr: "il faut un nombre ici, pas une chaîne",
    });
    // An arithmetic operator is not a comparison: the reason does not say « compares ».
    expect(mdxReason(refusal('SELECT Filter({[Jan]}, "abc" * 2 > 1) ON COLUMNS FROM Sample.Basic'))).toEqual({
      en: "* cannot combine a string with a number",
      fr: "* ne peut pas combiner une chaîne et un nombre",
    });
  });

  it("a calculated member's string read where a number is needed: « là où un nombre est attendu »", () => {
    const e = refusal(
      "WITH MEMBER [Measures].[ParameterCaption] AS [Market].CurrentMember.MEMBER_CAPTION " +
        "MEMBER [Measures].[Twice] AS [Measures].[ParameterCaption] * 2 " +
        "SELECT {[Measures].[Twice]} ON COLUMNS FROM Sample.Basic",
    );
    expect(mdxReason(e)).toEqual({
      en: "The calculated member ParameterCaption gives a string where a number is needed",
      fr: "le membre calculé ParameterCaption donne une chaîne là où un nombre est attendu",
    });
  });

  it("a syntax error says what was expected", () => {
    const e = refusal("SELECT {[Jan]} COLUMNS FROM Sample.Basic");
    expect(mdxReason(e)).toEqual({
      en: "Syntax error: expected ON, found COLUMNS",
      fr: "erreur de syntaxe\u00a0: il faut «\u00a0ON\u00a0» ici, pas «\u00a0COLUMNS\u00a0»",
    });
  });
});
