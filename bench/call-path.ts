// How much of the code base one API call runs, and where it enters each package: `npx tsx bench/call-path.ts`. The server is
// built in this process over a throw-away data folder; after one call to warm it up, V8's precise coverage is
// taken around a second, identical call, and the files that ran are counted per package; a third call is traced
// for the calls that cross from one package into another (ARCHITECTURE.md, "The path of one call").
// `--write` puts the run's figures in ARCHITECTURE.md, between `<!-- call-path:start -->` and `<!-- call-path:end -->`.
import "../scripts/command-line.mjs";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { buildApp } from "../packages/server/src/app.ts";
import { loadConfig } from "../packages/server/src/config.ts";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), "qibates-call-path-"));
const app = await buildApp({
  config: loadConfig({ SITE_DIR: "", DATA_DIR: dataDir, LOG_LEVEL: "silent", QIBATES_GRID_WORKERS: "0" }),
  logger: false,
});
const key = app.services.demoKey as string;
const headers = { qibateskey: key, connector: "essbase", "content-type": "application/json" };
const login = await app.inject({
  method: "POST",
  url: "/qibates/api/v2/action/login",
  headers,
  payload: { username: "demo", password: "demo", providerAddress: "https://demo.qibates.local/aps/JAPI" },
});
const loginid = (login.json() as { loginid: string }).loginid;
const zoom = {
  method: "POST" as const,
  url: "/qibates/api/v2/action/zoomin",
  headers,
  payload: {
    loginid,
    server: "EssbaseCluster-1",
    application: "Sample",
    cube: "Basic",
    grid: [
      ["", "Measures"],
      ["Year", "100"],
    ],
    cells: [{ row: 1, column: 0 }],
  },
};
const warm = await app.inject(zoom);
if (warm.statusCode !== 200) throw new Error(`zoomin answered ${warm.statusCode}: ${warm.body}`);

const session = new Session();
session.connect();
await session.post("Profiler.enable");
await session.post("Profiler.startPreciseCoverage", { callCount: true, detailed: false });
await session.post("Profiler.takePreciseCoverage"); // resets the counts
const answer = await app.inject(zoom);
const { result } = await session.post("Profiler.takePreciseCoverage");
await session.post("Profiler.stopPreciseCoverage");
if (answer.statusCode !== 200) throw new Error(`zoomin answered ${answer.statusCode}`);

/** The workspace package a file belongs to (`packages/<name>/…`), or null for node_modules and Node itself. */
function packageOf(url: string): string | null {
  if (!url.startsWith("file://")) return null;
  const file = relative(ROOT, fileURLToPath(url));
  if (file.startsWith("node_modules") || file.startsWith("..")) return null;
  return /^packages\/([^/]+)/.exec(file)?.[1] ?? file.split("/")[0] ?? file;
}

const ran = new Map<string, string[]>();
for (const script of result) {
  if (!packageOf(script.url)) continue;
  const file = relative(ROOT, fileURLToPath(script.url));
  const called = script.functions.filter((f) => f.functionName && (f.ranges[0]?.count ?? 0) > 0);
  if (called.length > 0)
    ran.set(
      file,
      called.map((f) => f.functionName),
    );
}
const byPackage = new Map<string, number>();
for (const file of ran.keys()) {
  const pkg = /^packages\/([^/]+)/.exec(file)?.[1] ?? file;
  byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + 1);
}
process.stdout.write(`One demo action/zoomin (warm): ${ran.size} files of the workspace ran.\n`);
for (const [pkg, n] of [...byPackage].sort()) process.stdout.write(`  ${pkg}: ${n} files\n`);

