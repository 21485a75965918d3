import { readFileSync } from "node:fs";
import { openProvider } from "@qibates/connectors";
import { type NetworkPolicy, Upstreams } from "@qibates/connectors/net";
import { addressKey } from "@qibates/connectors/xmla";
import { importDataFile, SNAPSHOT_APPLICATION_NAME, SNAPSHOT_APPLICATION_NAME_RULE } from "@qibates/embedded";
import { CONNECTORS, type Connector, type Provider, UNREACHABLE_REASON } from "@qibates/provider";
import { redactCredentials, variables } from "@qibates/server/config";
import { hashPassword } from "@qibates/server/snapshot-users";
import { type Progress, runKept, SnapshotRunError, takeSnapshot } from "./snapshot/take.ts";
import { count } from "./snapshot/words.ts";
import { answerWithoutRunning, parseSnapshotArgs, refusal } from "./snapshot-usage.ts";

export interface Io {
  out(s: string): void;
  err(s: string): void;
  /** Whether standard error is a terminal (progress on one line that updates). */
  tty: boolean;
  env: Record<string, string | undefined>;
  /** Asks for the password without echo (only on a terminal); `prompt` replaces "Password: ". */
  askPassword?: (prompt?: string) => Promise<string>;
  /** Reads the first line of standard input (when it is not a terminal): `firstLine(process.stdin)`. */
  readStdin?: () => Promise<string>;
  /** Checked between chunks: true stops the run. */
  interrupted?: () => boolean;
}

/**
 * UPSTREAM_MAX_ANSWER_BYTES and SSAS_XMLA_URLS, read and checked as the server reads them; undefined (after
 * saying what is wrong) when one is wrong.
 */
function serverSettings(io: Io): ServerSettings | undefined {
  /** `{ value }` (none when unset), or undefined once the error is written. */
  const read = <T>(v: { env: string; parse: (raw: string) => T }): { value?: T } | undefined => {
    const raw = io.env[v.env];
    if (raw === undefined || raw.trim() === "") return {};
    try {
      return { value: v.parse(raw) };
    } catch (e) {
      // As the server shows it: an address's user name and password hidden.
      const shown = redactCredentials(raw);
      io.err(`qibates-snapshot: ${v.env} (${shown}): ${e instanceof Error ? e.message : String(e)}\n`);
      return undefined;
    }
  };
  const maxAnswerBytes = read(variables.upstreamMaxAnswerBytes);
  const xmlaUrls = maxAnswerBytes && read(variables.ssasXmlaUrls);
  if (!maxAnswerBytes || !xmlaUrls) return undefined;
  return {
    ...(maxAnswerBytes.value !== undefined ? { maxAnswerBytes: maxAnswerBytes.value } : {}),
    ...(xmlaUrls.value !== undefined ? { xmlaUrls: xmlaUrls.value } : {}),
  };
}

function usage(io: Io, message: string): number {
  io.err(refusal(message));
  return 2;
}

/**
 * What the connectors' network layer logs when a server gives no usable answer (`Upstreams`' `log`), as one line:
 * the cause (a refused connection, a name that does not resolve, an untrusted certificate, a timeout) or the
 * HTTP status the server answered without its protocol's error message, with an excerpt of its body. The error
 * itself says only "no usable answer"; the server writes this to its log, the command to standard error.
 */
export function upstreamWarning(details: Record<string, unknown>): string {
  const at = typeof details.upstream === "string" ? details.upstream : "the server";
  if (typeof details.cause === "string") return `${at}: ${details.cause}`;
  const request = typeof details.request === "string" ? details.request : "a request";
  const location =
    typeof details.location === "string" ? `, a redirect to ${details.location} (not followed)` : "";
  const type = typeof details.contentType === "string" ? ` (${details.contentType})` : "";
  const body = typeof details.body === "string" && details.body !== "" ? `: ${details.body}` : "";
  return `${at}: ${request} was answered with HTTP status ${String(details.status)}${location}${type}, not an answer of its protocol${body}`;
}

/** The reason of UPSTREAM_UNREACHABLE as the command gives it: the cause is the warning printed before it. */
const UNREACHABLE_REASON_HERE = UNREACHABLE_REASON.en.replace(
  "the QiBates log tells which",
  "the warning above tells which",
);

/**
 * The server's network settings the command reads the same way, for the same servers: the largest answer read
 * (UPSTREAM_MAX_ANSWER_BYTES) and, for `ssas`, where msmdpump.dll is (SSAS_XMLA_URLS).
 */
export interface ServerSettings {
  maxAnswerBytes?: number;
  xmlaUrls?: readonly (readonly [string, string])[];
}

/**
 * Opens the provider of a connector, allowed to reach only the address's host (and, for `ssas`, the host of the
 * msmdpump.dll address SSAS_XMLA_URLS maps it to).
 */
