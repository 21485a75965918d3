import { describe, expect, it } from "vitest";
import { MAX_JSON_DEPTH } from "../src/body-limits.ts";
import { loadContract } from "../src/contract-operations.ts";
import {
  type GridLimits,
  gridLimitsOf,
  jsonDepthExceeds,
  SCAN_STEP_CHARS,
  scanJsonBody,
  scanJsonBodySteps,
} from "../src/json-scan.ts";
import { Rng } from "./fuzz/fuzzer.ts";

const limits = gridLimitsOf(loadContract().document);

/** A seeded sequence (the fuzzer's), so that a failure is replayed by its seed. */
function random(seed: number): () => number {
  const rng = new Rng(seed);
  return () => rng.next();
}

const CELL_TEXTS = [
  "",
  "Sales",
  "100-10",
  "New York",
  "#Missing",
  "1234.5",
  "é東😀",
  'a"b',
  "back\\slash",
  "tab\there",
  "line\nbreak",
  "[{]}",
  "grid",
  "\u0001",
  "\ud800",
];
const SPACES = ["", " ", "\n", "\r\n  ", "\t"];

/** A body with a grid among other fields, written with random spacing (and sometimes escapes written out). */
function body(next: () => number): string {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)] as T;
  const sp = () => pick(SPACES);
  const rows = Math.floor(next() * 40);
  const grid = Array.from({ length: rows }, () =>
    Array.from({ length: Math.floor(next() * 12) }, () => pick(CELL_TEXTS)),
  );
  const cell = (t: string) => {
    const json = JSON.stringify(t);
    // Some cells with every character written as \u escapes, which JSON allows anywhere in a string.
    return next() < 0.1
      ? `"${[...t].map((ch) => [...ch].map((u) => `\\u${u.charCodeAt(0).toString(16).padStart(4, "0")}`).join("")).join("")}"`
      : json;
  };
  const gridText = `[${sp()}${grid.map((r) => `[${sp()}${r.map((c) => `${cell(c)}${sp()}`).join(`,${sp()}`)}]`).join(`,${sp()}`)}${sp()}]`;
  const before = [
    `"loginid":${sp()}"x"`,
    `"nested":{"grid":[1,2,{"grid":null}]}`,
    `"text":"\\"grid\\": [1]"`,
    // Strings the scan jumps through to their closing quote: brackets, escapes at either end, none at all.
    `"note":"${"[{ ".repeat(Math.floor(next() * 50))}\\\\ \\" ]}\\u0022"`,
    `"pad":"${"x".repeat(Math.floor(next() * 5000))}"`,
  ].filter(() => next() < 0.6);
  const after = [`"cells":[{"row":1,"column":2}]`, `"settings":{"indent":"none"}`].filter(() => next() < 0.6);
  return `${sp()}{${sp()}${[...before, `"grid"${sp()}:${sp()}${gridText}`, ...after].join(`,${sp()}`)}${sp()}}${sp()}`;
}

/** What the contract accepts as a grid (`GridInput`), strings only (what the scan vouches for). */
function gridWithin(grid: unknown, l: GridLimits): boolean {
  return (
    Array.isArray(grid) &&
    grid.length <= l.rows &&
    grid.every(
      (r) =>
        Array.isArray(r) &&
        r.length <= l.rowCells &&
        r.every((c) => typeof c === "string" && [...c].length <= l.cellChars),
    )
  );
}

function checkVouched(text: string, l: GridLimits = limits): boolean {
  const scan = scanJsonBody(text, MAX_JSON_DEPTH, l);
  expect(scan.tooDeep).toBe(jsonDepthExceeds(text, MAX_JSON_DEPTH));
  if (!scan.grid) return false;
  // Vouched for: the rest of the body is parsed by the server's parser, which refuses it (and then parses the
  // whole text, for its error) or accepts it; accepted, the whole text is JSON, its grid the span, counted right
  // and within the contract.
  const restText = `${text.slice(0, scan.grid.start)}[]${text.slice(scan.grid.end)}`;
  try {
    JSON.parse(restText);
  } catch {
    expect(() => JSON.parse(text)).toThrow(SyntaxError);
    return false;
  }
  const whole = JSON.parse(text) as { grid: unknown[][] };
  const span = JSON.parse(text.slice(scan.grid.start, scan.grid.end)) as unknown[][];
  expect(span).toEqual(whole.grid);
  expect(scan.grid.cells).toBe(whole.grid.reduce((n, r) => n + r.length, 0));
  expect(scan.grid.rows).toBe(whole.grid.length);
  expect(scan.grid.columns).toBe(whole.grid.reduce((w, r) => Math.max(w, r.length), 0));
  expect(gridWithin(whole.grid, l)).toBe(true);
  // The rest of the body, with an empty grid in its place, parses to the same fields.
  const rest = JSON.parse(restText) as Record<string, unknown>;
  expect({ ...rest, grid: whole.grid }).toEqual(whole);
  return true;
}

