import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { DEMO_APPLICATIONS, loadCubeSnapshots } from "@qibates/embedded";
import { CallContext, type Provider, ProviderError, upstreamUnreachable } from "@qibates/provider";
import { describe, expect, it } from "vitest";
import { openConnectorHarness, type ReplayConnector } from "../../src/answer-key.ts";
import {
  LONGEST_SERVER_WAIT_S,
  SnapshotRunError,
  type TakeOptions,
  takeSnapshot,
} from "../../src/snapshot/take.ts";
import { main, providerFor } from "../../src/snapshot-cli.ts";
import { essbaseRestEndpoint } from "../support/endpoint.ts";

/**
 * What a snapshot run does when a query fails (the editor's report, P1, P2, P4, P6): a query is tried again only
 * when the failure may pass (a network failure, a timeout, 429, 408, 5xx), after the wait the server asks for
 * (at most a minute) when it gives one; a refusal stops the run at once. A run that stops before the data leaves
 * no folder the server cannot explain; a failed export job is told apart from one still running.
 */

const endpoint = essbaseRestEndpoint("qibates-snapshot-retries-");
const { root } = endpoint;

/** A run's lines, and the waits it asked for (none is waited for). */
function recorder() {
  const steps: string[] = [];
  const warnings: string[] = [];
  const waits: number[] = [];
  const progress = { step: (t: string) => steps.push(t), data() {}, warn: (t: string) => warnings.push(t) };
  const sleep = async (ms: number) => {
    waits.push(ms);
  };
  return { steps, warnings, waits, progress, options: { progress, sleep } };
}

/**
 * A snapshot of Sample.Basic through essbase-stndln (queries only, 20,000 cells each), its MDX calls failing as
 * `fail` says (call number from 1 → the error to throw, or null to let it through); at `extra.address` when it
 * names one, else the endpoint's.
 */
async function copy(
  out: string,
  fail: (call: number) => Error | null,
  extra: Partial<TakeOptions> = {},
  patch: (provider: Provider) => void = () => undefined,
) {
  const { provider, close } = providerFor("essbase-stndln", new URL(extra.address ?? endpoint.address()));
  const essbase = provider.essbase as NonNullable<Provider["essbase"]>;
  const mdx = essbase.mdx.bind(essbase);
  let calls = 0;
  essbase.mdx = (...args) => {
    const e = fail(++calls);
    return e ? Promise.reject(e) : mdx(...args);
  };
  patch(provider);
  try {
    return await takeSnapshot({
      ...endpoint.sampleBasic(out),
      provider,
      cube: "Basic",
      read: "grid",
      progress: { step() {}, data() {}, warn() {} },
      ...extra,
    });
  } finally {
    await close();
  }
}

/** A server's answer with HTTP status `status` (as `Upstreams.failure` makes it). */
function answered(e: ProviderError, status: number): ProviderError {
  return Object.defineProperty(e, "upstreamStatus", { value: status, enumerable: false });
}

/** The SHA-256 of a file's bytes, in hex (as a manifest gives it). */
const sha256 = (path: string) => createHash("sha256").update(readFileSync(path)).digest("hex");

const busy = (seconds: number) =>
  answered(new ProviderError("BUSY", `Too many requests; retry in ${seconds} seconds.`, { seconds }), 429);