export function providerFor(
  connector: Connector,
  address: URL,
  extraCa?: string,
  log?: NetworkPolicy["log"],
  settings: ServerSettings = {},
): { provider: Provider; close(): Promise<void> } {
  const xmlaUrls = new Map((settings.xmlaUrls ?? []).map(([from, to]) => [addressKey(from), to]));
  const mapped = connector === "ssas" ? xmlaUrls.get(addressKey(address)) : undefined;
  const upstreams = new Upstreams({
    allowedHosts: [address.hostname, ...(mapped ? [new URL(mapped).hostname] : [])],
    ...(extraCa ? { extraCa } : {}),
    ...(log ? { log } : {}),
    ...(settings.maxAnswerBytes ? { maxAnswerBytes: settings.maxAnswerBytes } : {}),
    connectTimeoutMs: 10_000,
    readTimeoutMs: 300_000,
  });
  // planning: Planning REST with Smart View's protocol at the same address (alias tables); pbcs: REST alone.
  // The server's export of a large cube (essbase-stndln) is one job: it is given an hour.
  const jobTimeoutMs = connector === "essbase-stndln" ? 3_600_000 : 300_000;
  const opened = openProvider(connector, {
    upstreams,
    idleMs: 3_600_000,
    jobTimeoutMs,
    settings: { ssasXmlaUrls: settings.xmlaUrls ?? [] },
  });
  return {
    provider: opened.provider,
    async close() {
      await opened.close();
      await upstreams.close();
    },
  };
}

const seconds = (ms: number) => {
  const s = Math.max(0, Math.round(ms / 1000));
  return s >= 60 ? `${Math.floor(s / 60)} min ${s % 60} s` : `${s} s`;
};

export function progressOf(io: Io): Progress & { end(): void } {
  let lastLine = 0;
  let lastPercent = -1;
  let open = false;
  /** The waits between tries of a query: when each ended, and how long it was. */
  const pauses: { at: number; ms: number }[] = [];
  return {
    step(line) {
      if (open) io.err("\n");
      open = false;
      io.err(`${line}\n`);
    },
    warn(line) {
      if (open) io.err("\n");
      open = false;
      io.err(`warning: ${line}\n`);
    },
    paused(ms) {
      pauses.push({ at: Date.now(), ms });
    },
    data({ cube, chunk, chunks, cells, startedAt, chunksBefore, cellsBefore }) {
      // The rate and the time left count this run's reads only (not those of the run it resumes), and the time
      // spent reading (not the waits between tries of a query).
      const paused = pauses.reduce((sum, p) => (p.at >= startedAt ? sum + p.ms : sum), 0);
      const elapsed = Math.max(0, Date.now() - startedAt - paused);
      const rate = elapsed > 0 ? Math.round(((cells - cellsBefore) * 1000) / elapsed) : 0;
      // `chunks` 0: the server's export file, read as it arrives (`chunk`: its lines read).
      if (chunks === 0) {
        const line = `${cube}: ${count(cells, "cell")} read from the export, ${rate} cells/s`;
        if (Date.now() - lastLine < (io.tty ? 200 : 10_000)) return;
        lastLine = Date.now();
        io.err(io.tty ? `\r${line}\u001b[K` : `${line}\n`);
        open = io.tty;
        return;
      }
      const done = chunk - chunksBefore;
      const left = done > 0 ? ((chunks - chunk) * elapsed) / done : 0;
      const line = `${cube}: ${count(cells, "cell")} read, query ${chunk} of ${chunks}, ${rate} cells/s, about ${seconds(left)} left`;
      if (io.tty) {
        if (Date.now() - lastLine < 200 && chunk < chunks) return;
        lastLine = Date.now();
        io.err(`\r${line}\u001b[K`);
        open = true;
        return;
      }
      const percent = Math.floor((chunk * 10) / chunks) * 10;
      if (percent !== lastPercent || chunk === chunks) {
        lastPercent = percent;
        io.err(`${line}\n`);
      }
    },
    end() {
      if (open) io.err("\n");
      open = false;
    },
  };
}

