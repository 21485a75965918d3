/**
 * The typed registry of environment variables. Every setting the server reads is declared here, once, with
 * its parser, default and documentation; `loadConfig` (`config.ts`) reads them and fails fast with every bad
 * value listed, the checks across settings in `config-checks.ts`. The site's settings reference
 * (`site/tools/settings-reference.ts`, both languages) is generated from this registry and checked against it by
 * tests.
 */

import { X509Certificate } from "node:crypto";
import { readFileSync } from "node:fs";
import { isIP } from "node:net";
import { availableParallelism } from "node:os";
import { getHeapStatistics } from "node:v8";
import { CONNECTORS, type Connector, isConnector } from "@qibates/provider";
import { checkProviderAddress, DEMO_HOST } from "./provider-address.ts";
import type { Accepts } from "./setting-accepts.ts";
import { SnapshotUsers } from "./snapshot-users.ts";

export class ConfigError extends Error {
  override readonly name = "ConfigError";
}

export type { Accepts };

type Parser<T> = ((raw: string) => T) & { readonly accepts: Accepts };

/** A parser together with what it accepts. */
function accepting<T>(accepts: Accepts, parse: (raw: string) => T): Parser<T> {
  return Object.assign(parse, { accepts });
}

export interface Variable<T> {
  /** Environment variable name. */
  readonly env: string;
  readonly description: string;
  /** Default when unset, as the settings reference shows it (`undefined` = unset is allowed and means "off"). */
  readonly defaultText: string | undefined;
  readonly parse: Parser<T>;
  readonly fallback: T;
  /** What a value may be (its parser's range or form). */
  readonly accepts: Accepts;
  /** Never printed or logged. */
  readonly secret?: boolean;
  /**
   * The name the setting had before it was renamed: still read when the setting itself is unset, so that no
   * deployment breaks, with a warning at start-up ({@link formerNameWarnings}).
   */
  readonly formerly?: string;
  /** An empty value is a value of its own (`SITE_DIR=`: no site), not the same as unset. */
  readonly emptyMeansNone?: boolean;
}

function variable<T>(
  env: string,
  description: string,
  parse: Parser<T>,
  fallback: T,
  defaultText: string | undefined,
  secret = false,
): Variable<T> {
  return { env, description, parse, fallback, defaultText, accepts: parse.accepts, secret };
}

/** `v`, also read under the name it had before (`formerly`). */
function renamed<T>(v: Variable<T>, formerly: string): Variable<T> {
  return { ...v, formerly };
}

/** Heap a member of a remote cube holds, kept and rebuilt as an outline (names, aliases, the engine's member). */
const MEMBER_HEAP_BYTES = 1200;

/** MEMBERS_HELD_MAX's default: the members a quarter of this process's heap holds, within the setting's range. */
function membersHeldDefault(): number {
  const members = Math.floor(getHeapStatistics().heap_size_limit / 4 / MEMBER_HEAP_BYTES);
  return Math.min(100_000_000, Math.max(10_000, members));
}

/** A whole number from `min` to `max`; `unit` names what a plain count counts, for the settings reference. */
const integer = (min: number, max: number, unit?: { en: string; fr: string }): Parser<number> =>
  accepting(
    unit === undefined ? { kind: "integer", min, max } : { kind: "integer", min, max, unit },
    (raw) => {
      if (!/^-?\d+$/.test(raw.trim())) throw new ConfigError(`must be a whole number, got "${raw}"`);
      const n = Number(raw);
      if (n < min || n > max) throw new ConfigError(`must be between ${min} and ${max}, got ${n}`);
      return n;
    },
  );

const text: Parser<string> = accepting({ kind: "text" }, (raw) => raw);

/** An IP address, or a host name of letters, digits and hyphens in dot-separated labels (`localhost`). */
const hostName: Parser<string> = accepting({ kind: "host" }, (raw) => {
  const v = raw.trim();
  const label = "[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?";
  if (isIP(v) === 0 && !(v.length <= 253 && new RegExp(`^${label}(?:\\.${label})*$`).test(v))) {
    throw new ConfigError(`must be an IP address or a host name, got "${raw}"`);
  }
  return v;
});

const boolean: Parser<boolean> = accepting({ kind: "boolean" }, (raw) => {
  const v = raw.trim().toLowerCase();
  if (["1", "true", "yes", "on"].includes(v)) return true;
  if (["0", "false", "no", "off"].includes(v)) return false;
  throw new ConfigError(`must be true or false, got "${raw}"`);
});

