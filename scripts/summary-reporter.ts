import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, relative } from "node:path";
import type { Reporter, TestModule } from "vitest/node";

/** One test file's time: the whole of it (import, setup, tests and hooks), and the import alone. */
export interface FileTime {
  file: string;
  project: string;
  seconds: number;
  importSeconds: number;
  /** When the file started and ended, in seconds from the run's start: where a run's last minutes went. */
  from?: number;
  to?: number;
}

/** A failed test: its file, its full name, and the first line of its first error, for the run's last lines. */
export interface Failure {
  file: string;
  test: string;
  error: string;
}

/** A test file's time from Vitest's diagnostic of it, its path relative to the run's root. */
export function fileTime(mod: TestModule, root: string): FileTime {
  const d = mod.diagnostic();
  const s = (ms: number) => Math.round(ms) / 1000;
  return {
    file: relative(root, mod.moduleId),
    project: mod.project.name,
    seconds: s(
      d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration,
    ),
    importSeconds: s(d.collectDuration),
  };
}

// Prints the plain closing line "tests: N passed, N failed, N skipped" that CI reads, and writes the counts
// with each file's time and each failed test for `npm test` (scripts/test.mjs), which prints the slowest files and keeps them all.
export default class SummaryReporter implements Reporter {
  private readonly began = Date.now();
  private readonly spans = new Map<string, { from: number; to?: number }>();
  private since(): number {
    return Math.round(Date.now() - this.began) / 1000;
  }
  onTestModuleStart(mod: TestModule): void {
    this.spans.set(mod.moduleId, { from: this.since() });
  }
  onTestModuleEnd(mod: TestModule): void {
    const span = this.spans.get(mod.moduleId);
    if (span) span.to = this.since();
  }
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    const files: FileTime[] = [];
    const failures: Failure[] = [];
    /**
     * The tests that passed only when run again (CI's retry, vitest.config.ts): flaky, to be mended, each with the
     * first line of what failed at its first try (Vitest keeps that try's errors on the passed result).
     */
    const retried: Failure[] = [];
    const firstLine = (errors: ReadonlyArray<{ message?: string }> | undefined) =>
      (errors?.[0]?.message ?? "").split("\n")[0]?.slice(0, 300) ?? "";
    for (const mod of testModules) {
      const time = { ...fileTime(mod, process.cwd()), ...this.spans.get(mod.moduleId) };
      const { file } = time;
      for (const test of mod.children.allTests()) {
        const result = test.result();
        if (result.state === "passed") {
          passed++;
          if (test.diagnostic()?.flaky)
            retried.push({ file, test: test.fullName, error: firstLine(result.errors) });
        } else if (result.state === "failed") {
          failed++;
          failures.push({ file, test: test.fullName, error: firstLine(result.errors) });
        } else skipped++;
      }
      if (mod.state() === "failed" && [...mod.children.allTests()].length === 0) {
        failed++;
        failures.push({ file, test: "(the file itself)", error: firstLine(mod.errors()) });
      }
      files.push(time);
    }
    files.sort((a, b) => b.seconds - a.seconds);
    process.stdout.write(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped\n`);
    // `npm test` repeats the counts as its very last line, after the summary of its steps (each of its Vitest
    // runs names a file of its own).
    const file = process.env.QIBATES_TEST_COUNTS ?? "node_modules/.cache/qibates-test-counts.json";
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify({ passed, failed, skipped, files, failures, retried }));
  }
}
