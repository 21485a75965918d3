import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ConnectorHarness, openConnectorHarness } from "../../src/answer-key.ts";
import { runSnapshotCli } from "../support/run-snapshot-cli.ts";

/**
 * The network settings an administrator already gives the QiBates server for the same servers, which the snapshot
 * page tells them to give the command too: SSAS_XMLA_URLS (where msmdpump.dll is when it is not
 * /olap/msmdpump.dll on the provider address's host) and UPSTREAM_MAX_ANSWER_BYTES (the largest answer read,
 * which the command's own error names when an answer is larger).
 */

let xmla: ConnectorHarness;
const root = mkdtempSync(join(tmpdir(), "qibates-cli-server-settings-"));
beforeAll(async () => {
  xmla = await openConnectorHarness({ via: "ssas" });
}, 120_000);
afterAll(async () => {
  await xmla?.close();
  rmSync(root, { recursive: true, force: true });
});

/** A provider address whose host serves nothing (port 1): only SSAS_XMLA_URLS can lead the command elsewhere. */
const NOWHERE = "http://127.0.0.1:1/aps/JAPI";

const take = (
  address: string,
  name: string,
  env: Record<string, string>,
  stopWhen?: (err: string) => boolean,
) =>
  runSnapshotCli(
    [
      ...["--connector", "ssas", "--address", address, "--user", "demo", "--server", "EssbaseCluster-1"],
      ...["--application", "Sample", "--cube", "Basic", "--out", root, "--name", name],
    ],
    { QIBATES_PASSWORD: "demo", ...env },
    stopWhen,
  );

/** The XMLA address of the local endpoint (`http://127.0.0.1:PORT/aps/XMLA`). */
const xmlaUrl = () => `${new URL(xmla.wireAddress).origin}/aps/XMLA`;

describe("qibates-snapshot reads the server's network settings", () => {
  it("reaches SSAS at the msmdpump.dll address SSAS_XMLA_URLS maps the provider address to", async () => {
    // Stopped (Ctrl+C) once the first query's cells are read: the outline and the data both came through the
    // mapped address.
    const r = await take(NOWHERE, "Mapped", { SSAS_XMLA_URLS: `${NOWHERE}=${xmlaUrl()}` }, (err) =>
      /Basic: [\d,]+ cells? read, query 1 of /.test(err),
    );
    expect(r.err).not.toContain("ECONNREFUSED");
    expect(r.err).toContain("Basic: reading dimension Year");
    expect(r.err).toMatch(/Basic: [1-9][\d,]* cells read, query 1 of \d+/);
    expect(r.code, r.err).toBe(1);
    expect(r.err).toContain(`interrupted: what was read is kept in ${join(root, "Mapped")}`);
    expect(existsSync(join(root, "Mapped", ".progress.json"))).toBe(true);
  }, 120_000);

  it("reads no answer larger than UPSTREAM_MAX_ANSWER_BYTES, and says which setting to raise", async () => {
    const r = await take(xmla.wireAddress, "Capped", { UPSTREAM_MAX_ANSWER_BYTES: "65536" });
    expect(r.code).toBe(1);
    expect(r.err).toContain("answered more than 65,536 bytes (UPSTREAM_MAX_ANSWER_BYTES)");
  }, 120_000);

  it.each([
    ["UPSTREAM_MAX_ANSWER_BYTES", "lots", "UPSTREAM_MAX_ANSWER_BYTES (lots): must be a whole number"],
    ["SSAS_XMLA_URLS", "https://olap.example.com/olap/msmdpump.dll", "is not providerAddress=xmlaUrl"],
  ])("stops before it logs in when %s is wrong (exit code 2)", async (setting, value, message) => {
    const r = await take(NOWHERE, "Wrong", { [setting]: value });
    expect(r.code).toBe(2);
    expect(r.err).toContain(`qibates-snapshot: ${setting}`);
    expect(r.err).toContain(message);
    expect(r.err).not.toContain("logging in");
  });
});