describe("a query that fails while the data is read", () => {
  /**
   * A copy whose query `query` is refused for now (429, "retry in `seconds` seconds"), stopped once that query is
   * read again after the wait: the calls made, the waits asked for and the warnings.
   */
  async function copyStoppedAfterWait(dir: string, query: number, seconds: number) {
    const r = recorder();
    let calls = 0;
    await copy(
      join(root, dir),
      (n) => {
        calls = n;
        return n === query ? busy(seconds) : null;
      },
      { ...r.options, interrupted: () => calls > query },
    );
    return { calls, waits: r.waits, warnings: r.warnings };
  }

  // A run that goes on to its end after a wait: the outline's 429 below.
  it("waits as long as the server asks when it refuses for now (429), and says so", async () => {
    expect(await copyStoppedAfterWait("busy", 3, 12)).toEqual({
      calls: 4,
      waits: [12_000],
      warnings: ["Basic: the server asks to wait 12 s (too many requests); query 3 of 11 resumes then"],
    });
  }, 60_000);

  // The rest of the copy says nothing more about the wait.
  it(`waits at most ${LONGEST_SERVER_WAIT_S} s, however long the server asks`, async () => {
    expect(await copyStoppedAfterWait("busy-long", 2, 600)).toEqual({
      calls: 3,
      waits: [60_000],
      warnings: [
        "Basic: the server asks to wait 600 s (too many requests); query 2 of 11 resumes in 60 s, the longest the command waits",
      ],
    });
  }, 60_000);

  it("tries a network failure or a server error (5xx) again, 1, 4 and 16 s apart, four times in all", async () => {
    const r = recorder();
    let calls = 0;
    const failing = (n: number) => {
      calls = n;
      return n === 1
        ? upstreamUnreachable("http://127.0.0.1")
        : n === 2
          ? answered(upstreamUnreachable("x"), 408)
          : null;
    };
    // Stopped once query 1 is read at its third attempt.
    await copy(join(root, "network"), failing, { ...r.options, interrupted: () => calls >= 3 });
    expect(calls).toBe(3);
    expect(r.waits).toEqual([1_000, 4_000]);
    expect(r.warnings[0]).toMatch(/^Basic: query 1 of 11 failed \(Cannot reach .*\); trying again in 1 s$/);

    const s = recorder();
    const server = () =>
      answered(new ProviderError("PROVIDER_FAILED", "POST /grid/mdx: Essbase is busy", null), 503);
    const error = await copy(join(root, "server-error"), (n) => (n >= 5 ? server() : null), s.options).catch(
      (e) => e,
    );
    expect(error).toBeInstanceOf(SnapshotRunError);
    expect(error.message).toBe(
      "Basic: query 5 of 11 failed after 4 attempts: POST /grid/mdx: Essbase is busy",
    );
    // what was read is kept: the same command resumes at that query
    expect(error.resumable).toBe(true);
    expect(s.waits).toEqual([1_000, 4_000, 16_000]);
    expect(existsSync(join(root, "server-error", "Copy", ".progress.json"))).toBe(true);
  }, 60_000);

  it("does not try again what the server refuses: a 4xx, an unknown member, a refused login", async () => {
    for (const [i, refusal] of [
      answered(
        new ProviderError("PROVIDER_FAILED", "POST /grid/mdx: Essbase Error(1200500): bad query", null),
        400,
      ),
      new ProviderError("MEMBER_UNKNOWN", "Unknown member Atlantis.", { member: "Atlantis" }),
      answered(new ProviderError("LOGIN_FAILED", "Invalid user name or password."), 401),
      answered(upstreamUnreachable("http://127.0.0.1"), 404),
    ].entries()) {
      const r = recorder();
      let calls = 0;
      const error = await copy(
        join(root, `refused-${i}`),
        (n) => {
          calls = n;
          return n === 2 ? refusal : null;
        },
        r.options,
      ).catch((e) => e);
      expect(error, refusal.message).toBeInstanceOf(SnapshotRunError);
      expect(error.message).toBe(`Basic: query 2 of 11 failed: ${refusal.message}`);
      expect(error.resumable).toBe(false);
      expect(calls).toBe(2);
      expect(r.waits).toEqual([]);
      expect(r.warnings).toEqual([]);
    }
  }, 120_000);
});

/**
 * An HTTP server in front of the endpoint that answers `refuse(path)`'s 429 (with `Retry-After`) where it gives
 * one, and passes every other request on.
 */
