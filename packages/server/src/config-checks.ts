import { type Config, isLoopbackUrl, redactCredentials } from "./config-registry.ts";
import { DEMO_USERS } from "./demo.ts";
import { checkProviderAddress } from "./provider-address.ts";

/**
 * The checks across settings, each run once every setting it reads has a value of its own (`read` says so): a
 * value right alone but wrong beside another (a sign-in without its callback address, a call deadline shorter
 * than the longest wait it must hold, the wire endpoints without users to serve). `loadConfig` lists what they
 * find with the settings' own errors.
 */
export function crossSettingProblems(config: Config, read: (...keys: (keyof Config)[]) => boolean): string[] {
  const problems: string[] = [];
  const signIn = read("googleClientId", "microsoftClientId", "publicUrl");
  // The OAuth callback address must not come from the request's Host header, which the client chooses.
  if ((config.googleClientId || config.microsoftClientId) && !config.publicUrl && signIn) {
    problems.push(
      "PUBLIC_URL: must be set when GOOGLE_CLIENT_ID or MICROSOFT_CLIENT_ID is set (it is the address of the sign-in's callback)",
    );
  }
  // The sign-in's state cookie is Secure: a browser drops it over http, and every sign-in would end in
  // QB_ERR_OAUTH_STATE. Browsers take http://localhost, 127.0.0.1 and [::1] as secure (a one-machine trial).
  if (
    (config.googleClientId || config.microsoftClientId) &&
    config.publicUrl &&
    signIn &&
    !securePublicUrl(config.publicUrl)
  ) {
    problems.push(
      `PUBLIC_URL (${redactCredentials(String(config.publicUrl))}): must be an https address when GOOGLE_CLIENT_ID or MICROSOFT_CLIENT_ID is set (the browser drops the sign-in's Secure cookie over http, and every sign-in would fail); set PUBLIC_URL to the https address users reach (http is accepted for localhost, 127.0.0.1 and [::1] only)`,
    );
  }
  // The wire endpoints serve the embedded engine's users and data: the demo's, or the snapshots' to their own
  // users; else they stand in front of a server of their own (QIBATES_WIRE_UPSTREAM).
  if (
    config.wireEndpoints?.length > 0 &&
    !config.demo &&
    !config.snapshots &&
    !config.wireUpstream &&
    read("wireEndpoints", "demo", "snapshots", "wireUpstream")
  ) {
    problems.push(
      "QIBATES_WIRE_ENDPOINTS: serves the demo's users and data, so it needs QIBATES_DEMO=true (or QIBATES_SNAPSHOTS with QIBATES_SNAPSHOT_USERS, or QIBATES_WIRE_UPSTREAM)",
    );
  }
  if (
    config.wireFilesPerVisitorMb > config.wireFilesTotalMb &&
    read("wireFilesPerVisitorMb", "wireFilesTotalMb")
  ) {
    problems.push(
      `WIRE_FILES_PER_VISITOR_MB (${config.wireFilesPerVisitorMb}): must be at most WIRE_FILES_TOTAL_MB (${config.wireFilesTotalMb}), the room of all users' files together`,
    );
  }
  if (
    read(
      "connectionTimeoutSeconds",
      "calcJobTimeoutSeconds",
      "providerConnectTimeoutSeconds",
      "providerReadTimeoutSeconds",
    )
  ) {
    problems.push(...timeoutProblems(config));
  }
  if (config.wireUpstream && read("wireUpstream", "wireEndpoints", "allowedHosts")) {
    problems.push(...wireUpstreamProblems(config));
  }
  if (read("snapshotUsers", "snapshots", "demo")) problems.push(...snapshotUserProblems(config));
  return problems;
}

/**
 * What is wrong with QIBATES_WIRE_UPSTREAM beside the other settings: it needs endpoints to stand in front of
 * the server, and ALLOWED_HOSTS must let the server connect to it (the check a login's address goes through).
 * Whether the connector's provider has what each endpoint needs is checked when the endpoints are registered
 * (`registerWireEndpoints`), on the provider itself.
 */
