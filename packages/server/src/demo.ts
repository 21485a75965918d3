import { timingSafeEqual } from "node:crypto";
import type { Database } from "./database.ts";
import { type KeyOwner, type KeyStore, ownerId } from "./keys.ts";
import { type Connector, DEMO_HOST, PROVIDER_SUFFIX } from "./provider-address.ts";

/** The demo account that owns the demo API key (demo mode only). */
export const DEMO_OWNER: KeyOwner = {
  issuer: "urn:qibates:demo",
  subject: "demo",
  email: "demo@demo.qibates.local",
  provider: "demo",
};
export const DEMO_KEY_NAME = "demo";
/** A second key of the demo account, so that the `deletekey` example can run (created again at start once deleted). */
export const DEMO_SPARE_KEY_NAME = "demo-spare";

/** Demo users of the embedded provider. Their passwords are public on purpose: this is a demo. */
export const DEMO_USERS: readonly { username: string; password: string }[] = [
  { username: "demo", password: "demo" },
];

export function demoProviders(): { connector: Connector; providerAddress: string }[] {
  return (Object.keys(PROVIDER_SUFFIX) as Connector[]).map((connector) => ({
    connector,
    providerAddress: `https://${DEMO_HOST}${PROVIDER_SUFFIX[connector]}`,
  }));
}

/** Checks demo credentials in constant time, without telling which of the two was wrong. */
export function demoCredentialsValid(username: string, password: string): boolean {
  let ok = false;
  for (const u of DEMO_USERS) {
    const a = Buffer.from(`${username}\u0000${password}`);
    const b = Buffer.from(`${u.username}\u0000${u.password}`);
    if (a.length === b.length && timingSafeEqual(a, b)) ok = true;
  }
  return ok;
}

/** The advisory lock under which API nodes starting together agree on the demo key (any constant number). */
const DEMO_KEY_LOCK = 0x51_42_64_6b;

/**
 * The demo key, to be printed and shown on health: the one the database holds when it still works (another API
 * node over the same database issued it, or this one before a restart), else a new one, which replaces it. The
 * spare key is created again when it was deleted. With PostgreSQL, nodes starting at the same time take turns
 * under an advisory lock, so that one issues the key and the others adopt it.
 */
export async function issueDemoKey(keys: KeyStore, db: Database): Promise<string> {
  const agree = async (): Promise<string> => {
    const stored = (await db.query<{ api_key: string }>("select api_key from demo_key where id = 1"))[0]
      ?.api_key;
    const valid = stored ? await keys.verify(stored) : null;
    if (stored && valid && valid.name === DEMO_KEY_NAME && valid.ownerId === ownerId(DEMO_OWNER)) {
      const spare = (await keys.list(DEMO_OWNER)).some((k) => k.name === DEMO_SPARE_KEY_NAME);
      if (!spare) await keys.create(DEMO_OWNER, DEMO_SPARE_KEY_NAME);
      return stored;
    }
    await keys.delete(DEMO_OWNER, DEMO_KEY_NAME);
    await keys.delete(DEMO_OWNER, DEMO_SPARE_KEY_NAME);
    const { key } = await keys.create(DEMO_OWNER, DEMO_KEY_NAME);
    await keys.create(DEMO_OWNER, DEMO_SPARE_KEY_NAME);
    await db.query(
      "insert into demo_key (id, api_key) values (1, $1) on conflict (id) do update set api_key = excluded.api_key",
      [key],
    );
    return key;
  };
  // PGlite serves one process: nobody to agree with.
  if (db.kind !== "postgres") return agree();
  return db.transaction(async (tx) => {
    // Held by this transaction's connection until it ends; the work itself goes through the pool.
    await tx.query("select pg_advisory_xact_lock($1)", [DEMO_KEY_LOCK]);
    return agree();
  });
}