const list: Parser<string[]> = accepting({ kind: "list" }, (raw) =>
  raw
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s !== ""),
);

const url = (protocols: string[]): Parser<string | undefined> =>
  accepting({ kind: "url", protocols }, (raw) => {
    if (raw.trim() === "") return undefined;
    let parsed: URL;
    try {
      parsed = new URL(raw);
    } catch {
      throw new ConfigError("must be a URL");
    }
    if (!protocols.includes(parsed.protocol)) {
      throw new ConfigError(`must use ${protocols.join(" or ")}, got ${parsed.protocol}`);
    }
    return raw.trim();
  });

/**
 * PUBLIC_URL: an http(s) address without credentials. It is printed at start and is the start of the sign-in's
 * callback address: a user name or password in it would be shown and sent to Google or Microsoft.
 */
const publicUrl: Parser<string | undefined> = accepting(
  { kind: "url", protocols: ["http:", "https:"] },
  (raw) => {
    const value = url(["http:", "https:"])(raw);
    if (value !== undefined) {
      const parsed = new URL(value);
      if (parsed.username !== "" || parsed.password !== "") {
        throw new ConfigError(
          "must not hold a user name or password: it is the address users reach, printed at start and sent to the sign-in providers",
        );
      }
    }
    return value;
  },
);

const oneOf = <T extends string>(values: readonly T[]): Parser<T> =>
  accepting({ kind: "oneOf", values }, (raw) => {
    const v = raw.trim() as T;
    if (!values.includes(v)) throw new ConfigError(`must be one of ${values.join(", ")}, got "${raw}"`);
    return v;
  });

const optionalText: Parser<string | undefined> = accepting(
  { kind: "text" },
  (raw) => raw.trim() || undefined,
);

/**
 * ADMINISTRATORS: e-mail addresses, separated by commas, each as a sign-in reports it (`name@domain`), compared
 * without regard to case; kept in lower case, each once.
 */
const emailAddresses: Parser<string[]> = accepting({ kind: "emails" }, (raw) => {
  const out: string[] = [];
  for (const entry of list(raw)) {
    if (!/^[^\s@,]+@[^\s@,]+\.[^\s@,]+$/.test(entry)) {
      throw new ConfigError(
        `"${entry}" is not an e-mail address (name@domain); separate addresses with commas`,
      );
    }
    const address = entry.toLowerCase();
    if (!out.includes(address)) out.push(address);
  }
  return out;
});

/**
 * ADMINISTRATOR_GROUPS: Microsoft Entra group object IDs (GUIDs), separated by commas, compared without regard to
 * case; kept in lower case, each once.
 */
const groupIds: Parser<string[]> = accepting({ kind: "groupIds" }, (raw) => {
  const out: string[] = [];
  for (const entry of list(raw)) {
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(entry)) {
      throw new ConfigError(
        `"${entry}" is not a group object ID (a GUID such as 0b7f2a54-8c1d-4e3f-9a6b-5c2d1e0f3a4b); separate IDs with commas`,
      );
    }
    const id = entry.toLowerCase();
    if (!out.includes(id)) out.push(id);
  }
  return out;
});

/** The users file of the snapshots, read and checked whole (`snapshot-users.ts`). */
const snapshotUsers: Parser<SnapshotUsers | undefined> = accepting({ kind: "file" }, (raw) => {
  const path = raw.trim();
  if (path === "") return undefined;
  try {
    return SnapshotUsers.read(path);
  } catch (e) {
    throw new ConfigError(e instanceof Error ? e.message : String(e));
  }
});

/** Fastify's `trustProxy`: off, the number of proxies in front of the server, or the proxies' addresses. */
export type TrustProxy = false | number | string[];

const PROXY_RANGES = ["loopback", "linklocal", "uniquelocal"];

