import { createServer, type Server } from "node:net";
import { afterAll, beforeAll, describe, it } from "vitest";
import { expectRefusedSetting } from "../support/process.ts";

/**
 * Where the server cannot listen is a setting of the administrator's (PORT, HOST): the start refuses it as any
 * wrong setting, exit code 2 and a message that names the setting and what to do, no stack trace.
 */
describe("a server that cannot listen where PORT and HOST say", () => {
  let taken: Server;
  let port = 0;
  beforeAll(async () => {
    taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
    port = (taken.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => taken.close(() => resolve())));

  it("stops with exit code 2 naming PORT when another process listens on it", async () => {
    await expectRefusedSetting(
      { PORT: String(port), HOST: "127.0.0.1" },
      `Invalid configuration:\n  PORT (${port}): another process already listens on this port (on 127.0.0.1); stop it, or set PORT to a free port`,
    );
  });

  it("stops with exit code 2 naming HOST when no interface of the machine has that address", async () => {
    // 203.0.113.0/24 is set aside for documentation (RFC 5737): no machine has it.
    await expectRefusedSetting(
      { HOST: "203.0.113.77" },
      "Invalid configuration:\n  HOST (203.0.113.77): no network interface of this machine has this address",
    );
  });
});
