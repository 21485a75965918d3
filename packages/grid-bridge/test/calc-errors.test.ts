import {
  CALC_SYNTAX_TEXTS,
  CALC_TEXTS,
  CalcError,
  type CalcMessageId,
  CalcSyntaxError,
  type CalcSyntaxMessageId,
  Cube,
  calcSyntaxText,
  calcText,
  Outline,
  runCalcScript,
} from "@qibates/engine";
import { visionPlan1Outline } from "@qibates/engine/demo/planning";
import { createSampleBasicCube } from "@qibates/engine/demo/sample-basic";
import { PlanningApplication, PlanningError } from "@qibates/engine/planning";
import { ProviderError, providerErrorMessage } from "@qibates/provider";
import { afterColon } from "@qibates/provider/error-codes";
import { describe, expect, it } from "vitest";
import { thrown } from "../../engine/test/support/thrown.ts";
import { CALC_SYNTAX_TEXTS_FR, CALC_TEXTS_FR, calcReason } from "../src/calc-errors.ts";
import { engineError } from "../src/engine-errors.ts";
import { planningErrorMessage } from "../src/planning-errors.ts";
import {
  CALC_SAMPLES,
  CALC_SYNTAX_SAMPLES,
  type CalcSample,
  EXPECTED_SAMPLES,
  runSample,
  type SampleEngine,
} from "./calc-samples.ts";

/**
 * Every reason the engine stops a calc script for, said by the API in French. The API answered them with the
 * engine's English inside the French message (« Le script de calcul « Forecast » a échoué : Unknown member … »).
 */

/** Words only an English sentence has (no sample names a member, a dimension or a function spelled with them). */
const ENGLISH =
  /\b(the|is|are|must|and|of|not|found|expected|expects|needs|cannot|Cannot|allowed|Unknown|Unsupported|Expected|Syntax|Formula|unterminated|unexpected|given|has|no|only|works|copies|within|matching|lists|target|stored|cross|current|cell|member|members|formula|level|generation|line|column|end|outside|inside|block|attribute|location|assignment|assign|calculation|Dynamic|Calc|label|too|deep|circular|function|error|use|it|or|in|at|name|value|statement|after|before)\b/;

const engine: SampleEngine = { Cube, Outline, createSampleBasicCube, runCalcScript };

/** The engine's refusal for a sample: what its script throws, or an error made from its reason. */
function sampleError(s: CalcSample): CalcError {
  if ("reason" in s) return new CalcError(s.reason);
  const e = runSample(engine, s);
  if (e instanceof CalcError) return e;
  throw new Error(`expected a CalcError, got ${e instanceof Error ? e.message : String(e)}`);
}

/** The message `action/calculate` answers for a failure of the script Forecast, in `locale`. */
function calculateMessage(e: Error, locale: "en" | "fr"): string {
  try {
    engineError(e, { script: "Forecast" });
  } catch (p) {
    if (p instanceof ProviderError) return providerErrorMessage(p, locale);
    throw p;
  }
  throw new Error("engineError returned");
}

describe("every reason a calc script stops for has its French, and its English is as it was", () => {
  const ids = Object.keys(CALC_TEXTS) as CalcMessageId[];

  it("the samples cover every kind of reason", () => {
    expect(Object.keys(CALC_SAMPLES).sort()).toEqual([...ids].sort());
    expect(Object.keys(CALC_TEXTS_FR).sort()).toEqual([...ids].sort());
  });

  it.each(ids)("%s", (id) => {
    const sample = CALC_SAMPLES[id];
    const e = sampleError(sample);
    expect([e.code, e.reason.id]).toEqual(["CALC_FAILED", id]);
    // The English is the engine's, byte for byte what it said before reasons were typed.
    expect(e.message).toBe(sample.english);
    expect(e.message.startsWith(calcText(CALC_TEXTS, e.reason))).toBe(true);
    const { fr } = calcReason(e);
    expect(calcReason(e).en).toBe(sample.english);
    // After the colon, in lower case as in French, unless it starts with a name.
    expect(calculateMessage(e, "en")).toBe(
      `The calculation script "Forecast" failed: ${afterColon({ en: sample.english, fr })}`,
    );
    expect(calculateMessage(e, "fr")).toBe(`Le script de calcul « Forecast » a échoué : ${fr}`);
    if (id === "returned") {
      // The rule author's words stay as written; only the place is said in French.
      expect(fr).toBe("Budget 2026 : saisie close (ligne 1, colonne 8)");
      return;
    }
    if (id === "internal") {
      // The engine's fault says what failed: the French says it too (it said only "erreur interne du moteur de
      // calcul"), quoted as the engine wrote it.
      expect(fr).toBe(
        "erreur interne du moteur de calcul\u00a0: «\u00a0An aggregation worker failed: the calculation's values are not reliable\u00a0»",
      );
      return;
    }
    expect(fr).not.toBe(sample.english);
    expect(fr).not.toMatch(ENGLISH);
    expect(calculateMessage(e, "fr")).not.toMatch(ENGLISH);
  });
});