/** An IPv4 or IPv6 address, optionally with a /prefix, or one of the named ranges proxy-addr knows. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGES.includes(entry)) return true;
  const [address = "", prefix, ...rest] = entry.split("/");
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

const MAX_PROXY_HOPS = 32;

const trustProxy: Parser<TrustProxy> = accepting(
  { kind: "proxies", maxHops: MAX_PROXY_HOPS, ranges: PROXY_RANGES },
  (raw) => {
    const v = raw.trim().toLowerCase();
    if (["0", "false", "no", "off"].includes(v)) return false;
    if (/^\d+$/.test(v)) {
      const hops = Number(v);
      if (hops > MAX_PROXY_HOPS) {
        throw new ConfigError(`a hop count must be between 0 and ${MAX_PROXY_HOPS}, got ${hops}`);
      }
      return hops;
    }
    if (["1", "true", "yes", "on"].includes(v)) {
      throw new ConfigError("give the number of proxies (1 for one proxy) or their addresses, not true");
    }
    const entries = list(raw);
    const bad = entries.filter((e) => !isProxyAddress(e));
    if (entries.length === 0 || bad.length > 0) {
      throw new ConfigError(
        `must be off, a hop count, or comma-separated IP addresses, CIDRs, loopback, linklocal or uniquelocal; not ${bad.join(", ") || "empty"}`,
      );
    }
    return entries;
  },
);

const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/g;

/**
 * PROVIDER_CA_FILE: a file the server reads, holding certificates in PEM form, each one Node can read. Checked at
 * start: a wrong path, or a DER file (the usual export of a Windows certificate store), would otherwise stop the
 * start with a stack trace or add no authority at all, every login to the servers it signs then failing.
 */
const caFile: Parser<string | undefined> = accepting({ kind: "file" }, (raw) => {
  const path = raw.trim();
  if (path === "") return undefined;
  let pem: string;
  try {
    pem = readFileSync(path, "utf8");
  } catch (e) {
    throw new ConfigError(`cannot be read (${(e as NodeJS.ErrnoException).code ?? String(e)})`);
  }
  const certificates = pem.match(PEM_CERTIFICATE) ?? [];
  if (certificates.length === 0) {
    throw new ConfigError(
      "holds no certificate in PEM form (-----BEGIN CERTIFICATE-----); convert a DER file with: openssl x509 -inform der -in ca.cer -out ca.pem",
    );
  }
  certificates.forEach((certificate, i) => {
    try {
      new X509Certificate(certificate);
    } catch {
      throw new ConfigError(`certificate ${i + 1} of ${certificates.length} is not a valid certificate`);
    }
  });
  return path;
});

/** `providerAddress=xmlaUrl` pairs: both http(s) addresses, the provider address ending with `/aps/JAPI`. */
const xmlaUrls: Parser<[string, string][]> = accepting({ kind: "list" }, (raw) =>
  list(raw).map((pair) => {
    const eq = pair.indexOf("=");
    if (eq <= 0) throw new ConfigError(`"${pair}" is not providerAddress=xmlaUrl`);
    const [address, xmla] = [pair.slice(0, eq).trim(), pair.slice(eq + 1).trim()];
    for (const u of [address, xmla]) {
      let url: URL;
      try {
        url = new URL(u);
      } catch {
        throw new ConfigError(`"${u}" is not an address`);
      }
      if (url.protocol !== "https:" && url.protocol !== "http:") {
        throw new ConfigError(`"${u}" must be an http or https address`);
      }
    }
    if (!/\/aps\/japi\/?$/i.test(new URL(address).pathname)) {
      throw new ConfigError(`"${address}" must end with /aps/JAPI (an ssas provider address)`);
    }
    return [address, xmla];
  }),
);

/** The wire endpoints the server serves (`all` means these). */
export const WIRE_ENDPOINTS = ["essbase-rest", "planning-rest", "xmla", "smartview"] as const;
export type WireEndpoint = (typeof WIRE_ENDPOINTS)[number];

const wireEndpoints: Parser<WireEndpoint[]> = accepting(
  { kind: "list", values: ["all", ...WIRE_ENDPOINTS] },
  (raw) => {
    const out = new Set<WireEndpoint>();
    for (const name of list(raw)) {
      const v = name.toLowerCase();
      if (v === "all") for (const e of WIRE_ENDPOINTS) out.add(e);
      else if ((WIRE_ENDPOINTS as readonly string[]).includes(v)) out.add(v as WireEndpoint);
      else {
        throw new ConfigError(
          `unknown wire endpoint "${name}": list essbase-rest, xmla, smartview, planning-rest, or all`,
        );
      }
    }
    return [...out];
  },
);

/** User names, comma-separated: each at most 255 characters, without control characters. */
const userNames: Parser<string[]> = accepting({ kind: "list" }, (raw) => {
  const names = list(raw);
  for (const name of names) {
    const control = [...name].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);
    if (name.length > 255 || control) {
      throw new ConfigError(`"${name.slice(0, 40)}" is not a user name`);
    }
  }
  return names;
});

