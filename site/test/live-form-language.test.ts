import { describe, expect, it } from "vitest";
import { LiveError, type Options } from "../src/components/LiveGrid/backend";
import { PRESETS } from "../src/components/LiveGrid/presets";
import { visionBackend } from "../src/components/LiveGrid/vision";

/**
 * The live Vision form (Submit page) runs the engine in the browser: on a French page, what its rules on save say
 * and why the engine refuses a submit are in French, as the API says them to a French caller. They were in English
 * ("SeedForecast: Seeded the FY15 forecast…", the engine's own refusal).
 */
const options: Options = {
  zoomMode: "NEXT_LEVEL",
  includeSelection: true,
  missingLabel: "#Missing",
  missingSuppression: false,
  withoutIndentation: false,
  memberDisplay: "name",
  navigateWithoutData: false,
};

function submit(locale: "en" | "fr", edit: (grid: string[][]) => string[][]) {
  const backend = visionBackend(locale);
  const preset = PRESETS.openForm;
  const sheet = backend.start(preset, options);
  return backend.run(preset, { action: "submit", grid: edit(sheet.grid), cells: [], dirty: [], options });
}

function refusal(locale: "en" | "fr"): string {
  try {
    // A value typed right of the form's last column: a header cell that names no Period member.
    submit(locale, (grid) => grid.map((row) => [...row, "1"]));
  } catch (e) {
    if (e instanceof LiveError) return e.message;
    throw e;
  }
  throw new Error("the submit was not refused");
}

describe("the live Vision form", () => {
  it("says its rules on save's messages in the page's language", () => {
    expect(submit("en", (g) => g).notes).toEqual([
      expect.stringMatching(/^SeedForecast: Seeded the FY15 forecast of entity 410: [\d,]+ cells\.$/),
    ]);
    expect(submit("fr", (g) => g).notes).toEqual([
      expect.stringMatching(
        /^SeedForecast\u00a0: Prévision FY15 de l'entité 410 initialisée \(cellules\u00a0: \d+\)\.$/,
      ),
    ]);
  });

  it("says a refused submit as the API does, in the page's language", () => {
    expect(refusal("en")).toBe(
      'The grid cannot be read: the cell at row 0, column 8 ("1") is not a member of Period.',
    );
    expect(refusal("fr")).toBe(
      "La grille ne peut pas être lue : la cellule de la ligne 0, colonne 8 («\u00a01\u00a0») n'est pas un membre de Period.",
    );
  });
});