describe("every reason a calc script does not parse for has its French, and its English is as it was", () => {
  const ids = Object.keys(CALC_SYNTAX_TEXTS) as CalcSyntaxMessageId[];
  const syntaxError = (script: string): CalcSyntaxError =>
    thrown(CalcSyntaxError, () => runCalcScript(createSampleBasicCube(), script));

  it("the samples cover every kind of reason", () => {
    expect(Object.keys(CALC_SYNTAX_SAMPLES).sort()).toEqual([...ids].sort());
    expect(Object.keys(CALC_SYNTAX_TEXTS_FR).sort()).toEqual([...ids].sort());
  });

  const cases = [
    ...ids.map((id) => ({ id, ...CALC_SYNTAX_SAMPLES[id] })),
    ...EXPECTED_SAMPLES.map((s) => ({ id: "expected" as const, ...s })),
  ];
  it.each(cases)("$id: $script", ({ id, script, english }) => {
    const e = syntaxError(script);
    expect([e.code, e.reason.id]).toEqual(["CALC_SYNTAX", id]);
    expect(e.message).toBe(english);
    expect(e.detail).toBe(calcSyntaxText(CALC_SYNTAX_TEXTS, e.reason));
    const { fr } = calcReason(e);
    expect(fr).toMatch(/^erreur de syntaxe à la ligne \d+, colonne \d+\u00a0: /);
    expect(fr).not.toMatch(ENGLISH);
    expect(calculateMessage(e, "en")).toBe(
      `The calculation script "Forecast" failed: ${afterColon({ en: english, fr })}`,
    );
    expect(calculateMessage(e, "fr")).toBe(`Le script de calcul « Forecast » a échoué : ${fr}`);
  });

  it("says what was expected and what was found, in French", () => {
    expect(calcReason(syntaxError("FIX (Actual\n  CALC ALL;\nENDFIX")).fr).toBe(
      "erreur de syntaxe à la ligne 2, colonne 3\u00a0: il faut «\u00a0)\u00a0» ici, pas «\u00a0CALC\u00a0»",
    );
    expect(calcReason(syntaxError("FIX (Actual)\n  CALC ALL;")).fr).toBe(
      "erreur de syntaxe à la ligne 2, colonne 12\u00a0: il faut ENDFIX ici, pas la fin du script",
    );
  });
});

describe("a calculation's failure on Sample.Basic, as action/calculate says it", () => {
  const failure = (script: string): CalcError =>
    thrown(CalcError, () => runCalcScript(createSampleBasicCube(), script));

  it("an unknown member", () => {
    const e = failure("Sales = Sales * Growth;");
    expect(calculateMessage(e, "en")).toBe(
      'The calculation script "Forecast" failed: unknown member "Growth" (line 1, column 17)',
    );
    expect(calculateMessage(e, "fr")).toBe(
      "Le script de calcul « Forecast » a échoué : membre inconnu «\u00a0Growth\u00a0» (ligne 1, colonne 17)",
    );
  });

  it("a Dynamic Calc member assigned", () => {
    expect(calcReason(failure("Profit = Sales - COGS;")).fr).toBe(
      "impossible d'affecter une valeur à «\u00a0Profit\u00a0»\u00a0: il est en calcul dynamique (ligne 1, colonne 1)",
    );
  });

  it("a member not stored, written by @XWRITE, and a member set across dimensions: in plain French", () => {
    // It said « son stockage est calcul dynamique » and « ne peut pas croiser plusieurs dimensions ».
    expect(calcReason(sampleError(CALC_SAMPLES.notWritable)).fr).toMatch(
      /^«\u00a0[^»]+\u00a0» ne peut pas être écrit\u00a0: il est en (calcul dynamique|libellé uniquement)\b/,
    );
    expect(calcReason(sampleError(CALC_SAMPLES.setCrossesDimensions)).fr).toMatch(
      /^un ensemble de membres ne peut pas s'étendre sur plusieurs dimensions\b/,
    );
  });
});

describe("a business rule whose calc script stops, as action/launchrule says it", () => {
  const app = (script: string): PlanningApplication =>
    new PlanningApplication({
      name: "Vision",
      planTypes: [{ name: "Plan1", data: new Cube(visionPlan1Outline()) }],
      forms: [],
      rules: [
        {
          name: "Broken",
          cube: "Plan1",
          ruleType: "script",
          description: "",
          prompts: [],
          script,
          message: "",
        },
      ],
      taskLists: [],
    });
  const launch = (script: string): PlanningError =>
    thrown(PlanningError, () => app(script).launchRule({ cube: "Plan1", ruleName: "Broken" }));

  it.each([
    {
      what: "an unknown member: the engine's reason in French, the English as it was",
      script: 'FIX ("Working")\n  "Nope" = 1;\nENDFIX',
      en: 'The business rule "Broken" failed: its calc script stopped: unknown member "Nope" (line 2, column 3). No data was changed.',
      fr: "La règle métier « Broken » a échoué : son script de calcul s'est arrêté : membre inconnu «\u00a0Nope\u00a0» (ligne 2, colonne 3). Aucune donnée n'a été modifiée.",
    },
    {
      what: "a script that does not parse",
      script: 'FIX ("Working"\n  CALC ALL;\nENDFIX',
      en: "The business rule \"Broken\" failed: syntax error at line 2, column 3: expected ')', found 'CALC'. No data was changed.",
      fr: "La règle métier « Broken » a échoué : erreur de syntaxe à la ligne 2, colonne 3\u00a0: il faut «\u00a0)\u00a0» ici, pas «\u00a0CALC\u00a0». Aucune donnée n'a été modifiée.",
    },
  ])("$what", ({ script, en, fr }) => {
    const e = launch(script);
    expect(planningErrorMessage(e, "en")).toBe(en);
    expect(planningErrorMessage(e, "fr")).toBe(fr);
    expect(fr).not.toMatch(ENGLISH);
  });
});
