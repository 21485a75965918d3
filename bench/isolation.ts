/**
 * Isolation probes, seeded: one caller reaching for what another holds, on every surface that keeps
 * something per caller, against the server as `npm start` runs it (the bundle, plain node, demo mode, every wire
 * endpoint served, two snapshot applications served to two snapshot users, a new data folder).
 *
 * The callers: two accounts' API keys (`acme`, two keys, and `globex`, one), made in the data folder before the
 * start; the demo user `demo` from two client addresses (127.0.0.1 and 127.0.0.2: its Essbase REST sessions,
 * jobs and files and its Planning REST jobs are kept per address); the snapshot users `alice` (application
 * `Budget` alone) and `bob` (`Forecast` alone), who must not reach each other's application nor the demo's.
 *
 * A probe sends the attacker's request with an id the owner holds, and the same request with an id that exists
 * nowhere (or an application that does not exist): it **leaks** when the two answers differ (status, error
 * code or text once the id is written alike), when the answer holds the owner's data, or when the owner's object
 * was changed by it (read back by the owner). The seed picks the order of the probes, which of the owner's
 * objects each probe aims at and its id mutations (the owner's id, a neighbour id, a forged one). Timed pairs
 * (another key's operation, another address's jobs, another user's XMLA session) send both ids `--tries` times
 * each, interleaved, and compare medians: a difference over 0.3 ms and twice the wider median absolute deviation
 * is a leak. Answers ≥ 500 are counted (XMLA's SOAP faults excepted, as `bench/fuzz.ts` does).
 *
 * Run: `npx tsx bench/isolation.ts [--seed 70] [--tries 100] [--write]` (about a minute); `--write` writes the
 * section between `<!-- isolation:start -->` and `<!-- isolation:end -->` in `bench/BENCHMARKS.md`.
 */
import "../scripts/command-line.mjs";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { openDatabase } from "../packages/server/src/database.ts";
import { type KeyOwner, KeyStore } from "../packages/server/src/keys.ts";
import { hashPassword } from "../packages/server/src/snapshot-users.ts";
import { baselineBodies, contractOperations, demoLogins } from "../packages/server/test/fuzz/fuzzer.ts";
import { writeSmallSnapshot } from "../packages/server/test/support/small-snapshot.ts";
import { buildServerIfNeeded } from "../scripts/server-build.mjs";
import { args, numberOption, seededRandom } from "./args.ts";
import { startBundledServer } from "./bundled-server.ts";
import { loadAverages, machineNote, referenceWork } from "./machine.ts";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const SEED = numberOption("seed", 70);
const TRIES = numberOption("tries", 100);
const WRITE = args.includes("--write");
const random = seededRandom(SEED);
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
function shuffled<T>(list: readonly T[]): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// HTTP from a chosen client address

const ME = "127.0.0.1";
const NEIGHBOUR = "127.0.0.2";
const agents = new Map<string, http.Agent>();
const agentFor = (from: string) => {
  let a = agents.get(from);
  if (!a) {
    a = new http.Agent({ keepAlive: true, maxSockets: 4 });
    agents.set(from, a);
  }
  return a;
};

interface Answer {
  status: number;
  body: string;
  headers: http.IncomingHttpHeaders;
  ms: number;
}

let base = "";
let answers = 0;
/** Answers ≥ 500 that are not a protocol's own fault: each with its request. */
const serverErrors: string[] = [];

function send(
  method: string,
  path: string,
  options: { from?: string; headers?: Record<string, string>; body?: string | Buffer } = {},
): Promise<Answer> {
  const from = options.from ?? ME;
  const body = options.body;
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.request(
      `${base}${path}`,
      {
        method,
        agent: agentFor(from),
        localAddress: from,
        headers: {
          ...(options.headers ?? {}),
          ...(body === undefined ? {} : { "content-length": String(Buffer.byteLength(body)) }),
        },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => {
          text += c;
        });
        res.on("end", () => {
          const a = {
            status: res.statusCode ?? 0,
            body: text,
            headers: res.headers,
            ms: performance.now() - started,
          };
          answers++;
          // XMLA answers its faults 500 as SOAP asks; they are the protocol's own (bench/fuzz.ts excepts them too).
          if (a.status >= 500 && !/<faultstring>/.test(a.body))
            serverErrors.push(`${method} ${path} from ${from}: ${a.status} ${a.body.slice(0, 160)}`);
          resolve(a);
        });
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.setTimeout(60_000, () => req.destroy(new Error(`timed out: ${method} ${path}`)));
    req.end(body);
  });
}

const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`;
const JSON_TYPE = { "content-type": "application/json" };

// ---------------------------------------------------------------------------------------------------------------
// Verdicts

type Mutation = "owner's id" | "neighbour id" | "forged id" | "another's application" | "list";
interface Probe {
  surface: string;
  what: string;
  mutation: Mutation;
  /** Why it leaks, or null. */
  leak: string | null;
}
const probes: Probe[] = [];

/** An answer written so that two refusals of different ids compare alike: ids, request ids and times replaced. */
function normalized(a: Answer, ids: readonly string[]): string {
  let text = a.body;
  // An id as a whole word only: job 4 must not turn a status 404 into 4<ID>4.
  for (const id of ids.filter((i) => i !== "").sort((x, y) => y.length - x.length))
    text = text.replace(
      new RegExp(`(?<![A-Za-z0-9])${id.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![A-Za-z0-9])`, "g"),
      "<ID>",
    );
  return `${a.status} ${text
    .replace(/"requestId":"[^"]*"/g, '"requestId":"<R>"')
    .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g, "<T>")}`;
}

/**
 * Records a probe: `probe` (the attacker's answer with the owner's object named by `probeIds`) against
 * `control` (the same request naming what exists nowhere, `controlIds`); `secrets`, the owner's data that must
 * not appear in the probe's answer.
 */
function judge(
  surface: string,
  what: string,
  mutation: Mutation,
  probe: Answer,
  control: Answer,
  probeIds: readonly string[],
  controlIds: readonly string[],
  secrets: readonly string[] = [],
): void {
  let leak: string | null = null;
  // ISOLATION_DEBUG=1: each probe's control answer on standard error, to see what the probes compare with.
  if (process.env.ISOLATION_DEBUG)
    process.stderr.write(
      `${surface} | ${what} | ${mutation} | ${control.status} ${control.body.slice(0, 140)}\n`,
    );
  const p = normalized(probe, probeIds);
  const c = normalized(control, controlIds);
  const held = secrets.find((s) => s !== "" && probe.body.includes(s));
  if (held) leak = `the answer holds the owner's ${JSON.stringify(held)}`;
  else if (p !== c) leak = `answered ${p.slice(0, 200)} where what does not exist is ${c.slice(0, 200)}`;
  probes.push({ surface, what, mutation, leak });
}

/** Records a probe decided by a check of its own (a list, an owner's object read back). */
function check(surface: string, what: string, mutation: Mutation, leak: string | null): void {
  probes.push({ surface, what, mutation, leak });
}

interface Timing {
  surface: string;
  what: string;
  existing: number;
  absent: number;
  noise: number;
  leak: boolean;
}
const timings: Timing[] = [];
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
};
const mad = (xs: number[]) => {
  const m = median(xs);
  return median(xs.map((x) => Math.abs(x - m)));
};