/** The server the wire endpoints stand in front of (`QIBATES_WIRE_UPSTREAM`), as a connector and its provider address. */
export interface WireUpstreamSetting {
  connector: Connector;
  /** The provider address, checked: the connector's suffix, no credentials, a host ALLOWED_HOSTS lists. */
  providerAddress: string;
}

const WIRE_UPSTREAM_EXAMPLE = "essbase-stndln=https://essbase.example.com/essbase/japi";

/**
 * `connector=providerAddress`: a connector QiBates reaches real servers with and an address of that connector
 * (its path suffix, http or https, no credentials). Whether ALLOWED_HOSTS lets the server connect to it is
 * checked by `loadConfig`, which reads both.
 */
const wireUpstream: Parser<WireUpstreamSetting | undefined> = accepting(
  { kind: "upstream", connectors: CONNECTORS, protocols: ["https:", "http:"] },
  (raw) => {
    const v = raw.trim();
    if (v === "") return undefined;
    const eq = v.indexOf("=");
    if (eq <= 0) throw new ConfigError(`must be connector=providerAddress, e.g. ${WIRE_UPSTREAM_EXAMPLE}`);
    const connector = v.slice(0, eq).trim().toLowerCase();
    const address = v.slice(eq + 1).trim();
    if (!isConnector(connector)) {
      throw new ConfigError(`unknown connector "${connector}": use one of ${CONNECTORS.join(", ")}`);
    }
    // ALLOWED_HOSTS is checked in loadConfig; here only the address's own form.
    const target = checkProviderAddress(address, connector, { demo: true, allowedHosts: ["*"] });
    if ("code" in target && target.code === "QB_ERR_PROVIDER_ADDRESS") {
      throw new ConfigError(
        `"${target.why === "credentials in the URL" ? "(an address with credentials)" : address}" is not a provider address of connector ${connector}: ${target.why} (an http or https URL whose path ends with ${target.params.suffix}; credentials are given by each user at login, never here)`,
      );
    }
    const url = new URL(address);
    if (url.hostname.toLowerCase() === DEMO_HOST) {
      throw new ConfigError(
        `${DEMO_HOST} is this server's own demo, which the wire endpoints serve without QIBATES_WIRE_UPSTREAM`,
      );
    }
    return { connector, providerAddress: url.href.replace(/\/$/, "") };
  },
);

const TENANT_NAMES = ["common", "organizations", "consumers"];

const tenant: Parser<string> = accepting({ kind: "tenant", values: TENANT_NAMES }, (raw) => {
  const v = raw.trim();
  if (!/^[A-Za-z0-9][A-Za-z0-9.-]{0,99}$/.test(v)) {
    throw new ConfigError(`must be common, organizations, consumers, a tenant ID or a domain, got "${raw}"`);
  }
  return v;
});

export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

