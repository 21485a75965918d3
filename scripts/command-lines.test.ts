import { execFile } from "node:child_process";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * Every script run by hand, by npm or by CI, and every command-line tool, says what it will do before doing
 * anything: `--help` prints its usage and exits 0; an option it does not take is refused with a message and exit
 * code 2. Either way the process ends on its own at once and nothing is built, started, installed or written (the
 * scripts' and the CLI package's folders are left as they were). The scripts
 * are the ones `package.json`'s scripts and `.ci/run` run; the tools are the CLI package's `bin` entries.
 */

const ROOT = fileURLToPath(new URL("..", import.meta.url));

interface Command {
  name: string;
  program: string;
  args: string[];
}

/** The scripts (of `scripts/`, or the site's `site/scripts/`) that npm's scripts and CI run, as their runner starts them. */
function entryScripts(): Command[] {
  const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
    scripts: Record<string, string>;
  };
  const text = [...Object.values(pkg.scripts), readFileSync(join(ROOT, ".ci/run"), "utf8")].join("\n");
  const files = new Set(
    [...text.matchAll(/(?<![\w/.-])((?:site\/)?scripts\/[\w-]+\.(?:mjs|sh))\b/g)].map((m) => m[1] as string),
  );
  return [...files].map((file) => ({
    name: file,
    program: file.endsWith(".sh") ? "bash" : process.execPath,
    args: [join(ROOT, file)],
  }));
}

/** The CLI package's tools, and the sub-command one of them has. */
function tools(): Command[] {
  const cli = join(ROOT, "packages", "cli");
  const pkg = JSON.parse(readFileSync(join(cli, "package.json"), "utf8")) as { bin: Record<string, string> };
  const commands = Object.entries(pkg.bin).map(([name, file]) => ({
    name,
    program: process.execPath,
    args: [join(cli, file)],
  }));
  const snapshot = commands.find((c) => c.name === "qibates-snapshot");
  if (snapshot)
    commands.push({
      ...snapshot,
      name: "qibates-snapshot hash-password",
      args: [...snapshot.args, "hash-password"],
    });
  return commands;
}

/** Every file under `dir` (but node_modules) with its size and modification time. */
function folderState(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === "node_modules" ? [] : folderState(path);
    const s = statSync(path);
    return [`${path} ${s.size} ${s.mtimeMs}`];
  });
}

/**
 * What a run of a script or a tool could write that no other test of the same run writes: the scripts' and the
 * CLI package's folders. The build stamps and the test timings are left out: other test files of the run build
 * the site and the reporter writes timings while this one runs. A script that built or ran anything on `--help`
 * would also outlast the run's 60 s or print no usage, which the test catches.
 */
function repositoryState(): string[] {
  return [...folderState(join(ROOT, "scripts")), ...folderState(join(ROOT, "packages", "cli"))];
}

function run(command: Command, arg: string): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = execFile(
      command.program,
      [...command.args, arg],
      { timeout: 60_000, cwd: ROOT },
      (error, out, err) => {
        const code = error ? (typeof error.code === "number" ? error.code : null) : 0;
        resolve({ code, out: String(out), err: String(err) });
      },
    );
    // Nothing is typed: a tool that waited for standard input would wait no longer.
    child.stdin?.end();
  });
}

/**
 * A refusal names the option refused, or says that nothing is taken (`hash-password` does not repeat its arguments:
 * one could be a password typed where it does not belong).
 */
const refusal = /--no-such-option|takes no argument/;

describe("the command lines of the scripts and tools", () => {
  const commands = [...entryScripts(), ...tools()];

  it("find the scripts npm and CI run, and the tools", () => {
    expect(commands.map((c) => c.name)).toEqual(
      expect.arrayContaining([
        "scripts/start.mjs",
        "scripts/build.mjs",
        "scripts/test.mjs",
        "scripts/ensure-system.sh",
        "scripts/install-log-check.mjs",
        "qibates-snapshot",
        "qibates-replay",
        "qibates-snapshot hash-password",
      ]),
    );
  });

  it("print their usage on --help, refuse an unknown option, and do nothing else", async () => {
    const before = repositoryState();
    const failures: string[] = [];
    for (let i = 0; i < commands.length; i += 2) {
      await Promise.all(
        commands.slice(i, i + 2).map(async (command) => {
          const help = await run(command, "--help");
          if (help.code !== 0 || !help.out.startsWith("Usage:") || !help.out.includes("--help"))
            failures.push(
              `${command.name} --help: exit ${help.code}, ${(help.err || help.out).slice(0, 200)}`,
            );
          const wrong = await run(command, "--no-such-option");
          if (wrong.code !== 2 || !refusal.test(wrong.err))
            failures.push(`${command.name} --no-such-option: exit ${wrong.code}, ${wrong.err.slice(0, 200)}`);
        }),
      );
    }
    expect(failures).toEqual([]);
    expect(repositoryState()).toEqual(before);
  }, 300_000);
});
