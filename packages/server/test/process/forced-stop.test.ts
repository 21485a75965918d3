import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, it } from "vitest";
import { startServer } from "../support/process.ts";

// A stop that a call under way outlasts: after 4 s the server exits anyway, with code 1, which a service manager
// reports as a failure. Its log must say why, so that an administrator reading the journal does not take it for a
// crash to report (run-the-server, server-start-problems).
it("says in its log why it exits with code 1 when a stop is forced after 4 s", async () => {
  // A server of the customer's that never responds: the login sent to it is a call under way.
  const held: IncomingMessage[] = [];
  const silent = createServer((request) => {
    held.push(request);
  });
  await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", () => resolve()));
  const upstream = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/essbase/japi`;
  try {
    const server = await startServer({ ALLOWED_HOSTS: "127.0.0.1" });
    const health = await fetch(`${server.baseUrl}/qibates/api/v2/health`).then((r) => r.json());
    const call = fetch(`${server.baseUrl}/qibates/api/v2/action/login`, {
      method: "POST",
      headers: {
        qibateskey: health.demo.apiKey,
        connector: "essbase-stndln",
        "content-type": "application/json",
      },
      body: JSON.stringify({ username: "demo", password: "demo", providerAddress: upstream }),
    }).catch((e: unknown) => e);
    while (held.length === 0) await new Promise((resolve) => setTimeout(resolve, 50));
    const exited = new Promise<number | null>((resolve) =>
      server.child.once("exit", (code) => resolve(code)),
    );
    server.child.kill("SIGTERM");
    expect(await exited).toBe(1);
    expect(await call).toBeInstanceOf(Error);
    expect(server.output()).toContain("did not stop within 4 s");
    expect(server.output()).toContain("exiting with code 1");
  } finally {
    silent.closeAllConnections();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
  }
});