/** `TRIES` of each request, interleaved in a seeded order; their medians compared. */
async function timed(
  surface: string,
  what: string,
  existing: () => Promise<Answer>,
  absent: () => Promise<Answer>,
): Promise<void> {
  const a: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < 5; i++) {
    await existing();
    await absent();
  }
  for (let i = 0; i < TRIES; i++) {
    if (random() < 0.5) {
      a.push((await existing()).ms);
      b.push((await absent()).ms);
    } else {
      b.push((await absent()).ms);
      a.push((await existing()).ms);
    }
  }
  const noise = Math.max(mad(a), mad(b));
  const diff = Math.abs(median(a) - median(b));
  timings.push({
    surface,
    what,
    existing: median(a),
    absent: median(b),
    noise,
    leak: diff > Math.max(0.3, 2 * noise),
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Ids: the owner's, a neighbour, a forged one

/** A neighbour of an id: a number one off (not `avoid`), else its last character changed within its alphabet. */
function neighbourOf(id: string, avoid: readonly string[] = []): string {
  if (/^\d+$/.test(id)) {
    for (const step of [1n, -1n, 2n, -2n, 3n]) {
      const n = (BigInt(id) + step).toString();
      if (!avoid.includes(n) && !n.startsWith("-")) return n;
    }
  }
  const last = id.at(-1) ?? "0";
  const alphabet = /[0-9A-F]/.test(last) && id === id.toUpperCase() ? "0123456789ABCDEF" : "0123456789abcdef";
  const at = alphabet.indexOf(last);
  const next = at >= 0 ? alphabet[(at + 1) % alphabet.length] : last === "A" ? "B" : "A";
  return `${id.slice(0, -1)}${next}`;
}

/** An id of the same shape as `id` that nobody holds: random digits or characters of its alphabet. */
function forgedLike(id: string): string {
  // A small number (a job, an Essbase REST session) is forged far from the ones in use.
  if (/^\d{1,6}$/.test(id)) return String(1_000_000 + Math.floor(random() * 8_999_999));
  const hex = "0123456789abcdef";
  const b64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  return [...id]
    .map((ch, i) => {
      if (/\d/.test(ch))
        return i === 0 && /^\d+$/.test(id)
          ? String(1 + Math.floor(random() * 9))
          : String(Math.floor(random() * 10));
      if (/[-:_]/.test(ch) && !/^op_/.test(id)) return ch;
      if (id.startsWith("op_") && i < 3) return ch;
      if (/[0-9a-f]/.test(ch) && /^[0-9a-f-]+$/.test(id)) return pick([...hex]);
      if (/[0-9A-F]/.test(ch) && /^[0-9A-F-]+$/.test(id)) return pick([...hex.toUpperCase()]);
      return pick([...b64]);
    })
    .join("");
}

/** The seed's mutations of an owner's id: always the id itself, then a neighbour and a forged one in its order. */
function mutations(id: string, avoid: readonly string[] = []): { mutation: Mutation; id: string }[] {
  return [
    { mutation: "owner's id" as Mutation, id },
    ...shuffled([
      { mutation: "neighbour id" as Mutation, id: neighbourOf(id, avoid) },
      { mutation: "forged id" as Mutation, id: forgedLike(id) },
    ]),
  ];
}

// ---------------------------------------------------------------------------------------------------------------
// The data folder: two accounts' keys, two snapshot applications, two snapshot users

/** Each snapshot's cells: values found nowhere else, so that an answer holding one is the snapshot's data. */
const SNAPSHOT_CELLS: Record<string, [string, string, number][]> = {
  Budget: [
    ["Sales", "BudgetEast", 41_117],
    ["Sales", "BudgetWest", 52_229],
  ],
  Forecast: [["Sales", "ForecastEast", 73_331]],
};
const SECRETS: Record<string, string[]> = {
  Budget: ["41117", "52229", "93346", "BudgetEast", "BudgetWest"],
  Forecast: ["73331", "ForecastEast", "ForecastWest"],
};
const USERS = {
  alice: { password: "alice-isolation", application: "Budget" },
  bob: { password: "bob-isolation", application: "Forecast" },
} as const;
type SnapshotUser = keyof typeof USERS;
const other = (u: SnapshotUser): SnapshotUser => (u === "alice" ? "bob" : "alice");

function writeSnapshot(folder: string, application: string): void {
  writeSmallSnapshot(folder, application, SNAPSHOT_CELLS[application] ?? [], {
    markets: [`${application}East`, `${application}West`],
    takenAt: "2026-11-27T00:00:00Z",
  });
}

const ACME: KeyOwner = {
  issuer: "https://accounts.google.com",
  subject: "isolation-acme",
  email: "ops@acme.example",
  provider: "google",
};
const GLOBEX: KeyOwner = {
  issuer: "https://accounts.google.com",
  subject: "isolation-globex",
  email: "ops@globex.example",
  provider: "google",
};

interface Keys {
  acme: string;
  acmeSpare: string;
  globex: string;
  demo: string;
}

async function prepare(root: string): Promise<{ env: Record<string, string>; keys: Omit<Keys, "demo"> }> {
  const dataDir = join(root, "data");
  // The keys of two accounts, made in the data folder the server then opens (the sign-in would make them).
  const db = await openDatabase({ dataDir });
  const store = new KeyStore(db);
  const keys = {
    acme: (await store.create(ACME, "acme-main")).key,
    acmeSpare: (await store.create(ACME, "acme-spare")).key,
    globex: (await store.create(GLOBEX, "globex-main")).key,
  };
  await db.close();
  const snapshots = join(root, "snapshots");
  for (const app of Object.keys(SNAPSHOT_CELLS)) writeSnapshot(snapshots, app);
  const users = join(root, "snapshot-users.json");
  writeFileSync(
    users,
    JSON.stringify({
      users: await Promise.all(
        (Object.keys(USERS) as SnapshotUser[]).map(async (name) => ({
          name,
          passwordHash: await hashPassword(USERS[name].password),
          applications: [USERS[name].application],
        })),
      ),
    }),
  );
  return {
    keys,
    env: {
      DATA_DIR: dataDir,
      QIBATES_DEMO: "true",
      QIBATES_WIRE_ENDPOINTS: "all",
      QIBATES_SNAPSHOTS: snapshots,
      QIBATES_SNAPSHOT_USERS: users,
      RATE_LIMIT_PER_MINUTE: "1000000",
      WIRE_LOGIN_FAILURES_PER_MINUTE: "1000000",
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The API

const API = "/qibates/api/v2";
const OPS = contractOperations();
const LOGINS = demoLogins(OPS);
const DEMO_ADDRESS: Record<string, string> = {
  "essbase-stndln": "https://demo.qibates.local/essbase/japi",
  essbase: "https://demo.qibates.local/aps/JAPI",
  ssas: "https://demo.qibates.local/aps/JAPI",
  planning: "https://demo.qibates.local/HyperionPlanning/SmartView",
};

const apiPost = (path: string, key: string, connector: string, body: object, from = ME, extra = {}) =>
  send("POST", `${API}/${path}`, {
    from,
    headers: { ...JSON_TYPE, qibateskey: key, connector, ...extra },
    body: JSON.stringify(body),
  });

async function apiLogin(key: string, connector: string, username = "demo", password = "demo", from = ME) {
  const login = LOGINS.get(connector);
  const body =
    username === "demo" && login
      ? (login.body as object)
      : { username, password, providerAddress: DEMO_ADDRESS[connector] };
  const a = await apiPost(
    login?.operationId === "loginPbcs" ? "action/loginpbcs" : "action/login",
    key,
    connector,
    body,
    from,
  );
  if (a.status !== 200) throw new Error(`login ${connector} ${username}: ${a.status} ${a.body}`);
  return (JSON.parse(a.body) as { loginid: string }).loginid;
}

/** The contract's operations that take a session's `loginid`, each with its first example and its connector. */
function loginidCalls(): {
  operationId: string;
  path: string;
  connector: string;
  body: Record<string, unknown>;
}[] {
  const out: { operationId: string; path: string; connector: string; body: Record<string, unknown> }[] = [];
  for (const op of OPS) {
    const example = baselineBodies(op).find(
      (b) => b.name.startsWith("example") && b.value && typeof b.value === "object" && "loginid" in b.value,
    );
    if (!example) continue;
    const connector = example.connector ?? (op.connectors?.includes("essbase") ? "essbase" : "planning");
    out.push({
      operationId: op.operationId,
      path: op.path.slice(API.length + 1),
      connector,
      body: example.value as Record<string, unknown>,
    });
  }
  return out;
}

async function apiProbes(keys: Keys): Promise<void> {
  const S = "API: another key's loginid";
  // The owner (acme) holds a session per connector; globex, and acme's other key, send each call with it.
  const calls = shuffled(loginidCalls());
  const owned = new Map<string, string>();
  for (const c of calls)
    if (!owned.has(c.connector)) owned.set(c.connector, await apiLogin(keys.acme, c.connector));
  const ids = [...owned.values()];
  for (const c of calls) {
    const ownerId = owned.get(c.connector) as string;
    // Sessions are the account's (a loginid serves every key of its owner): the attackers are other accounts.
    const attacker = pick([
      { name: "globex", key: keys.globex, from: ME },
      { name: "the demo key at 127.0.0.2", key: keys.demo, from: NEIGHBOUR },
    ]);
    const control = forgedLike(ownerId);
    const refused = await apiPost(
      c.path,
      attacker.key,
      c.connector,
      { ...c.body, loginid: control },
      attacker.from,
    );
    const ownerAnswer =
      c.operationId === "logout"
        ? null
        : await apiPost(c.path, keys.acme, c.connector, { ...c.body, loginid: ownerId });
    for (const m of mutations(ownerId, ids)) {
      const a = await apiPost(c.path, attacker.key, c.connector, { ...c.body, loginid: m.id }, attacker.from);
      const secrets =
        ownerAnswer &&
        ownerAnswer.status === 200 &&
        ownerAnswer.body.length > 40 &&
        a.body === ownerAnswer.body
          ? [ownerAnswer.body]
          : [];
      judge(
        S,
        `${c.operationId} (${c.connector}) by ${attacker.name}`,
        m.mutation,
        a,
        refused,
        [m.id],
        [control],
        secrets,
      );
    }
  }
  // Each owner session still alive after the others' logouts and calls.
  for (const [connector, id] of owned) {
    const a = await apiPost("nav/servers", keys.acme, connector, { loginid: id });
    check(
      S,
      `the owner's ${connector} session read back after the probes`,
      "owner's id",
      a.status === 200 ? null : `the owner's session answers ${a.status} ${a.body.slice(0, 120)}`,
    );
  }

  // Keys across accounts.
  const K = "API: keys across accounts";
  const listed = await send("GET", `${API}/listkeys`, { headers: { qibateskey: keys.globex } });
  check(
    K,
    "listkeys by globex",
    "list",
    /acme/.test(listed.body) ? `globex lists ${listed.body.slice(0, 160)}` : null,
  );
  for (const name of shuffled(["acme-spare", "acme-main"])) {
    const absent = `${name.slice(0, 5)}${forgedLike("abcdef")}`;
    const control = await send("DELETE", `${API}/deletekey/${absent}`, {
      headers: { qibateskey: keys.globex },
    });
    const a = await send("DELETE", `${API}/deletekey/${name}`, { headers: { qibateskey: keys.globex } });
    judge(K, `deletekey ${name} by globex`, "owner's id", a, control, [name], [absent]);
  }
  const mine = await send("GET", `${API}/listkeys`, { headers: { qibateskey: keys.acme } });
  check(
    K,
    "acme's keys read back after globex's deletes",
    "owner's id",
    /acme-spare/.test(mine.body) && /acme-main/.test(mine.body)
      ? null
      : `acme lists ${mine.body.slice(0, 160)}`,
  );

  // Operations: another key's is answered as one that does not exist, in the same time.
  const O = "API: another key's operation";
  const planning = await apiLogin(keys.acme, "planning");
  const rule = (loginOf(OPS, "launchRule") ?? {}) as Record<string, unknown>;
  const opIds: string[] = [];
  for (let i = 0; i < 2; i++) {
    const a = await apiPost("action/launchrule", keys.acme, "planning", { ...rule, loginid: planning }, ME, {
      prefer: "respond-async, wait=0",
    });
    const id = /"id":"(op_[^"]+)"/.exec(a.body)?.[1];
    if (id) opIds.push(id);
    else throw new Error(`no operation: ${a.status} ${a.body.slice(0, 200)}`);
  }
  const target = pick(opIds);
  const getOp = (id: string, key: string, from = ME) =>
    send("GET", `${API}/operations/${id}`, { from, headers: { qibateskey: key } });
  const absentOp = forgedLike(target);
  const own = await getOp(target, keys.acme);
  for (const attacker of shuffled([
    { name: "globex", key: keys.globex },
    { name: "acme's other key", key: keys.acmeSpare },
  ])) {
    const control = await getOp(absentOp, attacker.key);
    for (const m of mutations(target, opIds)) {
      const a = await getOp(m.id, attacker.key);
      judge(
        O,
        `GET /operations/{id} by ${attacker.name}`,
        m.mutation,
        a,
        control,
        [m.id],
        [absentOp],
        own.status === 200 ? [own.body] : [],
      );
    }
  }
  await timed(
    O,
    "`GET /operations/{id}` by globex: another key's id vs an id that does not exist",
    () => getOp(target, keys.globex),
    () => getOp(absentOp, keys.globex),
  );
}

function loginOf(ops: typeof OPS, operationId: string): unknown {
  const op = ops.find((o) => o.operationId === operationId);
  return op ? baselineBodies(op).find((b) => b.name.startsWith("example"))?.value : undefined;
}

/** Snapshot users through the API: every call names their own application, another's, the demo's, or none. */
async function apiSnapshotProbes(keys: Keys): Promise<void> {
  const S = "API: snapshot users";
  const calls = loginidCalls().filter((c) =>
    [
      "listCubes",
      "listDimensions",
      "getDimensionTree",
      "filterMembers",
      "searchMembers",
      "listVariables",
      "listScripts",
      "listAliasTables",
      "refreshGrid",
      "initGrid",
      "mdxQuery",
      "saveGrid",
      "calculate",
      "zoomIn",
    ].includes(c.operationId),
  );
  for (const user of shuffled(Object.keys(USERS) as SnapshotUser[])) {
    const connector = pick(["essbase-stndln", "essbase", "ssas"]);
    // Any account's key may log a snapshot user in: the calls then go with that key.
    const key = pick([keys.acme, keys.globex, keys.demo]);
    const loginid = await apiLogin(key, connector, user, USERS[user].password);
    const apps = await apiPost("nav/applications", key, connector, {
      loginid,
      server: "EssbaseCluster-1",
    });
    const foreign = ["Sample", "Vision", "Demo", USERS[other(user)].application].filter((a) =>
      apps.body.includes(`"${a}"`),
    );
    check(
      S,
      `nav/applications by ${user} (${connector})`,
      "list",
      foreign.length ? `lists ${foreign.join(", ")}` : null,
    );
    for (const c of shuffled(calls)) {
      const target = pick([USERS[other(user)].application, "Sample"]);
      const absent = `Nope${Math.floor(random() * 1e6)}`;
      // The call's example names Sample and Basic: the target application and its cube instead.
      const named = (app: string) =>
        JSON.parse(
          JSON.stringify({ ...c.body, loginid })
            .replace(/"Sample"/g, JSON.stringify(app))
            .replace(/\[Sample\]/g, `[${app}]`)
            .replace(/Sample\.Basic/g, `${app}.${app === "Sample" ? "Basic" : "Plan"}`)
            .replace(/"Basic"/g, app === "Sample" ? '"Basic"' : '"Plan"')
            .replace(/\[Basic\]/g, app === "Sample" ? "[Basic]" : "[Plan]"),
        ) as object;
      const control = await apiPost(c.path, key, connector, named(absent));
      const a = await apiPost(c.path, key, connector, named(target));
      judge(
        S,
        `${c.operationId} by ${user} (${connector}) on ${target === "Sample" ? "the demo's Sample" : "the other user's application"}`,
        "another's application",
        a,
        control,
        [target, "Plan", "Basic"],
        [absent, "Plan", "Basic"],
        SECRETS[target] ?? [],
      );
    }
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Essbase REST

const REST = "/essbase/rest/v1";
const CALC_ALL = { application: "Sample", db: "Basic", jobtype: "calc", parameters: { file: "CalcAll" } };

async function essbaseRestProbes(): Promise<void> {
  const demo = basic("demo", "demo");
  const as = (from: string, auth: string) => ({ from, headers: { authorization: auth } });
  // Attackers: the demo user at the other address, and a snapshot user.
  const attackers = [
    { name: "demo at 127.0.0.2", from: NEIGHBOUR, auth: demo },
    { name: "alice", from: ME, auth: basic("alice", USERS.alice.password) },
  ];

  // Sessions: the owner's numbers, ended or listed by another.
  const S = "Essbase REST sessions";
  const ownerCookies: string[] = [];
  for (let i = 0; i < 2; i++) {
    const a = await send("GET", `${REST}/session`, as(ME, demo));
    ownerCookies.push(String(a.headers["set-cookie"] ?? "").split(";")[0] ?? "");
  }
  const cookieOf = (c: string) => ({ from: ME, headers: { cookie: c } });
  const ownerSessions = (
    JSON.parse((await send("GET", `${REST}/sessions`, cookieOf(ownerCookies[0] ?? ""))).body) as {
      sessionId: string;
    }[]
  ).map((s) => s.sessionId);
  for (const attacker of shuffled(attackers)) {
    const listed = await send("GET", `${REST}/sessions`, as(attacker.from, attacker.auth));
    check(
      S,
      `GET /sessions by ${attacker.name}`,
      "list",
      /127\.0\.0\.1/.test(listed.body) && attacker.from !== ME
        ? `lists ${listed.body.slice(0, 160)}`
        : ownerSessions.some((id) => listed.body.includes(`"sessionId":"${id}"`))
          ? `lists the owner's sessions: ${listed.body.slice(0, 160)}`
          : null,
    );
    const target = pick(ownerSessions);
    // The attacker's own sessions (its Basic calls open them) are never aimed at as a neighbour.
    const own = [...listed.body.matchAll(/"sessionId":"(\d+)"/g)].map((m) => m[1] as string);
    const absent = String(900_000 + Math.floor(random() * 99_999));
    const control = await send("DELETE", `${REST}/sessions/${absent}`, as(attacker.from, attacker.auth));
    for (const m of mutations(target, [
      ...ownerSessions,
      ...own,
      String(Number(target) + 1),
      String(Number(target) + 2),
    ])) {
      const a = await send("DELETE", `${REST}/sessions/${m.id}`, as(attacker.from, attacker.auth));
      judge(S, `DELETE /sessions/{id} by ${attacker.name}`, m.mutation, a, control, [m.id], [absent]);
    }
  }
  const after = await send("GET", `${REST}/sessions`, cookieOf(ownerCookies[0] ?? ""));
  check(
    S,
    "the owner's sessions read back after the deletes",
    "owner's id",
    ownerSessions.every((id) => after.body.includes(`"sessionId":"${id}"`))
      ? null
      : `the owner now lists ${after.body.slice(0, 160)}`,
  );

  // Jobs: shown, polled and re-run only from the owner's address, by the owner's user.
  const J = "Essbase REST jobs";
  const jobIds: string[] = [];
  for (let i = 0; i < 2; i++) {
    const a = await send("POST", `${REST}/jobs`, {
      from: ME,
      headers: { authorization: demo, ...JSON_TYPE },
      body: JSON.stringify(CALC_ALL),
    });
    const id = /"job_ID":(\d+)/.exec(a.body)?.[1];
    if (!id) throw new Error(`no job: ${a.status} ${a.body.slice(0, 200)}`);
    jobIds.push(id);
  }
  const ownJob = (id: string) => send("GET", `${REST}/jobs/${id}`, as(ME, demo));
  for (const attacker of shuffled(attackers)) {
    const listed = await send("GET", `${REST}/jobs`, as(attacker.from, attacker.auth));
    const shown = jobIds.filter((id) => new RegExp(`"job_ID":${id}\\b`).test(listed.body));
    check(
      J,
      `GET /jobs by ${attacker.name}`,
      "list",
      shown.length ? `lists the owner's jobs ${shown.join(", ")}` : null,
    );
    const target = pick(jobIds);
    const absent = String(800_000 + Math.floor(random() * 99_999));
    for (const method of shuffled(["GET", "POST"])) {
      const control = await send(method, `${REST}/jobs/${absent}`, as(attacker.from, attacker.auth));
      for (const m of mutations(target, jobIds)) {
        const a = await send(method, `${REST}/jobs/${m.id}`, as(attacker.from, attacker.auth));
        const own = await ownJob(m.id);
        judge(
          J,
          `${method} /jobs/{id} by ${attacker.name}`,
          m.mutation,
          a,
          control,
          [m.id],
          [absent],
          own.status === 200 ? [own.body.slice(0, 60)] : [],
        );
      }
    }
  }
  const listedAfter = await send("GET", `${REST}/jobs`, as(ME, demo));
  const reruns = (listedAfter.body.match(/"job_ID":/g) ?? []).length;
  check(
    J,
    "the owner's jobs read back after the probes (no re-run added by another)",
    "owner's id",
    reruns === jobIds.length ? null : `the owner lists ${reruns} jobs where it started ${jobIds.length}`,
  );
  const target = pick(jobIds);
  const absentJob = String(700_000 + Math.floor(random() * 99_999));
  const neighbourCookie =
    String((await send("GET", `${REST}/session`, as(NEIGHBOUR, demo))).headers["set-cookie"] ?? "").split(
      ";",
    )[0] ?? "";
  const fromNeighbour = { from: NEIGHBOUR, headers: { cookie: neighbourCookie } };
  await timed(
    J,
    "`GET /jobs/{id}` from 127.0.0.2 (its session cookie): 127.0.0.1's job vs a job that does not exist",
    () => send("GET", `${REST}/jobs/${target}`, fromNeighbour),
    () => send("GET", `${REST}/jobs/${absentJob}`, fromNeighbour),
  );

  // Files: a visitor's own files, and a snapshot user's in its application's folder.
  const F = "Essbase REST Files";
  const owners = [
    {
      name: "demo at 127.0.0.1",
      from: ME,
      auth: demo,
      folder: "applications/Sample/Basic",
      secret: `owned-by-demo-${randomBytes(6).toString("hex")}`,
      attackers: [attackers[0], { name: "bob", from: ME, auth: basic("bob", USERS.bob.password) }],
    },
    {
      name: "alice",
      from: ME,
      auth: basic("alice", USERS.alice.password),
      folder: "applications/Budget/Plan",
      secret: `owned-by-alice-${randomBytes(6).toString("hex")}`,
      attackers: [{ name: "bob", from: ME, auth: basic("bob", USERS.bob.password) }, attackers[0]],
    },
  ];
  for (const owner of shuffled(owners)) {
    const file = `${pick(["notes", "load", "rules"])}-${Math.floor(random() * 1000)}.txt`;
    const put = await send("PUT", `${REST}/files/${owner.folder}/${file}`, {
      from: owner.from,
      headers: { authorization: owner.auth, "content-type": "application/octet-stream" },
      body: owner.secret,
    });
    if (put.status !== 200) throw new Error(`upload ${owner.name}: ${put.status} ${put.body}`);
    for (const attacker of owner.attackers) {
      if (!attacker) continue;
      const as2 = as(attacker.from, attacker.auth);
      const absent = `absent-${Math.floor(random() * 1e6)}.txt`;
      const listed = await send("GET", `${REST}/files/${owner.folder}`, as2);
      check(
        F,
        `list ${owner.name}'s folder by ${attacker.name}`,
        "list",
        listed.body.includes(file) ? `lists ${file}` : null,
      );
      for (const method of shuffled(["GET", "DELETE"])) {
        const control = await send(method, `${REST}/files/${owner.folder}/${absent}`, as2);
        for (const m of [
          { mutation: "owner's id" as Mutation, id: file },
          {
            mutation: "neighbour id" as Mutation,
            id: file.replace(/(\d+)\.txt$/, (_, n: string) => `${Number(n) + 1}.txt`),
          },
        ]) {
          const a = await send(method, `${REST}/files/${owner.folder}/${m.id}`, as2);
          judge(
            F,
            `${method} ${owner.name}'s file by ${attacker.name}`,
            m.mutation,
            a,
            control,
            [m.id],
            [absent],
            [owner.secret],
          );
        }
      }
    }
    const back = await send("GET", `${REST}/files/${owner.folder}/${file}`, as(owner.from, owner.auth));
    check(
      F,
      `${owner.name}'s file read back after the probes`,
      "owner's id",
      back.status === 200 && back.body === owner.secret
        ? null
        : `the owner reads ${back.status} ${back.body.slice(0, 100)}`,
    );
  }

  // Snapshot users: another's application and the demo's answer as an application that does not exist.
  const A = "Essbase REST: snapshot users";
  for (const user of shuffled(Object.keys(USERS) as SnapshotUser[])) {
    const auth = as(ME, basic(user, USERS[user].password));
    const apps = await send("GET", `${REST}/applications`, auth);
    const foreign = ["Sample", "Demo", USERS[other(user)].application].filter((a) =>
      apps.body.includes(`"${a}"`),
    );
    check(A, `GET /applications by ${user}`, "list", foreign.length ? `lists ${foreign.join(", ")}` : null);
    const paths: [string, (app: string, cube: string) => string, string?][] = [
      ["GET", (a) => `/applications/${a}`],
      ["GET", (a) => `/applications/${a}/databases`],
      ["GET", (a, c) => `/applications/${a}/databases/${c}`],
      ["GET", (a, c) => `/applications/${a}/databases/${c}/dimensions`],
      ["GET", (a, c) => `/outline/${a}/${c}`],
      ["GET", (a, c) => `/applications/${a}/databases/${c}/variables`],
      ["GET", (a, c) => `/applications/${a}/databases/${c}/grid`],
      ["GET", (a) => `/files/applications/${a}`],
      ["POST", (a, c) => `/applications/${a}/databases/${c}/mdx`, "mdx"],
      ["POST", (a, c) => `/applications/${a}/databases/${c}/mdx?format=CSV`, "mdx"],
      ["POST", () => "/jobs", "job"],
    ];
    for (const [method, path, kind] of shuffled(paths)) {
      const target = pick([USERS[other(user)].application, "Sample"]);
      const cube = target === "Sample" ? "Basic" : "Plan";
      const absent = `Nope${Math.floor(random() * 1e6)}`;
      const body = (app: string) =>
        kind === "mdx"
          ? JSON.stringify({
              query: `SELECT {[Sales]} ON COLUMNS FROM [${app}].[${app === "Sample" ? "Basic" : "Plan"}]`,
            })
          : kind === "job"
            ? JSON.stringify({
                application: app,
                db: app === "Sample" ? "Basic" : "Plan",
                jobtype: "exportData",
                parameters: {},
              })
            : undefined;
      const req = (app: string) => {
        const b = body(app);
        return send(method, `${REST}${path(app, app === target ? cube : "Plan")}`, {
          from: ME,
          headers: { authorization: basic(user, USERS[user].password), ...(b ? JSON_TYPE : {}) },
          ...(b ? { body: b } : {}),
        });
      };
      const control = await req(absent);
      const a = await req(target);
      judge(
        A,
        `${method} ${path("{app}", "{cube}")} by ${user} on ${target === "Sample" ? "the demo's Sample" : "the other user's application"}`,
        "another's application",
        a,
        control,
        [target, cube, "Plan"],
        [absent, "Plan"],
        SECRETS[target] ?? [],
      );
    }
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Smart View

const SV = "/aps/SmartView";
const svCall = (xml: string, from = ME) =>
  send("POST", SV, { from, headers: { "content-type": "text/xml" }, body: xml });
async function svLogin(user: string, password: string, from = ME): Promise<string> {
  const a = await svCall(
    `<req_ConnectToProvider><usr>${user}</usr><pwd>${password}</pwd></req_ConnectToProvider>`,
    from,
  );
  const id = /<sID>([^<]+)<\/sID>/.exec(a.body)?.[1];
  if (!id) throw new Error(`Smart View login ${user}: ${a.status} ${a.body.slice(0, 200)}`);
  return id;
}

async function smartViewProbes(): Promise<void> {
  const S = "Smart View sessions and tokens";
  const SNAP = "Smart View: snapshot users";
  const sessions: Record<SnapshotUser, string> = {
    alice: await svLogin("alice", USERS.alice.password),
    bob: await svLogin("bob", USERS.bob.password),
  };
  const demoSession = await svLogin("demo", "demo");
  const all = [...Object.values(sessions), demoSession];
  // A neighbour or forged sID answers as one that does not exist (the owner's own sID is its bearer secret).
  for (const user of shuffled(Object.keys(USERS) as SnapshotUser[])) {
    const target = sessions[user];
    const absent = forgedLike(target);
    const msg = (sid: string) =>
      `<req_ListApplications><sID>${sid}</sID><srv>EssbaseCluster-1</srv></req_ListApplications>`;
    const control = await svCall(msg(absent), NEIGHBOUR);
    for (const m of mutations(target, all).filter((x) => x.mutation !== "owner's id")) {
      const a = await svCall(msg(m.id), NEIGHBOUR);
      judge(S, `ListApplications with ${user}'s sID`, m.mutation, a, control, [m.id], [absent]);
    }
    // A token given to the user, presented in another user's session, is refused as a forged one.
    const token =
      /<sso>([^<]+)<\/sso>/.exec(
        (await svCall(`<req_GetSSOToken><sID>${target}</sID></req_GetSSOToken>`)).body,
      )?.[1] ?? "";
    const thief = other(user);
    const open = (sso: string) =>
      svCall(
        `<req_OpenApplication><sID>${sessions[thief]}</sID><srv>EssbaseCluster-1</srv><app>${USERS[thief].application}</app><sso>${sso}</sso></req_OpenApplication>`,
      );
    const forgedToken = forgedLike(token);
    const controlToken = await open(forgedToken);
    for (const m of [
      { mutation: "owner's id" as Mutation, id: token },
      { mutation: "neighbour id" as Mutation, id: neighbourOf(token) },
    ]) {
      const a = await open(m.id);
      judge(
        S,
        `OpenApplication in ${thief}'s session with ${user}'s sso token`,
        m.mutation,
        a,
        controlToken,
        [m.id],
        [forgedToken],
      );
    }
  }
  // Snapshot users: their lists, and another's application or the demo's opened as one that does not exist.
  for (const user of shuffled(Object.keys(USERS) as SnapshotUser[])) {
    const sid = sessions[user];
    const apps = await svCall(
      `<req_ListApplications><sID>${sid}</sID><srv>EssbaseCluster-1</srv></req_ListApplications>`,
    );
    const foreign = ["Sample", "Demo", USERS[other(user)].application].filter((a) =>
      new RegExp(`\\b${a}\\b`).test(apps.body.replace(/<\/?apps[^>]*>/g, "")),
    );
    check(SNAP, `ListApplications by ${user}`, "list", foreign.length ? `lists ${foreign.join(", ")}` : null);
    const messages: ((app: string, cube: string) => string)[] = [
      (a) =>
        `<req_OpenApplication><sID>${sid}</sID><srv>EssbaseCluster-1</srv><app>${a}</app></req_OpenApplication>`,
      (a, c) =>
        `<req_OpenCube><sID>${sid}</sID><srv>EssbaseCluster-1</srv><app>${a}</app><cube>${c}</cube></req_OpenCube>`,
      (a) => `<req_ListCubes><sID>${sid}</sID><srv>EssbaseCluster-1</srv><app>${a}</app></req_ListCubes>`,
    ];
    for (const msg of shuffled(messages)) {
      const target = pick([USERS[other(user)].application, "Sample"]);
      const cube = target === "Sample" ? "Basic" : "Plan";
      const absent = `Nope${Math.floor(random() * 1e6)}`;
      const control = await svCall(msg(absent, "Plan"));
      const a = await svCall(msg(target, cube));
      judge(
        SNAP,
        `${/req_(\w+)/.exec(msg("", ""))?.[1]} by ${user} on ${target === "Sample" ? "the demo's Sample" : "the other user's application"}`,
        "another's application",
        a,
        control,
        [target, cube, "Plan"],
        [absent, "Plan"],
        SECRETS[target] ?? [],
      );
    }
  }
}

// ---------------------------------------------------------------------------------------------------------------
// XMLA

const XMLA = "/olap/msmdpump.dll";
const XMLA_NS = "urn:schemas-microsoft-com:xml-analysis";
const soap = (header: string, body: string) =>
  `<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Header>${header}</soap:Header><soap:Body>${body}</soap:Body></soap:Envelope>`;
const discover = (type: string, restrictions = "") =>
  `<Discover xmlns="${XMLA_NS}"><RequestType>${type}</RequestType><Restrictions><RestrictionList>${restrictions}</RestrictionList></Restrictions><Properties/></Discover>`;
const executeOn = (statement: string, catalog: string) =>
  `<Execute xmlns="${XMLA_NS}"><Command><Statement>${statement}</Statement></Command><Properties><PropertyList><Catalog>${catalog}</Catalog></PropertyList></Properties></Execute>`;
const xmla = (auth: string, header: string, body: string, from = ME) =>
  send("POST", XMLA, {
    from,
    headers: { authorization: auth, "content-type": "text/xml" },
    body: soap(header, body),
  });

async function xmlaProbes(): Promise<void> {
  const S = "XMLA sessions";
  const SNAP = "XMLA: snapshot users";
  const sessionsOf: Record<string, string[]> = {};
  const users = ["alice", "bob", "demo"] as const;
  const auth = (u: (typeof users)[number]) => basic(u, u === "demo" ? "demo" : USERS[u].password);
  for (const u of users) {
    sessionsOf[u] = [];
    for (let i = 0; i < 2; i++) {
      const a = await xmla(auth(u), `<BeginSession xmlns="${XMLA_NS}"/>`, discover("DBSCHEMA_CATALOGS"));
      const id = /SessionId="([^"]+)"/.exec(a.body)?.[1];
      if (!id) throw new Error(`XMLA BeginSession ${u}: ${a.status} ${a.body.slice(0, 200)}`);
      sessionsOf[u]?.push(id);
    }
  }
  const all = Object.values(sessionsOf).flat();
  for (const owner of shuffled([...users])) {
    for (const thief of users.filter((u) => u !== owner)) {
      const target = pick(sessionsOf[owner] ?? []);
      const absent = forgedLike(target);
      const header = (id: string) => `<Session xmlns="${XMLA_NS}" SessionId="${id}"/>`;
      const control = await xmla(auth(thief), header(absent), discover("DBSCHEMA_CATALOGS"));
      for (const m of mutations(target, all)) {
        const a = await xmla(auth(thief), header(m.id), discover("DBSCHEMA_CATALOGS"));
        judge(S, `Discover in ${owner}'s session by ${thief}`, m.mutation, a, control, [m.id], [absent]);
      }
      const end = (id: string) => `<EndSession xmlns="${XMLA_NS}" SessionId="${id}"/>`;
      const controlEnd = await xmla(auth(thief), end(absent), discover("DBSCHEMA_CATALOGS"));
      const ended = await xmla(auth(thief), end(target), discover("DBSCHEMA_CATALOGS"));
      judge(
        S,
        `EndSession of ${owner}'s session by ${thief}`,
        "owner's id",
        ended,
        controlEnd,
        [target],
        [absent],
      );
    }
  }
  for (const owner of users) {
    for (const id of sessionsOf[owner] ?? []) {
      const a = await xmla(
        auth(owner),
        `<Session xmlns="${XMLA_NS}" SessionId="${id}"/>`,
        discover("DBSCHEMA_CATALOGS"),
      );
      check(
        S,
        `${owner}'s session read back after the others' probes`,
        "owner's id",
        /<faultstring>/.test(a.body)
          ? `the owner's session answers ${/<faultstring>([^<]*)/.exec(a.body)?.[1]}`
          : null,
      );
    }
  }
  const target = pick(sessionsOf.alice ?? []);
  const absent = forgedLike(target);
  await timed(
    S,
    "Discover by bob naming alice's `SessionId` vs one that does not exist",
    () =>
      xmla(auth("bob"), `<Session xmlns="${XMLA_NS}" SessionId="${target}"/>`, discover("DBSCHEMA_CATALOGS")),
    () =>
      xmla(auth("bob"), `<Session xmlns="${XMLA_NS}" SessionId="${absent}"/>`, discover("DBSCHEMA_CATALOGS")),
  );

  for (const user of shuffled(Object.keys(USERS) as SnapshotUser[])) {
    const cats = await xmla(auth(user), "", discover("DBSCHEMA_CATALOGS"));
    const names = [...cats.body.matchAll(/<CATALOG_NAME>([^<]*)<\/CATALOG_NAME>/g)].map((m) => m[1]);
    const foreign = names.filter((n) => n !== USERS[user].application);
    check(
      SNAP,
      `DBSCHEMA_CATALOGS by ${user}`,
      "list",
      foreign.length ? `lists ${foreign.join(", ")}` : null,
    );
    const requests: ((app: string, cube: string) => string)[] = [
      (a, c) => executeOn(`SELECT {[Sales]} ON COLUMNS FROM [${a}].[${c}]`, a),
      (a, c) => executeOn(`SELECT {[Sales]} ON COLUMNS FROM [${a}].[${c}]`, USERS[user].application),
      (a) => discover("MDSCHEMA_CUBES", `<CATALOG_NAME>${a}</CATALOG_NAME>`),
      (a, c) => discover("MDSCHEMA_MEMBERS", `<CATALOG_NAME>${a}</CATALOG_NAME><CUBE_NAME>${c}</CUBE_NAME>`),
      (a, c) =>
        discover("MDSCHEMA_DIMENSIONS", `<CATALOG_NAME>${a}</CATALOG_NAME><CUBE_NAME>${c}</CUBE_NAME>`),
      (a, c) => executeOn(`DRILLTHROUGH SELECT {[Sales]} ON COLUMNS FROM [${a}].[${c}]`, a),
    ];
    for (const req of shuffled(requests)) {
      const target = pick([USERS[other(user)].application, "Sample"]);
      const cube = target === "Sample" ? "Basic" : "Plan";
      const absent = `Nope${Math.floor(random() * 1e6)}`;
      const control = await xmla(auth(user), "", req(absent, "Plan"));
      const a = await xmla(auth(user), "", req(target, cube));
      const what =
        /RequestType>(\w+)/.exec(req("A", "B"))?.[1] ??
        (req("A", "B").includes("DRILLTHROUGH")
          ? "DRILLTHROUGH"
          : req("A", "B").includes(`<Catalog>A<`)
            ? "Execute (Catalog the target)"
            : "Execute (Catalog the user's own)");
      judge(
        SNAP,
        `${what} by ${user} on ${target === "Sample" ? "the demo's Sample" : "the other user's application"}`,
        "another's application",
        a,
        control,
        [target, cube, "Plan"],
        [absent, "Plan"],
        SECRETS[target] ?? [],
      );
    }
  }
}

/**
 * The demo user's writes land in a view of its own at its address: a value written through XMLA from 127.0.0.1
 * is read back there, and never from 127.0.0.2, through XMLA or Essbase REST, nor by a snapshot user.
 */
async function demoViewProbes(): Promise<void> {
  const S = "Demo views: one address's writes";
  const demo = basic("demo", "demo");
  const cell = pick([
    ["Jan", "100-10", "New York"],
    ["Feb", "200-20", "Florida"],
    ["Mar", "300-30", "Oregon"],
  ]) as [string, string, string];
  const value = String(100_000 + Math.floor(random() * 800_000) + 0.25);
  const tuple = `([${cell[0]}],[Sales],[${cell[1]}],[${cell[2]}],[Budget])`;
  const written = await xmla(demo, "", executeOn(`UPDATE CUBE [Basic] SET ${tuple} = ${value}`, "Sample"));
  if (/<faultstring>/.test(written.body)) throw new Error(`UPDATE CUBE: ${written.body.slice(0, 300)}`);
  const query = `SELECT {[Sales]} ON COLUMNS FROM [Sample].[Basic] WHERE ([${cell[0]}],[${cell[1]}],[${cell[2]}],[Budget])`;
  const readXmla = (from: string) => xmla(demo, "", executeOn(query, "Sample"), from);
  const readRest = (from: string) =>
    send("POST", `${REST}/applications/Sample/databases/Basic/mdx`, {
      from,
      headers: { authorization: demo, ...JSON_TYPE },
      body: JSON.stringify({ query }),
    });
  const own = await readXmla(ME);
  check(
    S,
    "the writer's own read (XMLA, 127.0.0.1)",
    "owner's id",
    own.body.includes(value) ? null : `the write was not read back: ${own.body.slice(-200)}`,
  );
  for (const [name, read] of shuffled([
    ["XMLA from 127.0.0.2", () => readXmla(NEIGHBOUR)],
    ["Essbase REST `…/mdx` from 127.0.0.2", () => readRest(NEIGHBOUR)],
  ] as [string, () => Promise<Answer>][])) {
    const a = await read();
    check(
      S,
      `the cell read by ${name}`,
      "owner's id",
      a.body.includes(value) ? `reads 127.0.0.1's ${value}` : a.status >= 400 ? `answered ${a.status}` : null,
    );
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Planning REST

const PLANNING = "/HyperionPlanning/rest/v3/applications";

async function planningRestProbes(): Promise<void> {
  const J = "Planning REST jobs";
  const SNAP = "Planning REST: snapshot users";
  const demo = basic("demo", "demo");
  const ids: string[] = [];
  for (let i = 0; i < 2; i++) {
    const a = await send("POST", `${PLANNING}/Vision/jobs`, {
      from: ME,
      headers: { authorization: demo, ...JSON_TYPE },
      body: JSON.stringify({ jobType: "RULES", jobName: "AggregateData", parameters: {} }),
    });
    const id = /"jobId":(\d+)/.exec(a.body)?.[1];
    if (!id) throw new Error(`Planning REST job: ${a.status} ${a.body.slice(0, 200)}`);
    ids.push(id);
  }
  const attackers = [
    { name: "demo at 127.0.0.2", from: NEIGHBOUR, auth: demo },
    { name: "alice", from: ME, auth: basic("alice", USERS.alice.password) },
  ];
  for (const attacker of shuffled(attackers)) {
    const target = pick(ids);
    const absent = String(600_000 + Math.floor(random() * 99_999));
    const poll = (id: string) =>
      send("GET", `${PLANNING}/Vision/jobs/${id}`, {
        from: attacker.from,
        headers: { authorization: attacker.auth },
      });
    const control = await poll(absent);
    for (const m of mutations(target, ids)) {
      const a = await poll(m.id);
      judge(
        J,
        `GET …/jobs/{id} by ${attacker.name}`,
        m.mutation,
        a,
        control,
        [m.id],
        [absent],
        ["AggregateData"],
      );
    }
  }
  const target = pick(ids);
  const absent = String(500_000 + Math.floor(random() * 99_999));
  await timed(
    J,
    "`GET …/jobs/{id}` from 127.0.0.2: 127.0.0.1's job vs a job that does not exist",
    () =>
      send("GET", `${PLANNING}/Vision/jobs/${target}`, { from: NEIGHBOUR, headers: { authorization: demo } }),
    () =>
      send("GET", `${PLANNING}/Vision/jobs/${absent}`, { from: NEIGHBOUR, headers: { authorization: demo } }),
  );

  for (const user of shuffled(Object.keys(USERS) as SnapshotUser[])) {
    const auth = { from: ME, headers: { authorization: basic(user, USERS[user].password) } };
    const apps = await send("GET", PLANNING, auth);
    check(
      SNAP,
      `GET /applications by ${user}`,
      "list",
      /Vision|Sample|Budget|Forecast/.test(apps.body) ? `lists ${apps.body.slice(0, 160)}` : null,
    );
    const paths = [
      (a: string) => `${PLANNING}/${a}`,
      (a: string) => `${PLANNING}/${a}/plantypes`,
      (a: string) => `${PLANNING}/${a}/dimensions/Account/members/Account`,
      (a: string) => `${PLANNING}/${a}/forms`,
    ];
    for (const path of shuffled(paths)) {
      const target = pick(["Vision", USERS[other(user)].application, USERS[user].application]);
      const absentApp = `Nope${Math.floor(random() * 1e6)}`;
      const control = await send("GET", path(absentApp), auth);
      const a = await send("GET", path(target), auth);
      judge(
        SNAP,
        `GET ${path("{app}").slice(PLANNING.length) || "/{app}"} by ${user} on ${target}`,
        "another's application",
        a,
        control,
        [target],
        [absentApp],
        target === "Vision" ? ["Revenue", "AggregateData"] : (SECRETS[target] ?? []),
      );
    }
  }
}

// ---------------------------------------------------------------------------------------------------------------

/** Ids a shared user's session holds that another address may replay: bearer secrets, counted apart. */
async function bearerNotes(keys: Keys): Promise<string[]> {
  const notes: string[] = [];
  const id = await apiLogin(keys.demo, "essbase");
  const replay = await apiPost("nav/servers", keys.demo, "essbase", { loginid: id }, NEIGHBOUR);
  notes.push(
    `a demo-key \`loginid\` made at 127.0.0.1, sent from 127.0.0.2 with the demo key: ${replay.status}`,
  );
  const planning = await apiLogin(keys.demo, "planning");
  const rule = (loginOf(OPS, "launchRule") ?? {}) as Record<string, unknown>;
  const launched = await apiPost(
    "action/launchrule",
    keys.demo,
    "planning",
    { ...rule, loginid: planning },
    ME,
    {
      prefer: "respond-async, wait=0",
    },
  );
  const op = /"id":"(op_[^"]+)"/.exec(launched.body)?.[1] ?? "op_none";
  const read = await send("GET", `${API}/operations/${op}`, {
    from: NEIGHBOUR,
    headers: { qibateskey: keys.demo },
  });
  notes.push(`a demo-key operation id of 127.0.0.1 read from 127.0.0.2: ${read.status}`);
  const cookie =
    String(
      (await send("GET", `${REST}/session`, { from: ME, headers: { authorization: basic("demo", "demo") } }))
        .headers["set-cookie"] ?? "",
    ).split(";")[0] ?? "";
  const withCookie = await send("GET", `${REST}/sessions`, { from: NEIGHBOUR, headers: { cookie } });
  notes.push(`an Essbase REST \`JSESSIONID\` cookie of 127.0.0.1 sent from 127.0.0.2: ${withCookie.status}`);
  const sid = await svLogin("demo", "demo");
  const sv = await svCall(
    `<req_ListApplications><sID>${sid}</sID><srv>EssbaseCluster-1</srv></req_ListApplications>`,
    NEIGHBOUR,
  );
  notes.push(
    `a Smart View \`sID\` of 127.0.0.1 sent from 127.0.0.2: ${/<exception/.test(sv.body) ? "refused" : "accepted"}`,
  );
  return notes;
}

/** The leaks one line per surface and reason: the calls and mutations that met it listed after it. */
function grouped(leaks: Probe[]): string[] {
  const by = new Map<string, Probe[]>();
  for (const l of leaks) {
    const k = `${l.surface}: ${l.leak}`;
    by.set(k, [...(by.get(k) ?? []), l]);
  }
  return [...by].map(
    ([reason, ls]) =>
      `- ${ls.length} × ${reason.slice(0, 400)} — ${[...new Set(ls.map((l) => `${l.what} (${l.mutation})`))].join(", ")}`,
  );
}

function section(command: string, minutes: string, before: number, bearer: string[]): string {
  const surfaces = [...new Set(probes.map((p) => p.surface))];
  const leaks = probes.filter((p) => p.leak);
  const timingLeaks = timings.filter((t) => t.leak);
  const lines = [
    `Command: \`${command}\` (${new Date().toISOString().slice(0, 16)} UTC, Node ${process.version}, ${cpus().length} CPUs, load ${loadAverages()} at the end, ${minutes} s). The bundle \`npm start\` runs, demo mode, \`QIBATES_WIRE_ENDPOINTS=all\`, two snapshot applications (\`Budget\`, \`Forecast\`) served to two snapshot users (\`alice\`: \`Budget\` alone, \`bob\`: \`Forecast\` alone), a new data folder holding the keys of two accounts (\`acme\`: two keys, \`globex\`: one). A fixed piece of work (20 parses of a 2 MiB JSON text) took ${before.toFixed(0)} ms before the run and ${referenceWork().toFixed(0)} ms after it. ${machineNote()}`,
    "",
    `Seed ${SEED}: ${probes.length} probes, ${timings.length} timed pairs of ${TRIES} tries each, ${answers.toLocaleString("en-US")} requests in all. A probe leaks when its answer differs from the same request naming what exists nowhere (status, error code or text, the id written alike), holds the owner's data, or changed the owner's object (read back by the owner).`,
    "",
    "| surface | probes | leaks |",
    "| --- | ---: | ---: |",
    ...surfaces.map((s) => {
      const of = probes.filter((p) => p.surface === s);
      return `| ${s} | ${of.length} | ${of.filter((p) => p.leak).length} |`;
    }),
    `| **all** | **${probes.length}** | **${leaks.length}/${probes.length}** |`,
    "",
    "| timed pair | existing, median | absent, median | noise (MAD) | told apart |",
    "| --- | ---: | ---: | ---: | --- |",
    ...timings.map(
      (t) =>
        `| ${t.surface}: ${t.what} | ${t.existing.toFixed(2)} ms | ${t.absent.toFixed(2)} ms | ${t.noise.toFixed(2)} ms | ${t.leak ? "**yes**" : "no"} |`,
    ),
    "",
    `Answers ≥ 500 outside XMLA's faults: **${serverErrors.length}**. Leaks: **${leaks.length + timingLeaks.length}** (${leaks.length} of ${probes.length} probes, ${timingLeaks.length} of ${timings.length} timed pairs).`,
    ...grouped(leaks),
    ...serverErrors.slice(0, 10).map((e) => `- ≥ 500: ${e}`),
    "",
    `Not counted as leaks, the ids that are a session's secret (at least 128 random bits) replayed by the same shared user from another address: ${bearer.join("; ")}. Their neighbour and forged ids are among the probes above.`,
  ];
  return lines.join("\n");
}

async function main(): Promise<void> {
  await buildServerIfNeeded();
  const root = mkdtempSync(join(tmpdir(), "qibates-isolation-"));
  const started = Date.now();
  const before = referenceWork();
  const { env, keys: made } = await prepare(root);
  const server = await startBundledServer(env);
  base = server.base;
  let failed = false;
  try {
    const health = JSON.parse((await send("GET", `${API}/health`)).body) as { demo: { apiKey: string } };
    const keys: Keys = { ...made, demo: health.demo.apiKey };
    const groups = shuffled([
      () => apiProbes(keys),
      () => apiSnapshotProbes(keys),
      () => essbaseRestProbes(),
      () => smartViewProbes(),
      () => xmlaProbes(),
      () => planningRestProbes(),
      () => demoViewProbes(),
    ]);
    for (const g of groups) await g();
    const bearer = await bearerNotes(keys);
    const command = `npx tsx bench/isolation.ts --seed ${SEED} --tries ${TRIES}${WRITE ? " --write" : ""}`;
    const text = section(command, ((Date.now() - started) / 1000).toFixed(0), before, bearer);
    process.stdout.write(`${text}\n`);
    const leaks = probes.filter((p) => p.leak).length + timings.filter((t) => t.leak).length;
    failed = leaks > 0 || serverErrors.length > 0 || server.child.exitCode !== null;
    if (WRITE) {
      const file = join(ROOT, "bench/BENCHMARKS.md");
      const md = readFileSync(file, "utf8");
      const body = `<!-- isolation:start -->\n## Isolation probes: one caller reaching for another's\n\n${text}\n<!-- isolation:end -->`;
      const re = /<!-- isolation:start -->[\s\S]*<!-- isolation:end -->/;
      writeFileSync(file, re.test(md) ? md.replace(re, body) : `${md.trimEnd()}\n\n${body}\n`);
    }
  } finally {
    server.child.kill("SIGTERM");
    await server.exited;
    for (const a of agents.values()) a.destroy();
    rmSync(root, { recursive: true, force: true });
  }
  process.exit(failed ? 1 : 0);
}

main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exit(2);
});
