import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { NOWHERE_ARGS, runSnapshotCli } from "../support/run-snapshot-cli.ts";

/**
 * What the command tells a user who runs it against a server it cannot use, or with options it does not take:
 * the cause of a failure it would otherwise leave to a log it does not have, and every refusal by exit code 2.
 */

const run = runSnapshotCli;

const listening = (server: Server) =>
  new Promise<number>((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port)),
  );

const dirs: string[] = [];
const servers: Server[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await new Promise((r) => s.close(r));
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const take = (address: string) => {
  const out = mkdtempSync(join(tmpdir(), "qibates-cli-messages-"));
  dirs.push(out);
  return run(
    [
      "--connector",
      "essbase-stndln",
      "--address",
      address,
      "--user",
      "demo",
      "--server",
      "EssbaseCluster-1",
      "--application",
      "Sample",
      "--out",
      out,
    ],
    { QIBATES_PASSWORD: "demo" },
  );
};

describe("qibates-snapshot against a server it cannot use", () => {
  it("says why a server gives no usable answer: a refused connection", async () => {
    const closed = createServer();
    const port = await listening(closed);
    await new Promise((r) => closed.close(r));
    const r = await take(`http://127.0.0.1:${port}/essbase/japi`);
    expect(r.code).toBe(1);
    expect(r.err).toContain(`warning: http://127.0.0.1:${port}: the connection failed (ECONNREFUSED)\n`);
    // The error points at that line, not at a QiBates log the command does not write.
    expect(r.err).not.toContain("the QiBates log tells which");
    expect(r.err).toContain(`Cannot reach http://127.0.0.1:${port}: no usable answer`);
    expect(r.err).toContain("the warning above tells which");
  });

  it("says why a server gives no usable answer: an HTTP error that is not Essbase's, with its body", async () => {
    const server = createServer((_req, res) => {
      res.writeHead(404, { "content-type": "text/html" });
      res.end("<html><body>No context found for /essbase</body></html>");
    });
    servers.push(server);
    const port = await listening(server);
    const r = await take(`http://127.0.0.1:${port}/essbase/japi`);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(
      new RegExp(
        `warning: http://127\\.0\\.0\\.1:${port}: \\S+ \\S+ was answered with HTTP status 404 \\(text/html\\), not an answer of its protocol: .*No context found for /essbase`,
      ),
    );
    expect(r.err).toContain("the warning above tells which");
  });
});

describe("qibates-snapshot's refusals of its options", () => {
  it("refuses --read with --import-data, which reads a file, not a server", async () => {
    const r = await run(["--import-data", "f.txt", "--into", "d", "--read", "grid"]);
    expect(r.code).toBe(2);
    expect(r.err).toContain("--import-data takes --into, --cube and --skip-rejected only (not --read)");
  });

  it("says what --name refuses: a name that starts with a space or -, an accented letter", async () => {
    for (const name of ["-Copy", " Copy", "Café"]) {
      const r = await run([
        ...NOWHERE_ARGS,
        "--server",
        "s",
        "--application",
        "a",
        "--out",
        "o",
        `--name=${name}`,
      ]);
      expect(r.code, name).toBe(2);
      expect(r.err, name).toContain(
        "--name must be 1 to 30 unaccented letters, digits, spaces, _ or -, not starting with a space or -, as an Essbase application name",
      );
    }
  });
});
