import { formatErrorMessage } from "@qibates/provider";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SAMPLE_BASIC, startTestApi, type TestApi } from "../support/api.ts";

/**
 * A reason QiBates words in each language follows the colon of its message in lower case in English, as it does
 * in French (« La grille ne peut pas être lue : la dimension Market… »): the English said "The grid cannot be
 * read: Dimension Market is used…". A reason that starts with a name keeps it as it is.
 */
let api: TestApi;
let loginid: string;
beforeAll(async () => {
  api = await startTestApi();
  loginid = await api.login();
});
afterAll(async () => api.close());

const FR = { "accept-language": "fr" };

describe("a reason after a colon", () => {
  it("a grid with a dimension in the rows and the POV: lower case in English, as in French", async () => {
    const body = {
      loginid,
      ...SAMPLE_BASIC,
      grid: [
        ["", "Cola", "Sales", "East"],
        ["", "Jan"],
        ["New York", ""],
      ],
    };
    const en = await api.post("action/refresh", body);
    expect(en.statusCode, en.body).toBe(422);
    expect(en.json().message).toBe(
      "The grid cannot be read: dimension Market is used both in the rows and the POV.",
    );
    const fr = await api.post("action/refresh", body, FR);
    expect(fr.json().message).toBe(
      "La grille ne peut pas être lue : la dimension Market figure à la fois dans les lignes et dans le PDV.",
    );
  });

  it("an MDX query that cannot run", async () => {
    const en = await api.post("action/mdx", {
      loginid,
      ...SAMPLE_BASIC,
      query: "SELECT {[Year].[Jan]} ON COLUMNS, {[Year].[Feb]} ON ROWS FROM [Sample].[Basic]",
    });
    expect(en.statusCode, en.body).toBe(422);
    expect(en.json().message).toMatch(
      /^The MDX query cannot run: the dimension Year is on axis 1 and on axis 0 \(/,
    );
  });

  it("keeps a name that starts the reason, and a reason that starts with a capital in French too", () => {
    const reason = (en: string, fr: string) =>
      formatErrorMessage("QB_ERR_GRID_INVALID", { reason: { en, fr } });
    expect(reason("Filter is not supported", "la fonction Filter n'est pas prise en charge")).toBe(
      "The grid cannot be read: Filter is not supported.",
    );
    expect(reason("Budget 2026: input closed", "Budget 2026 : saisie close")).toBe(
      "The grid cannot be read: Budget 2026: input closed.",
    );
    expect(
      reason("A grid needs at least two dimensions", "une grille demande au moins deux dimensions"),
    ).toBe("The grid cannot be read: a grid needs at least two dimensions.");
    // A reason given in one language only (a server's own words) is quoted as it is.
    expect(formatErrorMessage("QB_ERR_GRID_INVALID", { reason: "Dimension Year is unknown" })).toBe(
      "The grid cannot be read: Dimension Year is unknown.",
    );
    // A reason that ends its own sentence is not given a second period.
    expect(formatErrorMessage("QB_ERR_GRID_INVALID", { reason: "Dimension Year is unknown." })).toBe(
      "The grid cannot be read: Dimension Year is unknown.",
    );
  });
});
