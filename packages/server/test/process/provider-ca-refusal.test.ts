import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { rootCertificates } from "node:tls";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.ts";
import { expectRefusedSetting } from "../support/process.ts";

/**
 * PROVIDER_CA_FILE names the certificate authorities of the company's servers. A path that cannot be read stopped
 * the start with a stack trace (exit code 1); a DER file, the usual export of a Windows certificate store, was
 * taken without a word and trusted nothing, every login to the servers it signs failing as "cannot be reached".
 * Both now stop the start as any wrong setting does: exit code 2 and a message that names the setting.
 */

const folder = mkdtempSync(join(tmpdir(), "qibates-ca-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const pem = rootCertificates[0] ?? "";
const pemFile = join(folder, "company-ca.pem");
writeFileSync(pemFile, `${pem}\n`);
const derFile = join(folder, "company-ca.cer");
writeFileSync(derFile, Buffer.from(pem.replace(/-----[A-Z ]+-----/g, "").replace(/\s/g, ""), "base64"));

describe("PROVIDER_CA_FILE", () => {
  it("stops the start with exit code 2, naming the setting, when the file cannot be read", async () => {
    const missing = join(folder, "no-such-file.pem");
    await expectRefusedSetting(
      { PROVIDER_CA_FILE: missing },
      `PROVIDER_CA_FILE (${missing}): cannot be read (ENOENT)`,
    );
  });

  it("stops the start with exit code 2, saying how to convert it, when the file holds no PEM certificate", async () => {
    await expectRefusedSetting(
      { PROVIDER_CA_FILE: derFile },
      `PROVIDER_CA_FILE (${derFile}): holds no certificate in PEM form (-----BEGIN CERTIFICATE-----); convert a DER file with: openssl x509 -inform der -in ca.cer -out ca.pem`,
    );
  });

  it("takes a PEM file of certificates", () => {
    expect(loadConfig({ PROVIDER_CA_FILE: pemFile }).providerCaFile).toBe(pemFile);
  });
});
