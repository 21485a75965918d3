import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { SERVER_ENTRY } from "../scripts/server-build.mjs";
import { benchPorts, checkPort, listenPort } from "./ports.mjs";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

/** The server as `npm start` runs it (the bundle, plain node), started by a benchmark. */
export interface BundledServer {
  child: ChildProcess;
  /** `http://127.0.0.1:PORT`, from the start-up banner. */
  base: string;
  /** Resolves with the exit code once the process ended. */
  exited: Promise<number | null>;
  /** What the process printed so far. */
  output: () => string;
}

/**
 * Starts the server bundle on a free loopback port (of the benchmark's `--ports`; no site, warnings only) with `env` added to this process's,
 * and answers once its banner names the API's address (rejects if it exits first).
 */
export async function startBundledServer(env: Record<string, string>): Promise<BundledServer> {
  // QIBATES_BENCH_SERVER: another build's main.mjs, to compare two builds in one run; QIBATES_BENCH_NODE_ARGS:
  // node flags for the server (`--cpu-prof --cpu-prof-dir=/tmp/prof`, `--trace-gc`), space-separated.
  const entry = process.env.QIBATES_BENCH_SERVER || SERVER_ENTRY;
  const nodeArgs = (process.env.QIBATES_BENCH_NODE_ARGS ?? "").split(" ").filter((a) => a !== "");
  const child = spawn(process.execPath, [...nodeArgs, entry], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(await listenPort()),
      HOST: "127.0.0.1",
      SITE_DIR: "",
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  // The last 100-200 kB of what it printed (a server run for minutes by load-faults).
  const onData = (c: Buffer) => {
    out += c.toString();
    if (out.length > 200_000) out = out.slice(-100_000);
  };
  child.stdout.on("data", onData);
  child.stderr.on("data", onData);
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const base = await new Promise<string>((resolve, reject) => {
    const check = setInterval(() => {
      const m = /REST API\s+(http:\/\/\S+?)\/qibates\/api\/v2/.exec(out);
      if (m?.[1]) {
        clearInterval(check);
        const base = m[1].replace("localhost", "127.0.0.1");
        try {
          checkPort(Number(new URL(base).port), benchPorts(), "the server");
          resolve(base);
        } catch (error) {
          child.kill();
          reject(error);
        }
      }
    }, 5);
    void exited.then((code) => {
      clearInterval(check);
      reject(new Error(`server exited (${code}):\n${out}`));
    });
  });
  return { child, base, exited, output: () => out };
}
