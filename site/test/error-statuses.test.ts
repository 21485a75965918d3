import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ERROR_CODES } from "@qibates/provider";
import { describe, expect, it } from "vitest";
import { statusMentions, wrongStatuses } from "./error-statuses.ts";
import { FR_DOCS, listFiles, ROOT, SITE } from "./site-files.ts";

/** The registry: each code's HTTP status, as the server answers it. */
const REGISTRY: Record<string, number> = Object.fromEntries(
  Object.entries(ERROR_CODES).map(([code, def]) => [code, def.status]),
);

/** Every page of the site in both languages (docs, versioned docs, changelog) and the API reference's sources. */
const SOURCES: string[] = [
  ...[
    join(SITE, "docs"),
    join(SITE, "versioned_docs"),
    FR_DOCS,
    join(SITE, "changelog"),
    join(SITE, "i18n", "fr", "docusaurus-plugin-content-blog"),
  ].flatMap((dir) => listFiles(dir, /\.mdx?$/).map((p) => join(dir, p))),
  join(ROOT, "openapi", "qibates.yaml"),
  join(ROOT, "openapi", "qibates.fr.yaml"),
];

describe("statusMentions / wrongStatuses", () => {
  it("finds a code with its status however the page ties them", () => {
    const page = [
      "For example `QB_ERR_LOGIN_FAILED` (401), `QB_ERR_SESSION_UNKNOWN` (401, session expired).",
      "The API answers `422` with `QB_ERR_PIVOT_LAST_DIMENSION`; refused with `502 QB_ERR_PROVIDER_ERROR`.",
      "L'appel répond en `422` avec le code `QB_ERR_CELL_TOO_LONG`, ou `404` et `QB_ERR_RULE_UNKNOWN`.",
      "| request body | 10 MiB | `413`, `QB_ERR_BODY_TOO_LARGE` |",
      'if (response.status !== 401 || error?.code !== "QB_ERR_SESSION_UNKNOWN") {',
      "",
      "| code | status | when |",
      "|---|---|---|",
      "| `QB_ERR_VALIDATION` | 400 | A parameter does not match |",
      "",
      "Grids hold at most 500 000 cells (`QB_ERR_GRID_TOO_LARGE`); texts at most 255 characters (`QB_ERR_CELL_TOO_LONG`).",
    ].join("\n");
    expect(statusMentions(page).map((m) => `${m.line} ${m.code} ${m.status}`)).toEqual([
      "1 QB_ERR_LOGIN_FAILED 401",
      "1 QB_ERR_SESSION_UNKNOWN 401",
      "2 QB_ERR_PIVOT_LAST_DIMENSION 422",
      "2 QB_ERR_PROVIDER_ERROR 502",
      "3 QB_ERR_CELL_TOO_LONG 422",
      "3 QB_ERR_RULE_UNKNOWN 404",
      "4 QB_ERR_BODY_TOO_LARGE 413",
      "5 QB_ERR_SESSION_UNKNOWN 401",
      "9 QB_ERR_VALIDATION 400",
    ]);
    expect(wrongStatuses(page, REGISTRY)).toEqual([]);
  });

  it("reports a status that differs from the registry, and a code the registry does not have", () => {
    const bad = [
      "Messages: `QB_ERR_MEMBER_UNKNOWN` (422), `QB_ERR_PIVOT_LAST_DIMENSION` (400).",
      "The call answers `500` with `QB_ERR_CELL_TOO_LONG`.",
      "| code | statut HTTP | quand |",
      "|---|---|---|",
      "| `QB_ERR_RATE_LIMITED` | 503 | Trop de requêtes |",
      "Refused with `502 QB_ERR_NO_SUCH_CODE`.",
    ].join("\n");
    expect(
      wrongStatuses(bad, REGISTRY).map(({ line, code, status, expected }) => ({
        line,
        code,
        status,
        expected,
      })),
    ).toEqual([
      { line: 1, code: "QB_ERR_PIVOT_LAST_DIMENSION", status: 400, expected: 422 },
      { line: 2, code: "QB_ERR_CELL_TOO_LONG", status: 500, expected: 422 },
      { line: 5, code: "QB_ERR_RATE_LIMITED", status: 503, expected: 429 },
      { line: 6, code: "QB_ERR_NO_SUCH_CODE", status: 502, expected: undefined },
    ]);
  });
});

describe("every page names each error code with the registry's status", () => {
  it("scans the pages of both languages and the API reference", () => {
    expect(SOURCES.length).toBeGreaterThan(100);
    // The error catalogue (Errors by code, generated from the registry) alone ties every code to a status.
    const guide = readFileSync(join(SITE, "docs", "develop", "errors-and-limits.md"), "utf8");
    expect(statusMentions(guide).length).toBeGreaterThanOrEqual(Object.keys(REGISTRY).length);
  });

  it.each(SOURCES.map((path) => [path.slice(ROOT.length + 1), path]))("%s", (_name, path) => {
    const wrong = wrongStatuses(readFileSync(path, "utf8"), REGISTRY).map(
      (m) =>
        `line ${m.line}: ${m.code} with ${m.status}, registry: ${m.expected ?? "no such code"} («${m.text}»)`,
    );
    expect(wrong).toEqual([]);
  });
});
