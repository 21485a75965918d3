import type { AddressInfo } from "node:net";
import { buildApp } from "./app.ts";
import { ConfigError, formerNameWarnings, loadConfig } from "./config.ts";
import { DEMO_USERS, demoProviders } from "./demo.ts";
import { FolderInUseError } from "./folder-lock.ts";
import { listenRefusal } from "./listen-refusal.ts";
import { siteBuilding, siteServed } from "./site.ts";
import { StoreUnreachableError } from "./store-check.ts";

/**
 * The exit code of a start refused for what the administrator must fix (a setting, a snapshot's files, the users
 * file): a service manager must not start the server again until it is fixed (systemd:
 * `RestartPreventExitStatus=2 3`, 3 being a data folder another server holds). A store out of reach exits 4 and
 * anything unforeseen 1, which a restart may cure.
 */
const MUST_FIX = 2;

/** Whether `e` is a snapshot that cannot be served (`CubeSnapshotError`: a file missing, unreadable or wrong). */
function snapshotRefusal(e: unknown): e is Error {
  return e instanceof Error && e.name === "CubeSnapshotError";
}

/** Starts the server: `npm start` runs this after building what is missing. */
async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      process.stderr.write(`${e.message}\n`);
      process.exit(MUST_FIX);
    }
    throw e;
  }
  let app: Awaited<ReturnType<typeof buildApp>>;
  try {
    app = await buildApp({ config });
  } catch (e) {
    if (e instanceof FolderInUseError) {
      process.stderr.write(`QiBates cannot start: ${e.message}\n`);
      process.exit(3);
    }
    // PostgreSQL (DATABASE_URL) or Redis (REDIS_URL) out of reach or refusing the server: a line for each, no stack.
    if (e instanceof StoreUnreachableError) {
      for (const refusal of e.refusals) process.stderr.write(`QiBates cannot start: ${refusal}\n`);
      process.exit(4);
    }
    // A setting only the start can check (a wire endpoint the upstream's connector cannot serve).
    if (e instanceof ConfigError) {
      process.stderr.write(`${e.message}\n`);
      process.exit(MUST_FIX);
    }
    // A snapshot that cannot be served: its message names the file, no stack.
    if (snapshotRefusal(e)) {
      process.stderr.write(`QiBates cannot start: ${e.message}\n`);
      process.exit(MUST_FIX);
    }
    throw e;
  }
  // A setting set under its former name still works: the log says the name to use instead.
  for (const warning of formerNameWarnings()) app.log.warn(warning);
  // Handlers first, so a signal that arrives while the banner is printed still closes cleanly.
  let closing = false;
  const shutdown = (signal: string): void => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    // Past 4 s the server exits anyway, with code 1: the log says why, so that the journal tells it from a crash.
    const force = setTimeout(() => {
      app.log.warn(
        "did not stop within 4 s (calls still under way, or sessions still being ended on your servers): exiting with code 1; a call still under way gets no response",
      );
      process.exit(1);
    }, 4000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on("SIGINT", () => shutdown("SIGINT"));
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (e) {
    // A port taken or a HOST that is no address of this machine: refused as any wrong setting, without a stack.
    const refusal = listenRefusal(e, config);
    if (refusal === null) throw e;
    await app.close().catch(() => {});
    process.stderr.write(`Invalid configuration:\n  ${refusal}\n`);
    process.exit(MUST_FIX);
  }
  const { port } = app.server.address() as AddressInfo;
  const base = config.publicUrl?.replace(/\/$/, "") ?? `http://localhost:${port}`;
  const lines = [
    "",
    "QiBates is running:",
    `  Node.js                  ${process.version}`,
    // The site's pages (the API reference among them) only when there is a site to serve, or one being built.
    ...(siteServed(config.siteDir) || siteBuilding(config.siteDir)
      ? [
          `  Documentation (English)  ${base}/`,
          `  Documentation (French)   ${base}/fr/`,
          `  API reference            ${base}/api/qibates`,
          ...(siteServed(config.siteDir)
            ? []
            : ["  (the documentation is being built: its pages answer 503 until the build is done)"]),
        ]
      : []),
    `  REST API                 ${base}/qibates/api/v2  (health: ${base}/qibates/api/v2/health)`,
    "",
  ];
  if (app.services.demoKey) {
    lines.push(
      "Demo mode (set QIBATES_DEMO=false in production):",
      `  Demo API key (header qibateskey)  ${app.services.demoKey}`,
      `  Demo users                        ${DEMO_USERS.map((u) => `${u.username} / ${u.password}`).join(", ")}`,
      "  Demo provider addresses:",
      ...demoProviders().map((p) => `    ${p.connector.padEnd(15)} ${p.providerAddress}`),
      "",
    );
  }
  if (config.snapshots && config.snapshotUsers) {
    lines.push(
      `Snapshots of ${config.snapshots}, served to the users of ${config.snapshotUsers.file}:`,
      `  Users                             ${config.snapshotUsers.names.join(", ")}`,
      ...(app.services.demoKey
        ? []
        : [
            "  Provider addresses (with an API key from the sign-in):",
            ...demoProviders().map((p) => `    ${p.connector.padEnd(15)} ${p.providerAddress}`),
          ]),
      "",
    );
  }
  lines.push("Press Ctrl+C to stop.", "");
  process.stdout.write(lines.join("\n"));
}

main().catch((e: unknown) => {
  // A snapshot that cannot be served is the administrator's to fix: its message names the file, no stack.
  if (snapshotRefusal(e)) {
    process.stderr.write(`QiBates cannot start: ${e.message}\n`);
    process.exit(MUST_FIX);
  }
  process.stderr.write(
    `QiBates failed to start: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`,
  );
  process.exit(1);
});