/** `--import-data FILE --into SNAPSHOT`: a data file replaces a snapshot's data (`@qibates/embedded`'s `snapshot-import.ts`). */
async function importMode(values: Record<string, string | boolean | undefined>, io: Io): Promise<number> {
  const file = values["import-data"];
  const into = values.into;
  if (typeof file !== "string" || file === "") return usage(io, "--import-data names the data file to read");
  if (typeof into !== "string" || into === "")
    return usage(io, "--import-data needs --into, the snapshot's folder");
  const others = [
    "connector",
    "address",
    "user",
    "server",
    "application",
    "out",
    "name",
    "force",
    "read",
    "password",
  ].filter((k) => values[k] !== undefined);
  if (others.length > 0)
    return usage(
      io,
      `--import-data takes --into, --cube and --skip-rejected only (not --${others.join(", --")})`,
    );
  const started = Date.now();
  io.err(`Reading ${file} into the snapshot in ${into}\n`);
  try {
    const r = await importDataFile({
      folder: into,
      file,
      ...(typeof values.cube === "string" ? { cube: values.cube } : {}),
      skipRejected: values["skip-rejected"] === true,
      progress: (lines, cells) => io.err(`${count(lines, "line")} read, ${count(cells, "value")} loaded\n`),
    });
    const rejected = r.firstRejected.map((e) => `  line ${e.line}: ${e.reason}`);
    if (!r.written) {
      io.err(
        [
          `qibates-snapshot: ${r.rejected} of ${count(r.lines, "line")} ${r.rejected === 1 ? "was" : "were"} rejected; the snapshot is unchanged. The first:`,
          ...rejected,
          "Fix the file, or run again with --skip-rejected to keep the values that load.",
          "",
        ].join("\n"),
      );
      return 1;
    }
    io.out(
      [
        `Cube ${r.cube} of ${into}: ${count(r.cells, "stored cell")} from ${count(r.lines, "line")} (${count(r.values, "value")}) in ${seconds(Date.now() - started)}`,
        ...(r.rejected > 0
          ? [`  ${count(r.rejected, "line")} rejected (--skip-rejected); the first:`, ...rejected]
          : []),
        "",
      ].join("\n"),
    );
    return 0;
  } catch (e) {
    io.err(`qibates-snapshot: ${e instanceof Error ? e.message : String(e)}\n`);
    return 1;
  }
}

/** The longest line `hash-password` reads from standard input. */
export const PASSWORD_LINE_MAX_BYTES = 4096;

/**
 * The first line of `input`, read no further than its end (`\n`; a `\r` before it dropped) nor than `max`
 * bytes: what follows is never read (`yes | qibates-snapshot hash-password` read standard input whole, 9.1 GB);
 * a longer line is refused. A leading byte-order mark (Windows' Notepad writes one) is dropped.
 */
export async function firstLine(
  input: AsyncIterable<Buffer | string> | Iterable<Buffer | string>,
  max: number = PASSWORD_LINE_MAX_BYTES,
): Promise<string> {
  const chunks: Buffer[] = [];
  let bytes = 0;
  for await (const chunk of input) {
    const b = typeof chunk === "string" ? Buffer.from(chunk, "utf8") : chunk;
    const end = b.indexOf(0x0a);
    chunks.push(end >= 0 ? b.subarray(0, end) : b);
    bytes += end >= 0 ? end : b.length;
    if (end >= 0 || bytes > max) break;
  }
  if (bytes > max) throw new Error(`the first line of standard input is longer than ${max} bytes`);
  return Buffer.concat(chunks)
    .toString("utf8")
    .replace(/^\uFEFF/, "")
    .replace(/\r$/, "");
}

/** `hash-password`: a hash of a password for QIBATES_SNAPSHOT_USERS, the password never an argument. */
async function hashMode(io: Io): Promise<number> {
  let password: string;
  if (io.askPassword) {
    password = await io.askPassword("Password: ");
    const again = await io.askPassword("Password again: ");
    if (again !== password) {
      io.err("qibates-snapshot: the two passwords differ; nothing written\n");
      return 1;
    }
  } else if (io.readStdin) {
    // The first line: `printf '%s' "$P" | …` and `echo "$P" | …` give the same hash; a byte-order mark is no
    // part of the password.
    try {
      password = (await io.readStdin()).replace(/^\uFEFF/, "").split(/\r?\n/)[0] ?? "";
    } catch (e) {
      io.err(`qibates-snapshot: ${e instanceof Error ? e.message : String(e)}; nothing written\n`);
      return 1;
    }
  } else {
    io.err("qibates-snapshot: no terminal to ask the password on and no standard input to read it from\n");
    return 2;
  }
  if (password === "") {
    io.err("qibates-snapshot: the password is empty; nothing written\n");
    return 1;
  }
  io.out(`${await hashPassword(password)}\n`);
  return 0;
}

