// How much of the code base one API call runs: `npx tsx bench/call-path.ts [--operation zoomin]`. The server is
// built in this process over a throw-away data folder; after one call to warm it up, V8's precise coverage is
// taken around a second, identical call, and the functions that ran are counted per package. The figure the
// architecture is held to: how many functions of @qibates/connectors (the providers) the call runs outside
// the provider's own operation (ARCHITECTURE.md, "The path of one call").
import { mkdtempSync, rmSync } from "node:fs";
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
session.disconnect();
if (answer.statusCode !== 200) throw new Error(`zoomin answered ${answer.statusCode}`);

const ran = new Map<string, string[]>();
for (const script of result) {
  if (!script.url.startsWith("file://")) continue;
  const file = relative(ROOT, fileURLToPath(script.url));
  if (file.startsWith("node_modules") || file.startsWith("..")) continue;
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
process.stdout.write("Functions of @qibates/connectors that ran:\n");
for (const [file, fns] of ran)
  if (file.startsWith("packages/connectors/")) process.stdout.write(`  ${file}: ${fns.join(", ")}\n`);
await app.close();
rmSync(dataDir, { recursive: true, force: true });
