import { describe, expect, it } from "vitest";
import { listeningServer } from "../support/listening.ts";
import { failingOnceProxy, UNREACHABLE } from "../support/slow-proxy.ts";

/**
 * A save whose server fails after the cells were written: ssas answered the write-back (UPDATE CUBE) then failed
 * to answer the grid's read-back; planning and pbcs imported the form's cells (`importdataslice`) then failed to
 * answer their read-back (`exportdataslice`) or the launch of the form's rule on save. Before, the caller got
 * "The provider at … cannot be reached: …" and nothing more, as when nothing was written, although a refresh
 * showed every cell written: a user would take the save for lost. The message now says the cells were written,
 * in the caller's language; what it says is checked by reading the cells again.
 */

// Every call of the file, its connectors' to the protocol endpoints too, from one address: past the default 600 a
// minute, logins were refused (429).
const server = listeningServer({ QIBATES_WIRE_ENDPOINTS: "all", RATE_LIMIT_PER_MINUTE: "100000" });
const proxy = failingOnceProxy(() => server.base);

const GRID_WRITTEN = {
  en: "; the cells were written before this failure: refresh the grid to see them.",
  fr: "\u202f; les cellules ont été écrites avant cet échec\u00a0: actualisez la grille pour les voir.",
};
const FORM_SAVED = {
  en: "; the form's cells were saved before this failure: open the form again to see them.",
  fr: "\u202f; les cellules du formulaire ont été enregistrées avant cet échec\u00a0: rouvrez le formulaire pour les voir.",
};

describe("ssas: the grid's read-back fails after the write-back", () => {
  const sheet = [
    ["", "Sales", "Cola", "Actual"],
    ["", "Jan", "Feb", "Mar"],
    ["New York", "1", "2", "3"],
  ];
  for (const [language, value] of [
    ["en", "4101"],
    ["fr", "4102"],
  ] as const) {
    it(`${language}: 502 that says the cells were written, and they were`, async () => {
      const basic = await server.sampleBasic("ssas", `${proxy.base}/aps/JAPI`);
      const grid = sheet.map((r) => [...r]);
      (grid[2] as string[])[1] = value;
      proxy.failNext(/^POST \/olap\/msmdpump\.dll .*<Statement>SELECT /s);
      const saved = await server.post(
        "action/save",
        { ...basic, grid, cells: [{ row: 2, column: 1 }] },
        { connector: "ssas", language },
      );
      expect(proxy.pending, "the read-back was failed").toBe(false);
      expect([saved.status, saved.json.code, saved.json.message]).toEqual([
        502,
        "QB_ERR_PROVIDER_UNREACHABLE",
        `${UNREACHABLE[language](proxy.base)}${GRID_WRITTEN[language]}`,
      ]);
      const read = await server.post("action/refresh", { ...basic, grid: sheet }, { connector: "ssas" });
      expect((read.json.grid as unknown as string[][])[2]?.[1]).toBe(value);
    });
  }
});

describe.each(["planning", "pbcs"])(
  "%s: the server fails after the form's cells were imported",
  (connector) => {
    const POV = { Entity: "410" };
    const steps = [
      ["their read-back (exportdataslice)", /^POST \S*\/exportdataslice /],
      ["the launch of the rule on save", /^POST \S*\/applications\/Vision\/jobs /],
    ] as const;
    for (const [i, [step, request]] of steps.entries()) {
      for (const language of ["en", "fr"] as const) {
        it(`${step}, ${language}: 502 that says the cells were saved, and they were`, async () => {
          const vision = await server.vision(connector, `${proxy.base}/HyperionPlanning/SmartView`);
          const form = { ...vision, folder: "/Forms/Revenue", formName: "Revenue Plan" };
          const open = () => server.post("nav/openform", { ...form, pov: POV }, { connector });
          const opened = await open();
          const grid = (opened.json.grid as unknown as string[][]).map((r) => [...r]);
          const value = String(5000 + 10 * i + (language === "fr" ? 1 : 0));
          (grid[1] as string[])[1] = value;
          proxy.failNext(request);
          const submitted = await server.post(
            "action/submitform",
            { ...form, pov: opened.json.pov, grid, codes: opened.json.codes },
            { connector, language },
          );
          expect(proxy.pending, "the step was failed").toBe(false);
          expect([submitted.status, submitted.json.code, submitted.json.message]).toEqual([
            502,
            "QB_ERR_PROVIDER_UNREACHABLE",
            `${UNREACHABLE[language](proxy.base)}${FORM_SAVED[language]}`,
          ]);
          expect(((await open()).json.grid as unknown as string[][])[1]?.[1]).toBe(value);
        });
      }
    }
  },
);