// Where the call enters each package. Every function that ran above gets a breakpoint on its first statement
// whose condition records the stack and answers false (so nothing ever pauses); a third identical call then
// tells, for each function, who called it. An entry is a call whose caller is in another package of the
// workspace: the package boundaries the call crosses, one line per distinct caller → callee.
await session.post("Debugger.enable");
const sources = new Map<string, number[]>();
const lineStarts = async (scriptId: string) => {
  let starts = sources.get(scriptId);
  if (!starts) {
    const { scriptSource } = await session.post("Debugger.getScriptSource", { scriptId });
    starts = [0];
    for (let i = 0; i < scriptSource.length; i++) if (scriptSource.charCodeAt(i) === 10) starts.push(i + 1);
    sources.set(scriptId, starts);
  }
  return starts;
};
const at = (starts: number[], offset: number) => {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((starts[mid] as number) <= offset) lo = mid;
    else hi = mid - 1;
  }
  return { lineNumber: lo, columnNumber: offset - (starts[lo] as number) };
};
const condition = "(globalThis.__qibatesEntries ??= []).push(new Error().stack), false";
for (const script of result) {
  if (!packageOf(script.url)) continue;
  const starts = await lineStarts(script.scriptId);
  for (const f of script.functions) {
    const range = f.ranges[0];
    if (!range || range.count === 0 || range.startOffset === 0) continue;
    const { locations } = await session.post("Debugger.getPossibleBreakpoints", {
      start: { scriptId: script.scriptId, ...at(starts, range.startOffset) },
      end: { scriptId: script.scriptId, ...at(starts, range.endOffset) },
      restrictToFunction: true,
    });
    const first = locations[0];
    if (first)
      await session.post("Debugger.setBreakpoint", {
        location: {
          scriptId: first.scriptId,
          lineNumber: first.lineNumber,
          columnNumber: first.columnNumber,
        },
        condition,
      });
  }
}
const globals = globalThis as { __qibatesEntries?: string[] };
globals.__qibatesEntries = [];
const traced = await app.inject(zoom);
await session.post("Debugger.disable");
session.disconnect();
if (traced.statusCode !== 200) throw new Error(`zoomin answered ${traced.statusCode}`);

/** The frames of a recorded stack: function name and package, the breakpoint's own evaluation left out. */
const frames = (stack: string) =>
  stack
    .split("\n")
    .slice(1)
    .map((line) => /^\s*at (?:async )?(?:(.*?) \()?(file:\/\/[^)]+?|\/[^)]+?)(?::\d+){2}\)?$/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => {
      const url = (m[2] as string).startsWith("/") ? `file://${m[2]}` : (m[2] as string);
      return { fn: m[1] ?? "<anonymous>", pkg: packageOf(url) };
    });
const entries = new Map<string, Set<string>>();
for (const stack of globals.__qibatesEntries ?? []) {
  const [callee, caller] = frames(stack);
  if (!callee?.pkg || !caller?.pkg || callee.pkg === caller.pkg) continue;
  const set = entries.get(callee.pkg) ?? new Set<string>();
  set.add(`${caller.pkg}: ${caller.fn} → ${callee.fn}`);
  entries.set(callee.pkg, set);
}
process.stdout.write("Entries into each package from another package of the workspace (caller → callee):\n");
for (const [pkg, set] of [...entries].sort(([a], [b]) => a.localeCompare(b))) {
  process.stdout.write(`  ${pkg}: ${set.size}\n`);
  for (const edge of [...set].sort()) process.stdout.write(`    ${edge}\n`);
}
await app.close();
rmSync(dataDir, { recursive: true, force: true });

if (process.argv.includes("--write")) {
  const file = join(ROOT, "ARCHITECTURE.md");
  const text = readFileSync(file, "utf8");
  const start = "<!-- call-path:start -->";
  const end = "<!-- call-path:end -->";
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from < 0 || to < from) throw new Error(`ARCHITECTURE.md has no ${start} … ${end} block`);
  const commit = execFileSync("git", ["rev-parse", "--short=8", "HEAD"], {
    cwd: ROOT,
    encoding: "utf8",
  }).trim();
  const changed = execFileSync("git", ["status", "--porcelain", "--", "packages"], {
    cwd: ROOT,
    encoding: "utf8",
  });
  const when = new Date().toISOString();
  const packages = readdirSync(join(ROOT, "packages")).sort();
  const rows = packages.map((pkg) => {
    const edges = [...(entries.get(pkg) ?? [])].sort().map((edge) => `\`${edge}\``);
    return `| \`@qibates/${pkg}\` | ${byPackage.get(pkg) ?? 0} | ${edges.length}${edges.length > 0 ? ` — ${edges.join(", ")}` : ""} |`;
  });
  const block = [
    start,
    `Written by \`npx tsx bench/call-path.ts --write\` on ${when.slice(0, 10)} (${when.slice(11, 16)} UTC, at \`${commit}\`${
      changed.trim() === "" ? "" : " with uncommitted changes under `packages/`"
    }): ${ran.size} files of the workspace ran.`,
    "",
    "| Package | Files that ran | Entries (calls from another package: caller's package: caller → callee) |",
    "| --- | ---: | --- |",
    ...rows,
    end,
  ].join("\n");
  writeFileSync(file, text.slice(0, from) + block + text.slice(to + end.length));
  process.stdout.write("wrote ARCHITECTURE.md\n");
}
