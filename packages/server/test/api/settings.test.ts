import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type JsonObject, loadContract } from "../../src/contract-operations.ts";
import { MARKET_GRID, SAMPLE_BASIC, startTestApi, type TestApi } from "../support/api.ts";

/**
 * `settings` takes only the names the contract lists: a misspelt setting is refused rather than ignored (a zoom
 * answered with the default mode looks right and is not), while every listed setting is still accepted.
 */

const cube = SAMPLE_BASIC;
// Zoom in on Market: its children (NEXT_LEVEL), or every market down to the states (ALL_LEVELS).
const zoomOnMarket = { ...cube, grid: MARKET_GRID, cells: [{ row: 2, column: 0 }] };

const document = loadContract().document;
const schemas = (document.components as JsonObject).schemas as JsonObject;
const resolve = (s: JsonObject): JsonObject =>
  typeof s.$ref === "string" ? (schemas[s.$ref.replace("#/components/schemas/", "")] as JsonObject) : s;
const settingsProperties = (schemas.Settings as JsonObject).properties as JsonObject;
/** The settings the contract lists, in its order. */
const SETTING_NAMES = Object.keys(settingsProperties);

/** Settings without a default in the contract, and a value that answers as a call without them. */
const NEUTRAL: Record<string, unknown> = { locale: "en_US" };

/** A value the contract accepts for a setting: its default (the call then answers as without it). */
function defaultOf(name: string): unknown {
  const own = settingsProperties[name] as JsonObject;
  const value = name in NEUTRAL ? NEUTRAL[name] : "default" in own ? own.default : resolve(own).default;
  if (value === undefined) throw new Error(`settings.${name} has no default: give this test a value for it`);
  return value;
}

const listedEn = SETTING_NAMES.join(", ");
const refusalEn = (name: string) =>
  `Invalid value for settings: unknown setting "${name}"; the settings are ${listedEn}.`;
const refusalFr = (name: string) =>
  `Valeur invalide pour settings\u00a0: option inconnue «\u00a0${name}\u00a0»\u202f; les options sont ${listedEn}.`;

let api: TestApi;
let loginid: string;
let plainZoom: string[][];
beforeAll(async () => {
  api = await startTestApi();
  loginid = await api.login();
  const res = await api.post("action/zoomin", { loginid, ...zoomOnMarket });
  expect(res.statusCode, res.body).toBe(200);
  plainZoom = res.json().grid;
});
afterAll(async () => api.close());

const zoom = (body: object) => api.post("action/zoomin", { loginid, ...zoomOnMarket, ...body });

describe("settings", () => {
  it("lists the settings a developer misspells (the test's own premise)", () => {
    expect(SETTING_NAMES).toEqual(expect.arrayContaining(["zoomInMode", "removeUnselectedGroups", "locale"]));
  });

  it("refuses an unknown setting: 400 QB_ERR_VALIDATION, field settings.<name>, the known names listed", async () => {
    for (const [name, value] of [
      ["zoomMode", "ALL_LEVELS"],
      ["removeUnselectedGroup", true],
      ["zoom.mode", "ALL_LEVELS"],
    ] as const) {
      const res = await zoom({ settings: { [name]: value } });
      expect(res.statusCode, name).toBe(400);
      expect(res.json()).toMatchObject({
        code: "QB_ERR_VALIDATION",
        field: `settings.${name}`,
        message: refusalEn(name),
      });
    }
  });

  it("says it in French with settings.locale fr_FR", async () => {
    const res = await zoom({ settings: { zoomMode: "ALL_LEVELS", locale: "fr_FR" } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: "QB_ERR_VALIDATION",
      field: "settings.zoomMode",
      message: refusalFr("zoomMode"),
    });
  });

  it("says it in French when Accept-Language asks for French and settings has no locale", async () => {
    // The contract gives settings.locale no default: a default filled in by the validator would speak for the
    // caller, and every call with settings would be answered in English.
    const res = await api.post(
      "action/zoomin",
      { loginid, ...zoomOnMarket, settings: { zoomMode: "ALL_LEVELS" } },
      { "accept-language": "fr-FR" },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: "settings.zoomMode", message: refusalFr("zoomMode") });
    const pivot = await api.post(
      "action/pivot",
      {
        loginid,
        ...cube,
        grid: [
          ["", "Sales"],
          ["East", "1"],
        ],
        row: 1,
        column: 1,
        settings: { zoomInMode: "NEXT_LEVEL" },
      },
      { "accept-language": "fr" },
    );
    expect(pivot.statusCode).toBe(422);
    expect(pivot.json().message).toMatch(/^Sélection invalide/);
  });

  it("refuses it on every kind of call that takes settings: refresh, MDX", async () => {
    const refresh = await api.post("action/refresh", {
      loginid,
      ...cube,
      grid: zoomOnMarket.grid,
      settings: { suppressMissing: true },
    });
    expect(refresh.statusCode).toBe(400);
    expect(refresh.json()).toMatchObject({
      field: "settings.suppressMissing",
      message: refusalEn("suppressMissing"),
    });
    const mdx = await api.post("action/mdx", {
      loginid,
      ...cube,
      query: "SELECT {[Jan]} ON COLUMNS, {[Market]} ON ROWS FROM [Sample].[Basic]",
      settings: { missingText: "n/a" },
    });
    expect(mdx.statusCode).toBe(400);
    expect(mdx.json()).toMatchObject({ field: "settings.missingText", message: refusalEn("missingText") });
  });

  it.each(SETTING_NAMES)(
    "accepts %s at its default (the grid of a call without it), and refuses the name one letter short",
    async (name) => {
      const value = defaultOf(name);
      const accepted = await zoom({ settings: { [name]: value } });
      expect(accepted.statusCode, accepted.body).toBe(200);
      expect(accepted.json().grid).toEqual(plainZoom);
      const typo = name.slice(0, -1);
      const refused = await zoom({ settings: { [typo]: value } });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ code: "QB_ERR_VALIDATION", field: `settings.${typo}` });
    },
  );

  it("applies a correctly spelt setting: zoomInMode ALL_LEVELS goes down to the states", async () => {
    const res = await zoom({ settings: { zoomInMode: "ALL_LEVELS" } });
    expect(res.statusCode).toBe(200);
    const grid = res.json().grid as string[][];
    expect(grid.length).toBeGreaterThan(plainZoom.length);
    expect(grid.map((r) => r[0]?.trim())).toContain("New York");
  });

  it("leaves a call without settings as it was: 200, Market's children", async () => {
    const res = await zoom({});
    expect(res.statusCode).toBe(200);
    expect(plainZoom.map((r) => r[0]?.trim()).slice(2)).toEqual([
      "East",
      "West",
      "South",
      "Central",
      "Market",
    ]);
  });

  it("refuses unknown names in settings only: an unknown key beside settings is still accepted", async () => {
    const res = await zoom({ comment: "ignored", settings: { zoomInMode: "NEXT_LEVEL" } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().grid).toEqual(plainZoom);
  });
});