describe("a large body's grid found and checked without building it", () => {
  it("finds every well-formed grid, whatever the spacing, escapes and other fields", () => {
    const next = random(18);
    for (let n = 0; n < 600; n++) expect(checkVouched(body(next))).toBe(true);
  });

  it("never vouches for a text that is not JSON or a grid beyond the contract, after any one-character change", () => {
    const next = random(19);
    const CHARS = ['"', "\\", "[", "]", "{", "}", ",", ":", " ", "1", "n", "u", "\u0001", "x"];
    let vouched = 0;
    let refused = 0;
    for (let n = 0; n < 4000; n++) {
      const text = body(next);
      const at = Math.floor(next() * text.length);
      const ch = CHARS[Math.floor(next() * CHARS.length)] as string;
      const kind = Math.floor(next() * 3);
      const changed =
        kind === 0
          ? text.slice(0, at) + ch + text.slice(at)
          : kind === 1
            ? text.slice(0, at) + text.slice(at + 1)
            : text.slice(0, at) + ch + text.slice(at + 1);
      let parses = true;
      try {
        JSON.parse(changed);
      } catch {
        parses = false;
      }
      if (checkVouched(changed)) vouched++;
      else if (!parses) refused++;
    }
    // Both sides were exercised.
    expect(vouched).toBeGreaterThan(500);
    expect(refused).toBeGreaterThan(500);
  });

  it("leaves to the whole parse whatever it cannot vouch for", () => {
    const none = (text: string, l: GridLimits = limits) => scanJsonBody(text, MAX_JSON_DEPTH, l).grid;
    expect(none('{"grid":[["a"]],"grid":[["b"]]}')).toBeNull();
    expect(none('{"gr\\u0069d":[["a"]]}')).toBeNull();
    expect(none('{"grid":[["a",1]]}')).toBeNull();
    expect(none('{"grid":[["a",null]]}')).toBeNull();
    expect(none('{"grid":[["a"],"b"]}')).toBeNull();
    expect(none('{"grid":"[]"}')).toBeNull();
    expect(none('{"grid":null}')).toBeNull();
    expect(none('[{"grid":[["a"]]}]')).toBeNull();
    expect(none('{"grid":[["a\\x"]]}')).toBeNull();
    expect(none('{"grid":[["a\\u12G4"]]}')).toBeNull();
    expect(none('{"loginid":"x"}')).toBeNull();
    // The contract's limits: rows, cells in a row, characters in a cell (as written, escapes counted).
    const small = { rows: 2, rowCells: 2, cellChars: 3 };
    expect(none('{"grid":[["a"],["b"],["c"]]}', small)).toBeNull();
    expect(none('{"grid":[["a","b","c"]]}', small)).toBeNull();
    expect(none('{"grid":[["abcd"]]}', small)).toBeNull();
    expect(none('{"grid":[["\\u0061"]]}', small)).toBeNull();
    expect(scanJsonBody('{"grid":[["abc","d"],[]]}', MAX_JSON_DEPTH, small).grid).toEqual({
      start: 8,
      end: 24,
      cells: 2,
      rows: 2,
      columns: 2,
    });
  });

  it("still refuses a body nested too deep, before or after a doubtful grid", () => {
    const deep = `${"[".repeat(MAX_JSON_DEPTH + 1)}${"]".repeat(MAX_JSON_DEPTH + 1)}`;
    for (const text of [
      `{"a":${deep},"grid":[["x"]]}`,
      `{"grid":[["x"]],"a":${deep}}`,
      `{"grid":[["x",1]],"a":${deep}}`,
      `{"grid":[["\\q"]],"a":${deep}}`,
    ])
      expect(scanJsonBody(text, MAX_JSON_DEPTH, limits)).toEqual({ tooDeep: true, grid: null });
  });

  it("pauses while it reads a large body, and finds the same as when it reads it at once", () => {
    const grid = Array.from({ length: 10_000 }, (_, r) => Array.from({ length: 20 }, (_, c) => `r${r}c${c}`));
    // A body, and the pauses its scan makes at least.
    const bodies: [string, number][] = [
      [JSON.stringify({ loginid: "x", grid, note: "y".repeat(1_000_000) }), 7],
      // A long string is jumped through to its closing quote in one step.
      [JSON.stringify({ pad: "x".repeat(3 * SCAN_STEP_CHARS), grid: [["a"]] }), 0],
      // Doubt in the grid: the depth pass that follows pauses too.
      [`${JSON.stringify({ grid: [[1]], pad: "[".repeat(10) })}${" ".repeat(3 * SCAN_STEP_CHARS)}`, 2],
    ];
    for (const [text, least] of bodies) {
      const steps = scanJsonBodySteps(text, MAX_JSON_DEPTH, limits);
      let pauses = 0;
      let step = steps.next();
      for (; !step.done; step = steps.next()) pauses++;
      expect(pauses).toBeGreaterThanOrEqual(least);
      expect(step.value).toEqual(scanJsonBody(text, MAX_JSON_DEPTH, limits));
    }
    expect(scanJsonBody(bodies[0]?.[0] as string, MAX_JSON_DEPTH, limits).grid?.cells).toBe(200_000);
  });

  it("reads a string of escapes outside the grid in one pass (a 6 MB grid of \\u0000 held the server before)", () => {
    const text = `{"grid":"${"\\u0000".repeat(500_000)}","cells":[{"row":1,"column":1}]}`;
    // Quadratic reading (each escape searching to the end of the string) would take hours here, past the test's
    // own time limit; one pass takes milliseconds.
    expect(scanJsonBody(text, MAX_JSON_DEPTH, limits)).toEqual({ tooDeep: false, grid: null });
    const body = `{"note":"${"\\u0000".repeat(500_000)}","grid":[["a"]]}`;
    expect(scanJsonBody(body, MAX_JSON_DEPTH, limits).grid?.cells).toBe(1);
  });
});