async function refusingProxy(
  refuse: (path: string) => { retryAfter: string; body: string; type: string } | null,
) {
  const target = new URL(endpoint.address());
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const refusal = refuse(req.url ?? "");
    if (refusal) {
      res.writeHead(429, { "retry-after": refusal.retryAfter, "content-type": refusal.type });
      res.end(refusal.body);
      return;
    }
    const headers = Object.fromEntries(
      Object.entries(req.headers).filter(
        ([k]) => !["host", "connection", "content-length", "keep-alive", "transfer-encoding"].includes(k),
      ),
    ) as Record<string, string>;
    const answer = await fetch(`${target.origin}${req.url}`, {
      method: req.method ?? "GET",
      headers,
      ...(chunks.length > 0 ? { body: Buffer.concat(chunks) } : {}),
    });
    const out: Record<string, string | string[]> = {};
    answer.headers.forEach((v, k) => {
      if (
        !["set-cookie", "content-encoding", "content-length", "transfer-encoding", "connection"].includes(k)
      )
        out[k] = v;
    });
    const cookies = answer.headers.getSetCookie();
    if (cookies.length > 0) out["set-cookie"] = cookies;
    res.writeHead(answer.status, out);
    res.end(Buffer.from(await answer.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    address: `http://127.0.0.1:${port}${target.pathname}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A snapshot of Sample.Basic through essbase-stndln, the endpoint behind `refusingProxy(refuse)`. */
async function copyBehind(
  out: string,
  refuse: Parameters<typeof refusingProxy>[0],
  extra: Partial<TakeOptions> = {},
) {
  const proxy = await refusingProxy(refuse);
  try {
    return await copy(out, () => null, { ...extra, address: proxy.address });
  } finally {
    await proxy.close();
  }
}

/** The members of Year, asked while the outline is read (`GET …/outline/Sample/Basic?parent=Year…`). */
const yearMembers = (path: string) => /\/outline\/Sample\/Basic\?parent=Year&/.test(path);

describe("a call that fails while the outline is read", () => {
  it("waits as long as the server's 429 asks (Retry-After), says so, and goes on", async () => {
    let refused = 0;
    const r = recorder();
    const out = join(root, "outline-busy");
    const result = await copyBehind(
      out,
      (path) =>
        yearMembers(path) && refused++ === 0
          ? {
              retryAfter: "7",
              type: "application/json",
              body: JSON.stringify({ message: "Too many requests; retry in 7 seconds." }),
            }
          : null,
      r.options,
    );
    expect(refused).toBe(2);
    expect(result.interrupted).toBe(false);
    expect(r.waits).toEqual([7_000]);
    expect(r.warnings).toEqual([
      // The dimensions are listed without their members: Year's members are read with its tree.
      "Basic: the server asks to wait 7 s (too many requests); reading dimension Year (alias table Default) resumes then",
    ]);
    // the same outline as a run the server never refused (stopped before its data: the queries follow from
    // the outline), hence the same data queries
    const plainOut = join(root, "outline-plain");
    const plain = await copy(plainOut, () => null, {
      interrupted: () => existsSync(join(plainOut, "Copy", "Basic.outline.json")),
    });
    expect(plain.interrupted).toBe(true);
    expect(result.manifest.cubes[0]?.outline.sha256).toBe(
      sha256(join(plainOut, "Copy", "Basic.outline.json")),
    );
    expect(result.manifest.cubes[0]?.cells).toBeGreaterThan(0);
  }, 60_000);

  it("a 429 that keeps coming stops the run with the server's refusal, never as a server out of reach", async () => {
    for (const [i, refusal] of [
      { retryAfter: "9", type: "application/json", body: JSON.stringify({ message: "Too many requests." }) },
      // a 429 without the API's JSON error (a proxy's page): still the refusal, with the server's wait
      { retryAfter: "9", type: "text/html", body: "<html><body>429 Too Many Requests</body></html>" },
    ].entries()) {
      const r = recorder();
      const out = join(root, `outline-busy-${i}`);
      const error = await copyBehind(out, (path) => (yearMembers(path) ? refusal : null), r.options).catch(
        (e) => e,
      );
      expect(error).toBeInstanceOf(SnapshotRunError);
      expect(error.message).toBe(
        `Basic: reading dimension Year (alias table Default) failed after 4 attempts: ${i === 0 ? "Too many requests." : "The server refuses for now: retry in 9 s."}`,
      );
      expect(error.message).not.toMatch(/Cannot reach/);
      expect(r.waits).toEqual([9_000, 9_000, 9_000]);
      // stopped before the data: nothing to resume, no folder left
      expect(error.resumable).toBe(false);
      expect(existsSync(join(out, "Copy"))).toBe(false);
    }
  }, 60_000);
});

describe("a resumed run", () => {
  it("says query, and counts only its own cells in the cells per second", async () => {
    const out = join(root, "resume");
    // Stopped once six of the data's queries (MDX calls) have been read: Ctrl+C is also looked at while the
    // outline is read, so the queries are counted, not the looks.
    let queries = 0;
    const first = await copy(
      out,
      () => {
        queries++;
        return null;
      },
      { interrupted: () => queries >= 6 },
    );
    expect(first.interrupted).toBe(true);
    const r = recorder();
    const states: { chunk: number; cells: number; chunksBefore: number; cellsBefore: number }[] = [];
    // Stopped again once the resumed run has read its first query.
    await copy(out, () => null, {
      progress: { ...r.progress, data: (s) => states.push(s) },
      interrupted: () => states.length > 0,
    });
    expect(r.steps).toContain("Basic: resuming at query 7 of 11");
    const start = states[0] as (typeof states)[number];
    expect(start.chunk).toBe(7);
    expect(start.chunksBefore).toBe(6);
    // the cells the first run read, which this run's rate leaves out
    expect(start.cellsBefore).toBeGreaterThan(0);
    expect(start.cells).toBeGreaterThan(start.cellsBefore);
  }, 60_000);
});

describe("a run that stops before the data", () => {
  it("--read export with a connector that has none: refused before anything is written", async () => {
    const out = join(root, "no-export");
    const r = recorder();
    const error = await copy(out, () => null, {
      read: "export",
      connector: "essbase",
      progress: r.progress,
    }).catch((e) => e);
    expect(error.message).toBe(
      "connector essbase offers no data export that a snapshot can use: run without --read export to read the data by queries",
    );
    expect(r.steps).toEqual([]);
    expect(existsSync(join(out, "Copy"))).toBe(false);
  }, 60_000);

  it("leaves no folder the server cannot explain: one with nothing to resume from is removed", async () => {
    const out = join(root, "refused-login");
    const error = await copy(out, () => null, { password: "wrong" }).catch((e) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect(existsSync(join(out, "Copy"))).toBe(false);
    const cube = await copy(out, () => null, { cube: "Nope" }).catch((e) => e);
    expect(cube.message).toMatch(/^no cube Nope in Sample/);
    expect(existsSync(join(out, "Copy"))).toBe(false);
    // the folder holding them starts a server
    expect(await loadCubeSnapshots(out, DEMO_APPLICATIONS)).toEqual([]);
    // a run stopped in the data keeps its folder, which the server explains
    const kept = join(root, "kept");
    await copy(kept, (n) =>
      n === 2 ? new ProviderError("MEMBER_UNKNOWN", "Unknown member X.") : null,
    ).catch(() => undefined);
    expect(readdirSync(join(kept, "Copy"))).toContain(".progress.json");
    await expect(loadCubeSnapshots(kept, DEMO_APPLICATIONS)).rejects.toThrow(
      /an unfinished snapshot \(no manifest\.json yet\): run the same qibates-snapshot command again/,
    );
  }, 60_000);

  it("a folder that was there before is left as it was", async () => {
    const out = join(root, "existing");
    mkdirSync(join(out, "Copy"), { recursive: true });
    await copy(out, () => null, { password: "wrong" }).catch(() => undefined);
    expect(existsSync(join(out, "Copy"))).toBe(true);
  }, 60_000);

  it("the command offers a resume only where the run kept what it read", async () => {
    const out = join(root, "cli");
    let err = "";
    const code = await main(
      [
        ...["--connector", "essbase-stndln", "--address", endpoint.address(), "--user", "demo"],
        ...["--server", "EssbaseCluster-1", "--application", "Sample", "--cube", "Basic"],
        ...["--out", out, "--name", "Copy"],
      ],
      {
        out() {},
        err: (s) => {
          err += s;
        },
        tty: false,
        env: { QIBATES_PASSWORD: "wrong" },
      },
    );
    expect(code).toBe(1);
    expect(err).toMatch(/^qibates-snapshot: LOGIN_FAILED: /m);
    expect(err).not.toMatch(/run the same command again to resume/);
    expect(existsSync(join(out, "Copy"))).toBe(false);
  }, 60_000);
});

describe("the server's export job", () => {
  /** The export's job calls answered by `job` (POST /jobs running, then GET /jobs/7 as given). */
  const fakeJob = (job: Record<string, unknown>) => (provider: Provider) => {
    const p = provider as unknown as { upstream(s: unknown): { client: Record<string, unknown> } };
    const upstream = p.upstream.bind(p);
    p.upstream = (s) => {
      const u = upstream(s);
      const client = u.client as { post: (...a: unknown[]) => unknown; get: (...a: unknown[]) => unknown };
      const post = client.post.bind(client);
      const get = client.get.bind(client);
      return {
        ...u,
        client: Object.assign(Object.create(client), {
          post: (path: string, ...rest: unknown[]) =>
            path === "/jobs" ? Promise.resolve({ job_ID: 7, statusCode: 100 }) : post(path, ...rest),
          get: (path: string, ...rest: unknown[]) =>
            path === "/jobs/7" ? Promise.resolve({ job_ID: 7, ...job }) : get(path, ...rest),
        }),
      };
    };
  };

  it("a job that failed: the server's message, and nothing said to be still running", async () => {
    const error = await copy(
      join(root, "job-failed"),
      () => null,
      { read: "export" },
      fakeJob({ statusCode: 400, statusMessage: "Essbase Error(1006011): disk full" }),
    ).catch((e) => e);
    expect(error).toBeInstanceOf(SnapshotRunError);
    expect(error.message).toBe(
      "Basic export failed: The export of Sample.Basic failed: Essbase Error(1006011): disk full. The job has ended: run the command again once the cause is fixed, or take the snapshot through queries with --read grid",
    );
    expect(error.message).not.toMatch(/once it has ended/);
  }, 60_000);
});

describe("a server past its request limit, through each connector", () => {
  for (const via of ["essbase", "ssas", "essbase-stndln"] as ReplayConnector[]) {
    it(`${via}: the refusal says how long to wait (BUSY, from Retry-After)`, async () => {
      const limited = await openConnectorHarness({ via, rateLimitPerMinute: 30 });
      const { provider, close } = providerFor(via, new URL(limited.wireAddress));
      try {
        const { handle } = await provider.login({
          connector: via,
          username: "demo",
          password: "demo",
          address: new URL(limited.wireAddress),
          call: CallContext.unbounded(),
        });
        const session = {
          id: "limited",
          ownerId: "limited",
          connector: via,
          username: "demo",
          providerAddress: limited.wireAddress,
          aliasTable: null,
          call: CallContext.unbounded(),
          handle: handle ?? null,
        };
        const ref = { server: "EssbaseCluster-1", application: "Sample", cube: "Basic" };
        const query = "SELECT {[Year].[Jan]} ON COLUMNS, {[Market].[East]} ON ROWS FROM [Sample].[Basic]";
        let refusal: unknown = null;
        for (let i = 0; i < 60 && refusal === null; i++) {
          await provider.essbase
            ?.mdx(session, ref, { query, settings: { aliasTable: null, memberDisplay: "NAME" } as never })
            .catch((e) => {
              refusal = e;
            });
        }
        expect(refusal).toBeInstanceOf(ProviderError);
        const e = refusal as ProviderError;
        expect(e.code, e.message).toBe("BUSY");
        expect(e.upstreamStatus).toBe(429);
        expect(Number(e.params?.seconds)).toBeGreaterThan(0);
        expect(Number(e.params?.seconds)).toBeLessThanOrEqual(60);
      } finally {
        await close();
        await limited.close();
      }
    }, 60_000);
  }
});
