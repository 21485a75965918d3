import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * A commit's subject is at most 72 characters (CONTRIBUTING): `git log --oneline`, a review tool and a
 * terminal show it whole; the detail goes in the body. Older history is left as it was written: the rule holds
 * for every commit that the commit named here does not contain, the last one before the rule was checked.
 */
const ROOT = fileURLToPath(new URL("../", import.meta.url));
const CHECKED_AFTER = "bab1cfbbb8b74543d910c0c4ce77f09da0e5b884";
const MAX = 72;

function git(...args: string[]): string {
  return execFileSync("git", args, { cwd: ROOT, encoding: "utf8" });
}

describe("commit subjects", () => {
  it(`are at most ${MAX} characters since the rule is checked`, () => {
    const subjects = git("log", "--format=%h %s", `${CHECKED_AFTER}..HEAD`)
      .split("\n")
      .filter(Boolean)
      .map((line) => ({
        commit: line.slice(0, line.indexOf(" ")),
        subject: line.slice(line.indexOf(" ") + 1),
      }));
    const long = subjects.filter(({ subject }) => [...subject].length > MAX);
    expect(long.map(({ commit, subject }) => `${commit} (${[...subject].length}): ${subject}`)).toEqual([]);
  });
});
