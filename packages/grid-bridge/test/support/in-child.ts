import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

/**
 * Runs a scenario script (TypeScript, through tsx) in a child Node process and answers the JSON it prints last;
 * the child is killed after `timeoutMs`, and the answer is then an error. A scenario that never gives the event
 * loop back (a loop of promises without end) holds its own process, never the test run: the test fails. The one
 * home of this helper: the connectors' lying-server scenarios import it from here too.
 */
export function runInChild(script: URL, timeoutMs: number, args: string[] = []): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ["--import", "tsx", "--expose-gc", fileURLToPath(script), ...args],
      {
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let out = "";
    let err = "";
    child.stdout.setEncoding("utf8").on("data", (c: string) => {
      out += c;
    });
    child.stderr.setEncoding("utf8").on("data", (c: string) => {
      err += c;
    });
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`the scenario did not end within ${timeoutMs} ms (it hung): ${out.slice(-2000)}`));
    }, timeoutMs);
    child.on("close", (code) => {
      clearTimeout(timer);
      const last = out.trim().split("\n").pop() ?? "";
      try {
        resolve(JSON.parse(last));
      } catch {
        reject(new Error(`the scenario ended (${code}) without its answer: ${err.slice(-2000)}`));
      }
    });
  });
}
