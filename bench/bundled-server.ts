import { type ChildProcess, spawn } from "node:child_process";
import { SERVER_ENTRY } from "../scripts/server-build.mjs";

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
 * Starts the server bundle on a free loopback port (no site, warnings only) with `env` added to this process's,
 * and answers once its banner names the API's address (rejects if it exits first).
 */
export async function startBundledServer(env: Record<string, string>): Promise<BundledServer> {
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    env: { ...process.env, PORT: "0", HOST: "127.0.0.1", SITE_DIR: "", LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout.on("data", (c: Buffer) => {
    out += c.toString();
  });
  child.stderr.on("data", (c: Buffer) => {
    out += c.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const base = await new Promise<string>((resolve, reject) => {
    const check = setInterval(() => {
      const m = /REST API\s+(http:\/\/\S+?)\/qibates\/api\/v2/.exec(out);
      if (m?.[1]) {
        clearInterval(check);
        resolve(m[1].replace("localhost", "127.0.0.1"));
      }
    }, 5);
    void exited.then((code) => {
      clearInterval(check);
      reject(new Error(`server exited (${code}):\n${out}`));
    });
  });
  return { child, base, exited, output: () => out };
}
