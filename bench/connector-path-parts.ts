/**
 * Where the essbase-stndln connector path's added time goes (beside bench/connector-path.ts):
 *   1. the 100-cell refresh on both paths, alternating, beside a bare `GET /essbase/rest/v1/about` through the
 *      same network rules and server (the HTTP round trip alone);
 *   2. the parts of the 10,100-row zoom in one process, each timed alone: the engine's zoom (the endpoint's, and
 *      the connector's own layout of it), the REST grid written, its JSON both ways, the slice read, the layout
 *      compared and the server's values filled in.
 *
 *   npx tsx bench/connector-path-parts.ts [--calls 1000] [--zooms 30]
 */
import "../scripts/command-line.mjs";
import { Outline, outlineSpecFromDocument } from "@qibates/engine";
import { resolveSettings, runGridOperation } from "@qibates/engine/grid";
import { gridAnswer, layoutSource } from "@qibates/grid-bridge";
import { openConnectorHarness } from "../packages/cli/src/answer-key.ts";
import { answerOf, sameLayout, sheetOf } from "../packages/connectors/src/essbase-rest/grid.ts";
import { ambientCall, Upstreams } from "../packages/connectors/src/net/upstream.ts";
import { restGrid } from "../packages/wire/src/essbase-rest/grid.ts";
import { loadAverages } from "./machine.ts";
import { listenPort } from "./ports.mjs";
import { sampleBasicRefresh100 } from "./sample-grids.ts";
import { wideOutlineDocument } from "./wide-outline.ts";

const args = process.argv.slice(2);
const opt = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const CALLS = opt("calls", 1000);
const ZOOMS = opt("zooms", 30);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1] ?? Number.NaN;

async function refreshAndRoundTrip(): Promise<void> {
  const h = await openConnectorHarness({ port: await listenPort() });
  const upstreams = new Upstreams({
    allowedHosts: ["127.0.0.1"],
    connectTimeoutMs: 10_000,
    readTimeoutMs: 60_000,
  });
  try {
    const about = new URL(`${new URL(h.wireAddress).origin}/essbase/rest/v1/about?links=none`);
    const body = sampleBasicRefresh100();
    const times = { about: [] as number[], demo: [] as number[], wire: [] as number[] };
    const warmup = 200;
    for (let i = 0; i < CALLS + warmup; i++) {
      let started = performance.now();
      await upstreams.request(
        about,
        { method: "GET", headers: { accept: "application/json" } },
        ambientCall(),
      );
      const a = performance.now() - started;
      started = performance.now();
      await h.post("action/refresh", { ...body, loginid: h.demoLogin });
      const d = performance.now() - started;
      started = performance.now();
      await h.post("action/refresh", { ...body, loginid: h.wireLogin });
      const w = performance.now() - started;
      if (i < warmup) continue;
      times.about.push(a);
      times.demo.push(d);
      times.wire.push(w);
    }
    const [a, d, w] = [median(times.about), median(times.demo), median(times.wire)];
    process.stdout.write(
      `100-cell refresh, ${CALLS} calls each, p50 ms: GET /about round trip ${a.toFixed(3)}, demo ${d.toFixed(3)}, connector ${w.toFixed(3)}, added ${(w - d).toFixed(3)}\n`,
    );
  } finally {
    await upstreams.close();
    await h.close();
  }
}

function zoomParts(): void {
  const outline = new Outline(outlineSpecFromDocument(wideOutlineDocument(), "Bench.Wide"));
  const settings = resolveSettings({ zoomInPreference: "ALL_LEVELS" }, null);
  const zoom = () =>
    runGridOperation(layoutSource(outline), {
      action: "zoomin",
      grid: [
        ["", "Q1"],
        ["", "Revenue"],
        ["Entity", ""],
      ],
      cells: [{ row: 2, column: 0 }],
      settings,
      aliasTable: null,
    });
  const parts: Record<string, number[]> = {};
  const timed = <T>(name: string, work: () => T): T => {
    const started = performance.now();
    const out = work();
    const list = parts[name] ?? [];
    list.push(performance.now() - started);
    parts[name] = list;
    return out;
  };
  for (let i = 0; i < ZOOMS; i++) {
    const server = timed("endpoint: engine zoom", zoom);
    const answer = timed("endpoint: contract answer", () => gridAnswer(server));
    const rest = timed("endpoint: REST grid", () =>
      restGrid(answer, ["Entity", "Account", "Period"], "none"),
    );
    const text = timed("JSON.stringify", () => JSON.stringify(rest));
    const parsed = timed("JSON.parse", () => JSON.parse(text));
    const read = timed("connector: slice read", () => sheetOf(parsed));
    if (!read) throw new Error("the REST grid's slice cannot be read");
    const local = timed("connector: its own layout", zoom);
    const same = timed("connector: layout compared", () => sameLayout(local, read));
    if (!same) throw new Error("the endpoint's zoom is not the connector's layout");
    timed("connector: values filled in", () =>
      answerOf(outline, read, settings, { rows: 3, columns: 2 }, local),
    );
  }
  process.stdout.write(`zoom to 10,100 rows, parts, median of ${ZOOMS} (ms):\n`);
  for (const [name, list] of Object.entries(parts))
    process.stdout.write(`  ${name.padEnd(30)} ${median(list).toFixed(2)}\n`);
}

const before = loadAverages();
await refreshAndRoundTrip();
zoomParts();
process.stdout.write(
  `Node ${process.version}; load average ${before} at the start, ${loadAverages()} at the end\n`,
);
