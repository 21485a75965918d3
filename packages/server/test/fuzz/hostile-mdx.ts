/**
 * Hostile MDX: the inputs that held the event loop, ran out of memory or overflowed the stack before
 * the MDX work budget. `bench/hostile-mdx.ts` sends each one alone; the API fuzzer (`fuzzer.ts`, mutation
 * `mdx`) sends variations of them through `action/mdx`'s `query`.
 */
import type { Rng } from "./fuzzer.ts";

const CUBE = "[Sample].[Basic]";

/** A chain of calculated members, each the sum of the one before with itself: `[x_n] = 2^n [Sales]`. */
export function memberChain(n: number): string {
  const defs = Array.from({ length: n }, (_, i) => {
    const prev = i === 0 ? "[Measures].[Sales]" : `[Measures].[x${i}]`;
    return `MEMBER [Measures].[x${i + 1}] AS '${prev} + ${prev}'`;
  });
  return `WITH ${defs.join(" ")} SELECT {[Measures].[x${n}]} ON COLUMNS FROM ${CUBE}`;
}

/** Every dimension of Sample.Basic (the five standard ones first, then the attribute dimensions). */
const DIMENSIONS = [
  "Year",
  "Measures",
  "Product",
  "Market",
  "Scenario",
  "Caffeinated",
  "Ounces",
  "Pkg Type",
  "Population",
  "Intro Date",
];

/** `CrossJoin` of the first `n` dimensions' `.Members`, flat (one call) or nested two by two. */
export function crossJoin(n: number, nested = false): string {
  const sets = DIMENSIONS.slice(0, n).map((d) => `[${d}].Members`);
  const set = nested
    ? sets.slice(1).reduce((acc, s) => `CrossJoin(${acc}, ${s})`, sets[0] as string)
    : `CrossJoin(${sets.join(", ")})`;
  return `SELECT ${set} ON COLUMNS FROM ${CUBE}`;
}

/** Named sets each twice the one before, `n` times. */
export function doublingSets(n: number): string {
  const sets = Array.from({ length: n }, (_, i) => `SET [s${i + 1}] AS '{[s${i}], [s${i}]}'`).join(" ");
  return `WITH SET [s0] AS '{[Sales]}' ${sets} SELECT Head([s${n}], 2) ON COLUMNS FROM ${CUBE}`;
}

export const nestedParentheses = (n: number) =>
  `SELECT {${"(".repeat(n)}[Sales]${")".repeat(n)}} ON COLUMNS FROM ${CUBE}`;
export const nestedAbs = (n: number) =>
  `WITH MEMBER [Measures].[a] AS '${"Abs(".repeat(n)}1${")".repeat(n)}' SELECT {[Measures].[a]} ON COLUMNS FROM ${CUBE}`;
export const additions = (n: number) =>
  `WITH MEMBER [Measures].[a] AS '${Array(n).fill("1").join("+")}' SELECT {[Measures].[a]} ON COLUMNS FROM ${CUBE}`;
export const SELF_SET = `WITH SET [s] AS '[s]' SELECT [s] ON COLUMNS FROM ${CUBE}`;
export const MUTUAL_SETS = `WITH SET [a] AS '[b]' SET [b] AS '{[a], [Sales]}' SELECT [a] ON COLUMNS FROM ${CUBE}`;
export const SELF_MEMBER = `WITH MEMBER [Measures].[m] AS '[Measures].[m] + 1' SELECT {[Measures].[m]} ON COLUMNS FROM ${CUBE}`;
export const WIDE_SUM =
  "WITH MEMBER [Measures].[S] AS 'Sum(CrossJoin(CrossJoin([Product].Members, [Market].Members), [Year].Members), [Measures].[Sales])' " +
  `SELECT {[Measures].[S]} ON COLUMNS, CrossJoin([Scenario].Members, [Year].Members) ON ROWS FROM ${CUBE}`;

/** The inputs, each with what was observed before the hardening pass. */
export const HOSTILE_MDX: { name: string; before: string; query: string }[] = [
  { name: "calculated-member chain, 18 deep", before: "loop held 0.7 s", query: memberChain(18) },
  { name: "calculated-member chain, 22 deep", before: "loop held 14 s", query: memberChain(22) },
  { name: "calculated-member chain, 60 deep", before: "(never ends)", query: memberChain(60) },
  {
    name: "CrossJoin of every dimension",
    before: "62 s, then out of memory: process gone",
    query: crossJoin(DIMENSIONS.length),
  },
  {
    name: "CrossJoin of 5 dimensions (nested)",
    before: "413 after the loop was held 0.5 s, 264 MB",
    query: crossJoin(5, true),
  },
  { name: "one cell summing 9,350 tuples, 85 cells", before: "(2.5 s of work)", query: WIDE_SUM },
  { name: "named sets doubling 40 times", before: "(stack overflow)", query: doublingSets(40) },
  { name: "5,000 nested parentheses", before: "500 QB_ERR_INTERNAL (stack)", query: nestedParentheses(5000) },
  { name: "3,000 nested Abs(", before: "500 QB_ERR_INTERNAL (stack)", query: nestedAbs(3000) },
  { name: "WITH SET [s] AS [s]", before: "500 QB_ERR_INTERNAL (stack)", query: SELF_SET },
  { name: "a chain of 10,000 additions", before: "(stack)", query: additions(10_000) },
];

/** A hostile query drawn by `rng`: one of the shapes at a random size, and what it is in words. */
export function hostileMdx(rng: Rng): { query: string; what: string } {
  switch (rng.int(10)) {
    case 0: {
      const n = 10 + rng.int(60);
      return { query: memberChain(n), what: `calculated-member chain ${n} deep` };
    }
    case 1: {
      const n = 3 + rng.int(DIMENSIONS.length - 2);
      const nested = rng.chance(0.5);
      return {
        query: crossJoin(n, nested),
        what: `CrossJoin of ${n} dimensions${nested ? " (nested)" : ""}`,
      };
    }
    case 2: {
      const n = 10 + rng.int(60);
      return { query: doublingSets(n), what: `named sets doubling ${n} times` };
    }
    case 3: {
      const n = rng.pick([100, 1_000, 5_000, 20_000]);
      return { query: nestedParentheses(n), what: `${n} nested parentheses` };
    }
    case 4: {
      const n = rng.pick([100, 1_000, 3_000, 10_000]);
      return { query: nestedAbs(n), what: `${n} nested Abs(` };
    }
    case 5: {
      const n = rng.pick([1_000, 10_000, 50_000]);
      return { query: additions(n), what: `a chain of ${n} additions` };
    }
    case 6:
      return { query: SELF_SET, what: "a set defined as itself" };
    case 7:
      return { query: MUTUAL_SETS, what: "two sets defined by each other" };
    case 8:
      return { query: SELF_MEMBER, what: "a calculated member defined by itself" };
    default:
      return { query: WIDE_SUM, what: "one cell summing 9,350 tuples" };
  }
}