/** The registry. */
export const variables = {
  port: variable(
    "PORT",
    "Port the server listens on (site, API and demo on one port).",
    integer(0, 65535),
    3000,
    "3000",
  ),
  host: variable("HOST", "Interface to listen on.", hostName, "0.0.0.0", "0.0.0.0"),
  logLevel: variable("LOG_LEVEL", "pino log level.", oneOf(LOG_LEVELS), "info", "info"),
  publicUrl: variable(
    "PUBLIC_URL",
    "Public base URL of this server (OAuth callback addresses, printed URLs).",
    publicUrl,
    undefined,
    undefined,
  ),
  siteDir: {
    ...variable(
      "SITE_DIR",
      "Built documentation site to serve at / and /fr/ (empty to serve the API only).",
      text,
      "site/build",
      "site/build",
    ),
    emptyMeansNone: true,
  },
  dataDir: variable(
    "DATA_DIR",
    "Folder of the embedded PGlite database (API keys and everything calls write) when DATABASE_URL is unset.",
    text,
    "data",
    "data",
  ),
  databaseUrl: variable(
    "DATABASE_URL",
    "PostgreSQL connection string; when set, keys and data are stored there instead of PGlite.",
    url(["postgres:", "postgresql:"]),
    undefined,
    undefined,
    true,
  ),
  redisUrl: variable(
    "REDIS_URL",
    "Redis connection string; when set, the list of sessions and the rate limits are shared through Redis (a session's calls still return to the server that opened it).",
    url(["redis:", "rediss:"]),
    undefined,
    undefined,
    true,
  ),
  storeConnectTimeoutSeconds: variable(
    "STORE_CONNECT_TIMEOUT_SECONDS",
    "How long the start waits for PostgreSQL (DATABASE_URL) and Redis (REDIS_URL) to accept a connection, in seconds; past it, the server does not start (exit code 4).",
    integer(1, 600),
    10,
    "10",
  ),
  journalCheckpointEntries: renamed(
    variable(
      "JOURNAL_CHECKPOINT_ENTRIES",
      "A demo application or a served snapshot saves a checkpoint of its state once this many changes were journaled since the last one (and when the server stops).",
      integer(1, 100_000_000, { en: "entries", fr: "entrées" }),
      1000,
      "1000",
    ),
    "JOURNAL_SNAPSHOT_ENTRIES",
  ),
  journalCheckpointBytes: renamed(
    variable(
      "JOURNAL_CHECKPOINT_BYTES",
      "… or once the changes journaled since the last checkpoint hold this many bytes.",
      integer(1024, 16 * 1024 * 1024 * 1024),
      64 * 1024 * 1024,
      "67108864",
    ),
    "JOURNAL_SNAPSHOT_BYTES",
  ),
  demo: variable(
    "QIBATES_DEMO",
    "Demo mode: a demo API key, demo users and demo provider addresses served by the embedded engine.",
    boolean,
    true,
    "true",
  ),
  demoSessionViews: variable(
    "QIBATES_DEMO_SESSION_VIEWS",
    "Each session opened with the demo API key changes a copy of the demo data of its own, never seen by other sessions and dropped at logout or expiry; false: it changes the shared demo data.",
    boolean,
    true,
    "true",
  ),
  demoViewsMemoryMb: variable(
    "QIBATES_DEMO_VIEWS_MEMORY_MB",
    "The most memory, in MiB, the demo sessions' own copies of the demo data (QIBATES_DEMO_SESSION_VIEWS) hold together on one API node; past it, the copies used longest ago are set aside and rebuilt from the journal at their session's next call, nothing lost.",
    integer(16, 1_048_576),
    1024,
    "1024",
  ),
  gridWorkers: variable(
    "QIBATES_GRID_WORKERS",
    "Worker threads for the embedded engine's heavy grid and MDX reads (0: every read on the event loop, in slices).",
    integer(0, 16, { en: "worker threads", fr: "threads de travail" }),
    availableParallelism() > 1 ? 1 : 0,
    "1 (0 on one processor)",
  ),
  jobsPerUser: variable(
    "QIBATES_JOBS_PER_USER",
    "Jobs of the embedded engine (business rules, calculations, What-If writes, data loads, clears, exports) of one user running or waiting at once (one visitor's, for the shared demo account); past it, a job is refused at once (429 with Retry-After on the API, Essbase REST and Planning REST; an error in an HTTP 200 on XMLA and Smart View).",
    integer(1, 1000, { en: "jobs", fr: "tâches" }),
    4,
    "4",
  ),
  jobsTotal: variable(
    "QIBATES_JOBS_TOTAL",
    "Jobs of the embedded engine of all users running or waiting at once; past it, a job is refused the same way.",
    integer(1, 100_000, { en: "jobs", fr: "tâches" }),
    64,
    "64",
  ),
  snapshots: variable(
    "QIBATES_SNAPSHOTS",
    "Folder of cube snapshots (taken with qibates-snapshot), each served as an application of the embedded engine, beside the demo's (QIBATES_DEMO=true) or instead of them (false); a snapshot that fails a check stops the start.",
    optionalText,
    undefined as string | undefined,
    "(empty)",
  ),
  snapshotUsers: variable(
    "QIBATES_SNAPSHOT_USERS",
    "JSON file of the users who may log in to reach the snapshots: each a name, a passwordHash made by qibates-snapshot hash-password, and the snapshot applications it may open (or all). Needed with QIBATES_DEMO=false.",
    snapshotUsers,
    undefined as SnapshotUsers | undefined,
    "(empty)",
  ),
  wireEndpoints: variable(
    "QIBATES_WIRE_ENDPOINTS",
    `Comma-separated wire endpoints to serve (${WIRE_ENDPOINTS.join(", ")}, or all) over the embedded engine's demo users and data.`,
    wireEndpoints,
    [] as WireEndpoint[],
    "(empty)",
  ),
  wireAdministrators: variable(
    "QIBATES_WIRE_ADMINISTRATORS",
    "Comma-separated user names with the administrator's role on the wire endpoints: they see and manage every user's sessions, jobs, job status and files (case ignored; DOMAIN\\user and user@domain are one name). The demo users never have it.",
    userNames,
    [] as string[],
    "(empty)",
  ),
  wireUpstream: variable(
    "QIBATES_WIRE_UPSTREAM",
    "connector=providerAddress: the wire endpoints stand in front of that server, reached with that connector, instead of the embedded engine (its host must be on ALLOWED_HOSTS).",
    wireUpstream,
    undefined as WireUpstreamSetting | undefined,
    undefined,
  ),
  allowedHosts: variable(
    "ALLOWED_HOSTS",
    "Comma-separated host names (or *.domain) the server may connect to as provider addresses.",
    list,
    [] as string[],
    "(empty)",
  ),
  providerConnectTimeoutSeconds: variable(
    "PROVIDER_CONNECT_TIMEOUT_SECONDS",
    "Longest wait for a connection to a provider's server (Essbase, Planning, SSAS), in seconds.",
    integer(1, 600),
    10,
    "10",
  ),
  providerReadTimeoutSeconds: variable(
    "PROVIDER_READ_TIMEOUT_SECONDS",
    "Longest wait for the status line and all the headers of a provider's server's answer to a request (then between two parts of its body), in seconds.",
    integer(1, 3600),
    120,
    "120",
  ),
  upstreamMaxAnswerBytes: variable(
    "UPSTREAM_MAX_ANSWER_BYTES",
    "Largest answer read from a provider's server (Essbase, Planning, SSAS), in bytes; a larger one is refused (QB_ERR_PROVIDER_MALFORMED) before it is parsed. Raise it for servers whose whole dimensions are large (an XMLA member list).",
    integer(64 * 1024, 1024 * 1024 * 1024),
    16 * 1024 * 1024,
    "16777216",
  ),
  membersHeldMax: variable(
    "MEMBERS_HELD_MAX",
    "The most members of remote cubes (Essbase, SSAS, Smart View) the server keeps for every session together; past it, the members of the cubes and sessions used least recently are dropped (read again when a call needs them), never those a running call reads; a call that would still go past it is refused (QB_ERR_PROVIDER_MALFORMED).",
    integer(10_000, 100_000_000, { en: "members", fr: "membres" }),
    membersHeldDefault(),
    "a quarter of the heap",
  ),
  providerCaFile: variable(
    "PROVIDER_CA_FILE",
    "A PEM file of extra certificate authorities trusted for providers' TLS certificates (added to Node's own); a file that cannot be read or holds no PEM certificate stops the start.",
    caFile,
    undefined as string | undefined,
    undefined,
  ),
  ssasXmlaUrls: variable(
    "SSAS_XMLA_URLS",
    "Comma-separated providerAddress=xmlaUrl pairs: the XMLA address (e.g. https://host/olap/msmdpump.dll) an ssas provider address (…/aps/JAPI) stands for. Unlisted addresses use /olap/msmdpump.dll on the same scheme, host and port.",
    xmlaUrls,
    [] as [string, string][],
    "(empty)",
  ),
  calcJobTimeoutSeconds: variable(
    "CALC_JOB_TIMEOUT_SECONDS",
    "How long a calculation run on a provider's server is followed before the call answers that it is still running.",
    integer(1, 24 * 3600),
    600,
    "600",
  ),
  operationsKeptHours: variable(
    "OPERATIONS_KEPT_HOURS",
    "How long an API operation answered 202 (Prefer: respond-async) can still be read at GET /operations/{operationId} after it ends, in hours.",
    integer(1, 30 * 24),
    24,
    "24",
  ),
  operationsPerKey: variable(
    "OPERATIONS_PER_KEY",
    "Operations (Prefer: respond-async, answered 202) one API key may hold until they expire, running or ended (the public demo key: per client address); past it such a call answers 429 QB_ERR_OPERATION_LIMIT, nothing run or stored.",
    integer(1, 1_000_000, { en: "operations", fr: "opérations" }),
    1000,
    "1000",
  ),
  sessionIdleMinutes: variable(
    "SESSION_IDLE_MINUTES",
    "A session ends after this many minutes without a call.",
    integer(1, 24 * 60),
    30,
    "30",
  ),
  sessionMaxHours: variable(
    "SESSION_MAX_HOURS",
    "A session ends this many hours after login, however busy; a protocol endpoint's session lasts CONNECTION_TIMEOUT_SECONDS longer and ends after the request it is running, if any, so an API session that reaches these endpoints through a connector always ends before the endpoint session it uses.",
    integer(1, 7 * 24),
    12,
    "12",
  ),
  maxSessionsPerKey: variable(
    "MAX_SESSIONS_PER_KEY",
    "Sessions one API key owner may hold at once; a login beyond it ends that owner's oldest session.",
    integer(1, 100_000, { en: "sessions", fr: "sessions" }),
    100,
    "100",
  ),
  demoSessionsPerNetwork: variable(
    "DEMO_SESSIONS_PER_NETWORK",
    "Sessions of the public demo API key one client network may hold at once: an IPv6 client's /48 network, all its /64s together, or one IPv4 address (behind which a NAT may hold many people, so no wider IPv4 network counts). Past it, a login from that network is refused (429 QB_ERR_RATE_LIMITED, with when to retry) until some of its sessions end; nobody's session is ended. The demo key holds 10,000 sessions in all, past which every login with it is refused the same way: the default, a tenth of them, keeps one /56 home connection, which holds 256 /64s of MAX_SESSIONS_PER_KEY sessions each, from taking them all.",
    integer(1, 10_000, { en: "sessions", fr: "sessions" }),
    1_000,
    "1000",
  ),
  rateLimitPerMinute: variable(
    "RATE_LIMIT_PER_MINUTE",
    "Calls allowed per API key (or per address without a key, every request to the protocol endpoints included) per minute.",
    integer(1, 1_000_000, { en: "calls a minute", fr: "appels par minute" }),
    600,
    "600",
  ),
  wireLoginFailuresPerMinute: variable(
    "WIRE_LOGIN_FAILURES_PER_MINUTE",
    "Failed logins on the wire endpoints allowed per client address per minute (five times as many per user name).",
    integer(1, 1_000_000, { en: "failed logins a minute", fr: "échecs d'ouverture de session par minute" }),
    20,
    "20",
  ),
  wireSessionsPerNetwork: variable(
    "WIRE_SESSIONS_PER_NETWORK",
    "Sessions one client network may hold at once on each wire endpoint (QIBATES_WIRE_ENDPOINTS), all its users together: an IPv6 client's /48 network, all its /64s together, or one IPv4 address (behind which a NAT may hold many people, so no wider IPv4 network counts). Past it, a login from that network is refused (429, in the protocol's format) until some of its sessions end; nobody's session is ended. Each endpoint holds 10,000 sessions in all: the default, a tenth of them, keeps one /56 home connection, which holds 256 /64s, from filling an endpoint and locking every other visitor out, and leaves a company behind one /48 room for 1,000 open sessions of each endpoint, ten per user for 100 users working at once; raise it for a larger site.",
    integer(1, 10_000, { en: "sessions", fr: "sessions" }),
    1_000,
    "1000",
  ),
  wireFilesTotalMb: variable(
    "WIRE_FILES_TOTAL_MB",
    "The most memory, in MiB, the files of the Essbase REST endpoint's file catalog (QIBATES_WIRE_ENDPOINTS) take, all users' together, the names of files and folders included; past it, an upload is refused, once the files of visitors whose sessions all ended are deleted.",
    integer(1, 65_536),
    256,
    "256",
  ),
  wireFilesPerVisitorMb: variable(
    "WIRE_FILES_PER_VISITOR_MB",
    "The most, in MiB, the files of one visitor of the shared demo user take in the Essbase REST endpoint's file catalog: one client address, an IPv6 client counting with its whole /64 network; deleted with the visitor's last session. At most WIRE_FILES_TOTAL_MB.",
    integer(1, 65_536),
    16,
    "16",
  ),
  trustProxy: variable(
    "TRUST_PROXY",
    "Reverse proxies whose X-Forwarded-For gives the client address: off, a hop count, or addresses/CIDRs.",
    trustProxy,
    false as TrustProxy,
    "off",
  ),
  metrics: variable("METRICS", "Serve Prometheus metrics at /metrics.", boolean, true, "true"),
  metricsToken: variable(
    "METRICS_TOKEN",
    "Bearer token that /metrics requires; unset, /metrics answers only requests from this machine (loopback).",
    optionalText,
    undefined,
    undefined,
    true,
  ),
  maxGridCells: variable(
    "MAX_GRID_CELLS",
    "Largest grid (in cells) a call accepts or returns: an ad hoc grid or a form on the API, a grid or a query's result on the protocol endpoints, a data slice or a form's data cells on Planning REST (below its threshold of 100,000).",
    integer(1, 10_000_000, { en: "cells", fr: "cellules" }),
    500_000,
    "500000",
  ),
  bodyLimitBytes: variable(
    "BODY_LIMIT_BYTES",
    "Largest request body accepted.",
    integer(1024, 100 * 1024 * 1024),
    10 * 1024 * 1024,
    "10485760",
  ),
  requestTimeoutSeconds: variable(
    "REQUEST_TIMEOUT_SECONDS",
    "Time a client has to send a whole request (headers and body) before the connection is closed.",
    integer(1, 3600),
    60,
    "60",
  ),
  connectionTimeoutSeconds: variable(
    "CONNECTION_TIMEOUT_SECONDS",
    "The deadline of each call except a business rule or a calculation, all its requests to the provider's server together (past it, 504 QB_ERR_CALL_TIMEOUT); a connection on which nothing is sent is closed by REQUEST_TIMEOUT_SECONDS before its first request (by this setting instead, without a response, when it is the shorter, as is a client silent that long partway through its request) and by KEEP_ALIVE_TIMEOUT_SECONDS between calls, whatever this setting. It must be longer than the longest wait of a rule or calculation (CALC_JOB_TIMEOUT_SECONDS + PROVIDER_CONNECT_TIMEOUT_SECONDS + PROVIDER_READ_TIMEOUT_SECONDS), or the server refuses to start.",
    integer(1, 26 * 3600),
    900,
    "900",
  ),
  keepAliveTimeoutSeconds: variable(
    "KEEP_ALIVE_TIMEOUT_SECONDS",
    "An idle keep-alive connection is closed after this many seconds.",
    integer(1, 3600),
    72,
    "72",
  ),
  googleClientId: variable(
    "GOOGLE_CLIENT_ID",
    "OAuth client ID of the Google sign-in that issues API keys; unset, Google sign-in is not offered.",
    optionalText,
    undefined,
    undefined,
  ),
  googleClientSecret: variable(
    "GOOGLE_CLIENT_SECRET",
    "OAuth client secret of the Google sign-in.",
    optionalText,
    undefined,
    undefined,
    true,
  ),
  microsoftClientId: variable(
    "MICROSOFT_CLIENT_ID",
    "Application (client) ID of the Microsoft sign-in that issues API keys; unset, Microsoft sign-in is not offered.",
    optionalText,
    undefined,
    undefined,
  ),
  microsoftClientSecret: variable(
    "MICROSOFT_CLIENT_SECRET",
    "Client secret of the Microsoft sign-in.",
    optionalText,
    undefined,
    undefined,
    true,
  ),
  microsoftTenant: variable(
    "MICROSOFT_TENANT",
    "Microsoft Entra tenant: common, organizations, consumers, or a tenant ID or domain.",
    tenant,
    "common",
    "common",
  ),
  administrators: variable(
    "ADMINISTRATORS",
    "E-mail addresses of the administrators, separated by commas: whoever signs in with one of them through Google or Microsoft lists and revokes every account's API keys and reads the event log of keys; unset, nobody does.",
    emailAddresses,
    [] as string[],
    undefined,
  ),
  administratorGroups: variable(
    "ADMINISTRATOR_GROUPS",
    "Microsoft Entra group object IDs (GUIDs), separated by commas: whoever signs in through Microsoft with one of these groups in the ID token's groups claim is an administrator, as with ADMINISTRATORS. Google accounts carry no groups: name them by e-mail. Unset, no group does.",
    groupIds,
    [] as string[],
    undefined,
  ),
} as const;

type Variables = typeof variables;
export type Config = { [K in keyof Variables]: Variables[K]["fallback"] };

/**
 * Hides the user and password of every URL in a setting's value (`scheme://user:pass@host` → `scheme://***@host`),
 * as shown in an error: SSAS_XMLA_URLS holds several.
 */
export function redactCredentials(raw: string): string {
  return raw.replace(/\/\/[^/@\s]*@/g, "//***@");
}

/** Whether the embedded engine serves the addresses of `DEMO_HOST`: the demo, or snapshots to their users. */
export function embeddedServed(config: Pick<Config, "demo" | "snapshots">): boolean {
  return config.demo || config.snapshots !== undefined;
}

/** Whether an address names this machine: localhost, 127.0.0.1 or [::1] (a URL's host name is lower case). */
export function isLoopbackUrl(url: URL): boolean {
  return url.hostname === "localhost" || url.hostname === "127.0.0.1" || url.hostname === "[::1]";
}
