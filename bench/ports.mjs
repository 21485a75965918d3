// The ports a benchmark may listen on. `--ports FROM-TO` on a benchmark's command line (both ends included)
// gives every listener it starts — the server, its proxies, stand-ins and wire endpoints, in its own process or
// in a child — a port of that range; without it each takes any free port the system gives, as before. A child
// process learns the range from QIBATES_BENCH_PORTS, which the parent sets once it has read its command line,
// so a child started with this process's environment draws from the same range.
import net from "node:net";

/** The environment variable that carries the range to the benchmark's child processes. */
export const PORTS_ENV = "QIBATES_BENCH_PORTS";

/**
 * A port range `FROM-TO` (both included), or `null` (`""` or `any`) for any free port the system gives.
 * @param {string} text
 * @returns {{ from: number, to: number } | null}
 * @throws {RangeError} when `text` is not such a range.
 */
export function parsePortRange(text) {
  if (text === "" || text === "any") return null;
  const m = /^(\d{1,5})-(\d{1,5})$/.exec(text);
  const from = Number(m?.[1]);
  const to = Number(m?.[2]);
  if (!m || from < 1024 || to > 65535 || from > to)
    throw new RangeError(`--ports: ${text} is not FROM-TO with 1024 <= FROM <= TO <= 65535`);
  return { from, to };
}

/** The range text given on a command line (`--ports A-B` or `--ports=A-B`), or `undefined`. */
function portsArgument(argv) {
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--ports") return argv[i + 1] ?? "";
    if (a.startsWith("--ports=")) return a.slice("--ports=".length);
  }
  return undefined;
}

/**
 * The range a benchmark's command line gives (else the one its parent passed in QIBATES_BENCH_PORTS), or `null`.
 * A malformed range ends the process with exit code 2 before anything starts.
 * @param {{ argv?: readonly string[], env?: NodeJS.ProcessEnv }} [from]
 * @returns {{ from: number, to: number } | null}
 */
export function portRangeOf({ argv = process.argv.slice(2), env = process.env } = {}) {
  const text = portsArgument(argv) ?? env[PORTS_ENV] ?? "";
  try {
    return parsePortRange(text);
  } catch (error) {
    process.stderr.write(`${error.message}; nothing was run.\n`);
    process.exit(2);
  }
}

// Read as this module loads, so that every child process the benchmark starts afterwards inherits the range.
const range = portRangeOf();
if (range) process.env[PORTS_ENV] = `${range.from}-${range.to}`;

/** This process's range: its `--ports`, else its parent's; `null` for any free port. */
export function benchPorts() {
  return range;
}

/** A command line without its `--ports` option and value: the plain arguments of a benchmark that reads them by place. */
export function withoutPorts(argv) {
  const out = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--ports") i++;
    else if (!argv[i].startsWith("--ports=")) out.push(argv[i]);
  }
  return out;
}

/**
 * The proxy port a benchmark was given by place: `0` for a free port (of `--ports` when given); a port given
 * outside `--ports` is refused (exit code 2) before anything starts.
 */
export async function givenPort(port, what) {
  if (port === 0) return freePort();
  if (!inRange(port, range)) {
    process.stderr.write(`${what} ${port} is outside --ports ${range.from}-${range.to}; nothing was run.\n`);
    process.exit(2);
  }
  return port;
}

/** Whether `port` may be used within `range` (any port when there is no range). */
export function inRange(port, range) {
  return range === null || (Number.isInteger(port) && port >= range.from && port <= range.to);
}

/**
 * Throws unless `port` lies within `range`: a listener that reports its port (a child's banner) is checked so.
 * @param {number} port
 * @param {{ from: number, to: number } | null} range
 * @param {string} what the listener, for the message
 */
export function checkPort(port, range, what = "a listener") {
  if (!inRange(port, range))
    throw new RangeError(`${what} listens on ${port}, outside --ports ${range.from}-${range.to}`);
  return port;
}

const taken = new Set();

/** Listens on `port` of 127.0.0.1 and closes at once: the port it got, or `null` when it is taken. */
const probe = (port) =>
  new Promise((resolve) => {
    const s = net.createServer();
    s.once("error", () => resolve(null));
    s.listen(port, "127.0.0.1", () => {
      const got = s.address().port;
      s.close(() => resolve(got));
    });
  });

/**
 * A free port on 127.0.0.1 within `range`, never one this process handed out before; any free port when
 * `range` is `null`. Throws when every port of the range is taken: never a port outside it.
 * @param {{ from: number, to: number } | null} [range]
 * @returns {Promise<number>}
 */
export async function freePort(range = benchPorts()) {
  if (!range) return probe(0);
  for (let p = range.from; p <= range.to; p++) {
    if (taken.has(p)) continue;
    const got = await probe(p);
    if (got !== null) {
      taken.add(got);
      return checkPort(got, range);
    }
  }
  throw new RangeError(`no free port in --ports ${range.from}-${range.to}`);
}

/**
 * The port to give a listener (`server.listen(port)`, `PORT` of a child server): `0` (the system's choice)
 * without a range, else a free port of the range.
 * @param {{ from: number, to: number } | null} [range]
 * @returns {Promise<number>}
 */
export async function listenPort(range = benchPorts()) {
  return range ? freePort(range) : 0;
}