export async function main(argv: readonly string[], io: Io): Promise<number> {
  const answer = answerWithoutRunning(argv);
  if (answer) {
    if (answer.out) io.out(answer.out);
    if (answer.err) io.err(answer.err);
    return answer.code;
  }
  if (argv[0] === "hash-password") return hashMode(io);
  const values = parseSnapshotArgs(argv);
  if (values["import-data"] !== undefined || values.into !== undefined) return importMode(values, io);
  if (values.password !== undefined) {
    return usage(io, "the password is never an argument: set QIBATES_PASSWORD or type it when asked");
  }
  for (const key of ["connector", "address", "user", "server", "application", "out"] as const) {
    if (typeof values[key] !== "string" || values[key] === "") return usage(io, `--${key} is required`);
  }
  const connector = values.connector as Connector;
  if (!(CONNECTORS as readonly string[]).includes(connector)) {
    return usage(io, `--connector must be one of ${CONNECTORS.join(", ")}`);
  }
  let address: URL;
  try {
    address = new URL(values.address as string);
  } catch {
    return usage(io, "--address must be an http or https address");
  }
  if (address.protocol !== "http:" && address.protocol !== "https:") {
    return usage(io, "--address must be an http or https address");
  }
  if (address.username || address.password)
    return usage(io, "--address must not hold a user name or password");
  const read = (values.read ?? "auto") as string;
  if (read !== "auto" && read !== "grid" && read !== "export")
    return usage(io, "--read must be auto, grid or export");
  const name = values.name as string | undefined;
  if (name !== undefined && !SNAPSHOT_APPLICATION_NAME.test(name)) {
    return usage(io, `--name must be ${SNAPSHOT_APPLICATION_NAME_RULE}`);
  }
  // The snapshot is served under the application's own name without --name: the same rule holds for it.
  if (name === undefined && !SNAPSHOT_APPLICATION_NAME.test(values.application as string)) {
    return usage(
      io,
      `the application's name cannot name a snapshot (${SNAPSHOT_APPLICATION_NAME_RULE}): give --name`,
    );
  }
  const settings = serverSettings(io);
  if (!settings) return 2;
  let password = io.env.QIBATES_PASSWORD;
  if (password === undefined) {
    if (!io.askPassword) {
      io.err("qibates-snapshot: set QIBATES_PASSWORD (no terminal to ask the password on)\n");
      return 2;
    }
    password = await io.askPassword();
  }
  let extraCa: string | undefined;
  const caFile = io.env.PROVIDER_CA_FILE;
  if (caFile) {
    try {
      extraCa = readFileSync(caFile, "utf8");
    } catch (e) {
      io.err(`qibates-snapshot: PROVIDER_CA_FILE ${caFile} cannot be read (${(e as Error).message})\n`);
      return 2;
    }
  }
  const progress = progressOf(io);
  // Why a server gave no usable answer, on standard error (the server would log it).
  const { provider, close } = providerFor(
    connector,
    address,
    extraCa,
    { warn: (details) => progress.warn(upstreamWarning(details)) },
    settings,
  );
  try {
    const result = await takeSnapshot({
      provider,
      connector,
      address: address.href.replace(/\/$/, ""),
      user: values.user as string,
      password,
      server: values.server as string,
      application: values.application as string,
      ...(values.cube ? { cube: values.cube as string } : {}),
      out: values.out as string,
      ...(name ? { name } : {}),
      force: values.force === true,
      read,
      progress,
      ...(io.interrupted ? { interrupted: io.interrupted } : {}),
    });
    progress.end();
    if (result.interrupted) {
      io.err(
        result.nothingKept
          ? "interrupted before any data was read: nothing is kept; run the same command again to start over\n"
          : `interrupted: what was read is kept in ${result.folder}; run the same command again to resume\n`,
      );
      return 1;
    }
    const m = result.manifest;
    const members = m.cubes.reduce((n, c) => n + c.members, 0);
    const cells = m.cubes.reduce((n, c) => n + c.cells, 0);
    const computed = m.cubes.reduce((n, c) => n + c.computedMembers.length, 0);
    io.out(
      [
        `Snapshot of ${m.source.application} (${m.cubes.map((c) => c.name).join(", ")}) written to ${result.folder}`,
        `  served as application ${m.application}; ${count(members, "member")}, ${count(cells, "cell")}`,
        ...(computed > 0
          ? [
              `  ${count(computed, "member")} ${computed === 1 ? "keeps" : "keep"} the values the server computed (listed in manifest.json)`,
            ]
          : []),
        ...(m.notCarried.length > 0
          ? ["  not carried by this connector:", ...m.notCarried.map((n) => `  - ${n}`)]
          : []),
        "",
      ].join("\n"),
    );
    return 0;
  } catch (e) {
    progress.end();
    const message = (e instanceof Error ? e.message : String(e)).replace(
      UNREACHABLE_REASON.en,
      UNREACHABLE_REASON_HERE,
    );
    const code = (e as { code?: string }).code;
    const own = e instanceof SnapshotRunError;
    // The resume is offered where the run left what it read (a run stopped before the data leaves nothing).
    const kept =
      (!own || e.resumable) &&
      runKept({
        out: values.out as string,
        application: values.application as string,
        ...(name ? { name } : {}),
      });
    io.err(
      `qibates-snapshot: ${own ? "" : code ? `${code}: ` : ""}${message}\n` +
        (kept ? "what was read is kept: run the same command again to resume\n" : ""),
    );
    return 1;
  } finally {
    await close();
  }
}