function wireUpstreamProblems(config: Config): string[] {
  const upstream = config.wireUpstream;
  if (!upstream) return [];
  if (config.wireEndpoints.length === 0) {
    return [
      "QIBATES_WIRE_UPSTREAM: names the server the wire endpoints stand in front of, so it needs QIBATES_WIRE_ENDPOINTS",
    ];
  }
  const target = checkProviderAddress(upstream.providerAddress, upstream.connector, {
    demo: false,
    allowedHosts: config.allowedHosts,
  });
  if ("code" in target) {
    const host = new URL(upstream.providerAddress).hostname;
    return [
      `QIBATES_WIRE_UPSTREAM: the host ${host} is not on ALLOWED_HOSTS, so the server may not connect to it (add it to ALLOWED_HOSTS)`,
    ];
  }
  return [];
}

/**
 * What is wrong with the snapshots' users beside the other settings. Without demo mode, the snapshots are served
 * to the users of QIBATES_SNAPSHOT_USERS alone, so the file is needed; with it, they are served to the demo's
 * users too, and a user of the file may not take a demo user's name.
 */
function snapshotUserProblems(config: Config): string[] {
  const users = config.snapshotUsers;
  const where = users ? `QIBATES_SNAPSHOT_USERS (${users.file})` : "QIBATES_SNAPSHOT_USERS";
  if (users && !config.snapshots) {
    return [`${where}: lists the users of the snapshots, so it needs QIBATES_SNAPSHOTS`];
  }
  if (config.snapshots && !config.demo && !users) {
    return [
      "QIBATES_SNAPSHOTS: with QIBATES_DEMO=false, the snapshots are served to the users of QIBATES_SNAPSHOT_USERS alone, so it needs that file",
    ];
  }
  if (users && config.demo) {
    const taken = users.names.filter((n) =>
      DEMO_USERS.some((u) => u.username.toLowerCase() === n.toLowerCase()),
    );
    if (taken.length > 0) {
      return [`${where}: ${taken.map((n) => `"${n}"`).join(", ")} is a demo user's name; give another name`];
    }
  }
  return [];
}

/**
 * The longest a call may keep its connection open while the server works for it: a calculation or a business
 * rule followed on the provider's server for CALC_JOB_TIMEOUT_SECONDS, whose last poll may still connect and wait
 * for an answer. A connection closed for silence before that would drop the caller while its answer is coming.
 */
export function longestCallWaitSeconds(
  config: Pick<
    Config,
    "calcJobTimeoutSeconds" | "providerConnectTimeoutSeconds" | "providerReadTimeoutSeconds"
  >,
): number {
  return (
    config.calcJobTimeoutSeconds + config.providerConnectTimeoutSeconds + config.providerReadTimeoutSeconds
  );
}

/**
 * The timeouts in order: a call's deadline (CONNECTION_TIMEOUT_SECONDS, call-deadline.ts) leaves room for the
 * longest wait of a rule or calculation, so that a form's submit has its rules on save within it, and any one
 * request (a connection and a read) too. How many requests a call makes depends on the cube: not checked here.
 */
function timeoutProblems(config: Config): string[] {
  const longest = longestCallWaitSeconds(config);
  if (config.connectionTimeoutSeconds > longest) return [];
  return [
    `CONNECTION_TIMEOUT_SECONDS (${config.connectionTimeoutSeconds}) must be longer than CALC_JOB_TIMEOUT_SECONDS + PROVIDER_CONNECT_TIMEOUT_SECONDS + PROVIDER_READ_TIMEOUT_SECONDS (${config.calcJobTimeoutSeconds} + ${config.providerConnectTimeoutSeconds} + ${config.providerReadTimeoutSeconds} = ${longest} s), the longest a call may wait for a calculation or a business rule: raise CONNECTION_TIMEOUT_SECONDS or lower CALC_JOB_TIMEOUT_SECONDS`,
  ];
}

/**
 * Whether browsers keep a Secure cookie for `url`: an https address, or http on this machine (localhost,
 * 127.0.0.1, [::1]), which browsers treat as a secure context.
 */
function securePublicUrl(url: string | URL): boolean {
  const u = new URL(String(url));
  return u.protocol === "https:" || isLoopbackUrl(u);
}
