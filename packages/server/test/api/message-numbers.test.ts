import { formatErrorMessage, formatNumber } from "@qibates/provider";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SAMPLE_BASIC, startTestApi, type TestApi } from "../support/api.ts";

/**
 * Large numbers in the API's messages are written as each language writes them: French groups the thousands of
 * a number of five digits or more with a narrow no-break space (« dépasse 65 536 octets », as the French pages
 * do); English with commas ("exceeds 65,536 bytes", as the English pages do). A number that names a place (a row,
 * a line) is said as it is.
 */
const NNBSP = "\u202F";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => api.close());

const FR = { "accept-language": "fr" };

describe("a limit in a message", () => {
  it("the body too large: 65 536 octets in French, 65,536 bytes in English", async () => {
    const body = { username: "demo", password: "x".repeat(70_000) };
    const fr = await api.post("action/login", body, FR);
    expect(fr.statusCode).toBe(413);
    expect(fr.json().message).toBe(`Le corps de la requête dépasse 65${NNBSP}536 octets.`);
    const en = await api.post("action/login", body);
    expect(en.json().message).toBe("The request body exceeds 65,536 bytes.");
  });

  it("a list over its length in the contract: au plus 10 000 éléments, at most 10,000 items", async () => {
    const body = {
      loginid: "00000000-0000-4000-8000-000000000000",
      ...SAMPLE_BASIC,
      // Large enough for its list of cells to pass the body's limit (32 bytes a cell of the grid).
      grid: Array.from({ length: 100 }, () => Array.from({ length: 80 }, () => "")),
      cells: Array.from({ length: 10_001 }, () => ({ row: 1, column: 0 })),
    };
    const fr = await api.post("action/zoomin", body, FR);
    expect(fr.statusCode, fr.body).toBe(400);
    expect(fr.json()).toMatchObject({
      code: "QB_ERR_VALIDATION",
      field: "cells",
      message: `Valeur invalide pour cells : doit compter au plus 10${NNBSP}000\u00a0éléments.`,
    });
    const en = await api.post("action/zoomin", body);
    expect(en.json().message).toBe("Invalid value for cells: must have at most 10,000 items.");
  });
});

describe("the numbers of a message", () => {
  it("groups counts and limits from five digits in French, four in English", () => {
    expect(formatNumber(1234, "fr")).toBe("1234");
    expect(formatNumber(12_345, "fr")).toBe(`12${NNBSP}345`);
    expect(formatNumber(1_048_576, "fr")).toBe(`1${NNBSP}048${NNBSP}576`);
    expect(formatNumber(2.5, "fr")).toBe("2,5");
    expect(formatNumber(1234, "en")).toBe("1,234");
    expect(formatNumber(999, "en")).toBe("999");
  });

  it("writes the seconds of a 429's retry as the other messages write their numbers (R6: 1691 s, 12 345 s)", () => {
    // Four digits stay whole in French, as in every French message and page (SI: a lone digit is not set apart).
    expect(formatErrorMessage("QB_ERR_RATE_LIMITED", { seconds: 1691 }, "fr")).toBe(
      "Trop de requêtes ; réessayez dans 1691 s. QiBates limite vos requêtes pour le moment.",
    );
    expect(formatErrorMessage("QB_ERR_RATE_LIMITED", { seconds: 12_345 }, "fr")).toBe(
      `Trop de requêtes ; réessayez dans 12${NNBSP}345 s. QiBates limite vos requêtes pour le moment.`,
    );
    expect(formatErrorMessage("QB_ERR_RATE_LIMITED", { seconds: 1691 }, "en")).toBe(
      "Too many requests; retry in 1,691 s. QiBates limits your requests for now.",
    );
  });

  it("says a row or a column as it is: it names a place, it counts nothing", () => {
    expect(formatErrorMessage("QB_ERR_CELL_TOO_LONG", { row: 12_345, column: 2, length: 40_000 }, "fr")).toBe(
      `Le texte de la ligne 12345, colonne 2 du formulaire compte 40${NNBSP}000 caractères ; une cellule texte en contient au plus 255. Raccourcissez-le, ou activez le paramètre « Soumission des cellules longues » pour n'en soumettre que les 255 premiers.`,
    );
  });
});
