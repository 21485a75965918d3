import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { ZOOM_MODES } from "../src/index.ts";

/**
 * Each rule of a grid has one home, which every other side calls: a copy written again elsewhere fails here. The
 * run-time sources of every package, the site's and its tools' are read as text; each check also reads a planted
 * copy, so that a check that finds nothing fails.
 */

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "../../..");

/** Run-time sources: `packages/*\/src`, `packages/*\/bin`, the site's `src/` and `tools/`. */
function sources(): { path: string; text: string }[] {
  const roots = [
    ...readdirSync(join(ROOT, "packages")).flatMap((p) => [
      join(ROOT, "packages", p, "src"),
      join(ROOT, "packages", p, "bin"),
    ]),
    join(ROOT, "site/src"),
    join(ROOT, "site/tools"),
  ];
  const out: { path: string; text: string }[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      if (name === "node_modules") continue;
      const full = join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (/\.(ts|tsx|mts|mjs|js)$/.test(name))
        out.push({ path: relative(ROOT, full).split(sep).join("/"), text: readFileSync(full, "utf8") });
    }
  };
  for (const r of roots) if (existsSync(r)) walk(r);
  return out;
}

/** The contract's types, generated from `openapi/qibates.yaml`: they name its enums, written once there. */
const GENERATED = new Set(["packages/client/src/schema.ts"]);

const ACTION =
  /^\s*"(refresh|zoomin|zoomout|keeponly|removeonly|pivot|pivottopov|pivotToPOV|initgrid|submit)",?\s*$/;

interface Rule {
  /** What is written once. */
  rule: string;
  /** Its home, and the files that may name it for a reason of their own (each said in {@link ALSO}). */
  home: string;
  /** Whether a file's text holds a copy. */
  copy: (text: string) => boolean;
  /** A copy the check must find. */
  planted: string;
}

const RULES: Rule[] = [
  {
    rule: "the Dynamic Time Series label (`Q-T-D(Feb)`)",
    home: "packages/engine/src/time-series-label.ts",
    copy: (t) => /-t-d[^\n]{0,12}\\\(/i.test(t),
    planted: "const DTS = /^([A-Z]-T-D)\\((.+)\\)$/;",
  },
  {
    rule: "the list of zoom-in modes",
    home: "packages/grid-rules/src/zoom-modes.ts",
    copy: (t) => ZOOM_MODES.filter((m) => t.includes(`"${m}"`)).length >= 3,
    planted: 'const REST = new Set(["NEXT_LEVEL", "ALL_LEVELS", "BOTTOM_LEVEL"]);',
  },
  {
    rule: "the reading of a zoom-in mode as a client writes it",
    home: "packages/grid-rules/src/zoom-modes.ts",
    copy: (t) => /["'`](nextlevel|alllevels)["'`]|\bdescend[ae]nts["']?\s*:\s*["']ALL_LEVELS["']/i.test(t),
    planted: 'const next = mode.replace(/[_\\s-]/g, "").toLowerCase() === "nextlevel";',
  },
  {
    rule: "the list of grid actions",
    home: "packages/grid-rules/src/grid-actions.ts",
    copy: (t) => t.split("\n").filter((l) => ACTION.test(l)).length >= 4,
    planted: 'const GRID_CALLS = [\n  "refresh",\n  "zoomin",\n  "zoomout",\n  "keeponly",\n];',
  },
  {
    rule: "a cell's position (`CellPosition`)",
    home: "packages/grid-rules/src/cell-position.ts",
    copy: (t) => /interface\s+CellPosition\b|type\s+CellPosition\s*=/.test(t),
    planted: "export interface CellPosition {\n  row: number;\n  column: number;\n}",
  },
  {
    rule: "which labels name no member (empty, missing, no access)",
    home: "packages/engine/src/grid/parse.ts",
    copy: (t) => /===\s*"noAccess"/.test(t),
    planted: 'return kind === "empty" || kind === "missing" || kind === "noAccess";',
  },
  {
    rule: "the texts that stand for no value or no access (`#Missing`, `#NoData`, `#No Access`…)",
    home: "packages/engine/src/grid/parse.ts",
    // A comparison with one of the labels, or a list of them; `"#missing"` in lower case is Planning REST's own
    // word for a cell cleared (the protocol's), and is left aside.
    copy: (t) =>
      /(===|!==)\s*["'](#Missing|#MI|#NoData|#No ?Access|#Invalid)["']/i.test(
        t.replace(/["']#missing["']/g, ""),
      ) || /["']#mi["'][^\n]*["']#nodata["']/i.test(t),
    planted: 'if (v === "" || v === missingLabel || v === "#Missing") kind = "missing";',
  },
  {
    rule: "Planning's words for a form or slice past its threshold",
    home: "packages/protocols/src/planning-rest/errors.ts",
    copy: (t) => t.includes("number of data entry cells exceeded the threshold"),
    planted:
      'const TOO_LARGE = "Unable to load the data entry form as the number of data entry cells exceeded the threshold.";',
  },
  {
    rule: "Planning's words for a member the application lacks",
    home: "packages/protocols/src/planning-rest/members.ts",
    copy: (t) => t.includes("does not exist for the specified cube"),
    planted:
      "return `The member ' + name + ' does not exist for the specified cube or you do not have access to it.`;",
  },
];

/** Files that name a rule for a reason of their own, not as a copy of it. */
const ALSO: Readonly<Record<string, readonly string[]>> = {
  // The zoom itself: one branch a mode, each doing what its mode does.
  "the list of zoom-in modes": [
    "packages/engine/src/grid/zoom.ts",
    // Essbase REST's own words for three of the modes (`zoomIn.mode`), both ways: the protocol's vocabulary.
    "packages/protocols/src/essbase-rest/preferences.ts",
  ],
  "the reading of a zoom-in mode as a client writes it": [
    "packages/protocols/src/essbase-rest/preferences.ts",
  ],
  // Essbase REST's `POST …/grid` actions, spelled as that server's case-sensitive enum: the protocol's vocabulary.
  "the list of grid actions": ["packages/protocols/src/essbase-rest/grid.ts"],
};

describe("each grid rule is written once", () => {
  const files = sources().filter((f) => !GENERATED.has(f.path));

  it("reads the packages' sources", () => {
    expect(files.length).toBeGreaterThan(100);
    for (const r of RULES) expect(files.map((f) => f.path)).toContain(r.home);
  });

  for (const r of RULES) {
    it(`${r.rule}: in ${r.home} alone`, () => {
      const allowed = new Set([r.home, ...(ALSO[r.rule] ?? [])]);
      const copies = files.filter((f) => !allowed.has(f.path) && r.copy(f.text)).map((f) => f.path);
      expect(copies).toEqual([]);
      // The check finds a copy planted in another file, and its home holds the rule.
      expect(r.copy(r.planted)).toBe(true);
      expect(r.copy(files.find((f) => f.path === r.home)?.text ?? "")).toBe(true);
    });
  }
});
