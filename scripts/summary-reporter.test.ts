import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import type { TestModule } from "vitest/node";
import SummaryReporter, { fileTime } from "./summary-reporter.ts";

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** A test file as the reporter sees it: its tests' states and Vitest's diagnostic of its times (ms). */
function testModule(file: string, states: string[], ms: { collect: number; tests: number }): TestModule {
  const tests = states.map((state, i) => ({
    fullName: `case ${i + 1}`,
    diagnostic: () => ({ flaky: state === "passed" && file.startsWith("flaky") }),
    result: () =>
      state === "failed"
        ? { state, errors: [{ message: `expected 4 to be 5\n  at line ${i}` }] }
        : file.startsWith("flaky")
          ? // Vitest keeps the first try's errors on the result of a test that passed at its second.
            { state, errors: [{ message: "Test timed out in 120000ms.\nstack" }] }
          : { state },
  }));
  return {
    moduleId: join("/repo", file),
    project: { name: "unit:x" },
    state: () => (states.includes("failed") || states.length === 0 ? "failed" : "passed"),
    errors: () => [{ message: "Cannot find module './gone.ts'\nstack" }],
    children: { allTests: () => tests[Symbol.iterator]() },
    diagnostic: () => ({
      environmentSetupDuration: 0,
      prepareDuration: 100,
      collectDuration: ms.collect,
      setupDuration: 0,
      duration: ms.tests,
      heap: undefined,
      importDurations: {},
    }),
  } as unknown as TestModule;
}

describe("the summary reporter", () => {
  it("gives a file's whole time and its import time, its path from the run's root", () => {
    const t = fileTime(
      testModule("packages/a/test/a.test.ts", ["passed"], { collect: 2_500, tests: 1_400 }),
      "/repo",
    );
    expect(t).toEqual({
      file: "packages/a/test/a.test.ts",
      project: "unit:x",
      seconds: 4,
      importSeconds: 2.5,
    });
  });

  it("writes the counts and every file's time, slowest first, for npm test", () => {
    const dir = mkdtempSync(join(tmpdir(), "qibates-summary-"));
    dirs.push(dir);
    const out = join(dir, "counts.json");
    vi.stubEnv("QIBATES_TEST_COUNTS", out);
    const cwd = vi.spyOn(process, "cwd").mockReturnValue("/repo");
    const write = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
    try {
      new SummaryReporter().onTestRunEnd([
        testModule("fast.test.ts", ["passed", "passed"], { collect: 100, tests: 200 }),
        testModule("slow.test.ts", ["passed", "failed", "skipped"], { collect: 5_000, tests: 9_000 }),
        testModule("broken.test.ts", [], { collect: 10, tests: 0 }),
        testModule("flaky.test.ts", ["passed"], { collect: 10, tests: 50 }),
      ]);
    } finally {
      cwd.mockRestore();
      write.mockRestore();
      vi.unstubAllEnvs();
    }
    const written = JSON.parse(readFileSync(out, "utf8"));
    expect(written).toMatchObject({ passed: 4, failed: 2, skipped: 1 });
    expect(written.files.map((f: { file: string }) => f.file)).toEqual([
      "slow.test.ts",
      "fast.test.ts",
      "flaky.test.ts",
      "broken.test.ts",
    ]);
    // A test that passed only at its second try (CI's retry) is named, to be mended, with what failed at its first.
    expect(written.retried).toEqual([
      { file: "flaky.test.ts", test: "case 1", error: "Test timed out in 120000ms." },
    ]);
    // Each failed test named with its error's first line, for the last lines of npm test's output.
    expect(written.failures).toEqual([
      { file: "slow.test.ts", test: "case 2", error: "expected 4 to be 5" },
      { file: "broken.test.ts", test: "(the file itself)", error: "Cannot find module './gone.ts'" },
    ]);
    expect(written.files[0]).toMatchObject({ seconds: 14.1, importSeconds: 5 });
  });

  it("writes when each file started and ended, in seconds from the run's start, to read a run's tail", () => {
    const dir = mkdtempSync(join(tmpdir(), "qibates-summary-"));
    dirs.push(dir);
    const out = join(dir, "counts.json");
    vi.stubEnv("QIBATES_TEST_COUNTS", out);
    vi.useFakeTimers({ now: 0, toFake: ["Date"] });
    const write = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
    try {
      const reporter = new SummaryReporter();
      const first = testModule("first.test.ts", ["passed"], { collect: 10, tests: 10 });
      const second = testModule("second.test.ts", ["passed"], { collect: 10, tests: 10 });
      vi.setSystemTime(1_500);
      reporter.onTestModuleStart(first);
      vi.setSystemTime(2_000);
      reporter.onTestModuleStart(second);
      vi.setSystemTime(4_250);
      reporter.onTestModuleEnd(first);
      vi.setSystemTime(9_000);
      reporter.onTestModuleEnd(second);
      reporter.onTestRunEnd([first, second]);
    } finally {
      write.mockRestore();
      vi.useRealTimers();
      vi.unstubAllEnvs();
    }
    const files = JSON.parse(readFileSync(out, "utf8")).files as { file: string; from: number; to: number }[];
    expect(files.map(({ file, from, to }) => ({ file: file.split("/").pop(), from, to }))).toEqual(
      expect.arrayContaining([
        { file: "first.test.ts", from: 1.5, to: 4.25 },
        { file: "second.test.ts", from: 2, to: 9 },
      ]),
    );
  });
});