/**
 * The request that writes the cells itself fails (here an error page; a connection reset after it was sent, or a
 * read timeout, comes after the server may have written): QiBates cannot tell whether they were written, and the
 * message said nothing of them. It now says they may have been, and to read them before saving again.
 */
const GRID_MAYBE = {
  en: "; the cells may have been written: refresh the grid before you save again.",
  fr: "\u202f; les cellules ont pu être écrites\u00a0: actualisez la grille avant de soumettre de nouveau.",
};
const FORM_MAYBE = {
  en: "; the form's cells may have been saved: open the form again before you submit again.",
  fr: "\u202f; les cellules du formulaire ont pu être enregistrées\u00a0: rouvrez le formulaire avant de le soumettre de nouveau.",
};

describe.each([
  ["ssas", "/aps/JAPI", /^POST \/olap\/msmdpump\.dll .*<Statement>UPDATE CUBE /s],
  ["essbase-stndln", "/essbase/japi", /^POST \S*\/grid .*"action":"submit"/s],
] as const)("%s: the write-back itself fails", (connector, path, write) => {
  const sheet = [
    ["", "Sales", "Cola", "Actual"],
    ["", "Jan", "Feb", "Mar"],
    ["New York", "1", "2", "3"],
  ];
  for (const language of ["en", "fr"] as const) {
    it(`${language}: 502 that says the cells may have been written`, async () => {
      const basic = await server.sampleBasic(connector, `${proxy.base}${path}`);
      const before = await server.post("action/refresh", { ...basic, grid: sheet }, { connector });
      const grid = (before.json.grid as unknown as string[][]).map((r) => [...r]);
      (grid[2] as string[])[1] = "6101";
      proxy.failNext(write);
      const saved = await server.post(
        "action/save",
        { ...basic, grid, cells: [{ row: 2, column: 1 }] },
        { connector, language },
      );
      expect(proxy.pending, "the write was failed").toBe(false);
      expect([saved.status, saved.json.code, saved.json.message]).toEqual([
        502,
        "QB_ERR_PROVIDER_UNREACHABLE",
        `${UNREACHABLE[language](proxy.base)}${GRID_MAYBE[language]}`,
      ]);
    });
  }
});

describe.each(["planning", "pbcs"])("%s: the import of the form's cells itself fails", (connector) => {
  for (const language of ["en", "fr"] as const) {
    it(`${language}: 502 that says the cells may have been saved`, async () => {
      const vision = await server.vision(connector, `${proxy.base}/HyperionPlanning/SmartView`);
      const form = { ...vision, folder: "/Forms/Revenue", formName: "Revenue Plan" };
      const opened = await server.post("nav/openform", { ...form, pov: { Entity: "410" } }, { connector });
      const grid = (opened.json.grid as unknown as string[][]).map((r) => [...r]);
      (grid[1] as string[])[1] = "6201";
      proxy.failNext(/^POST \S*\/importdataslice /);
      const submitted = await server.post(
        "action/submitform",
        { ...form, pov: opened.json.pov, grid, codes: opened.json.codes },
        { connector, language },
      );
      expect(proxy.pending, "the import was failed").toBe(false);
      expect([submitted.status, submitted.json.code, submitted.json.message]).toEqual([
        502,
        "QB_ERR_PROVIDER_UNREACHABLE",
        `${UNREACHABLE[language](proxy.base)}${FORM_MAYBE[language]}`,
      ]);
    });
  }
});
