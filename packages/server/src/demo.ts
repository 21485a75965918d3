import { timingSafeEqual } from "node:crypto";
import type { KeyOwner, KeyStore } from "./keys.ts";
import { type Connector, DEMO_HOST, PROVIDER_SUFFIX } from "./provider-address.ts";

/** The demo account that owns the demo API key (demo mode only). */
export const DEMO_OWNER: KeyOwner = {
  issuer: "urn:qibates:demo",
  subject: "demo",
  email: "demo@demo.qibates.local",
  provider: "demo",
};
export const DEMO_KEY_NAME = "demo";
/** A second key of the demo account, so that the `deletekey` example can run (recreated at every start). */
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

/** Replaces the demo key by a new one at every start, and returns it to be printed and shown on health. */
export async function issueDemoKey(keys: KeyStore): Promise<string> {
  await keys.delete(DEMO_OWNER, DEMO_KEY_NAME);
  await keys.delete(DEMO_OWNER, DEMO_SPARE_KEY_NAME);
  const { key } = await keys.create(DEMO_OWNER, DEMO_KEY_NAME);
  await keys.create(DEMO_OWNER, DEMO_SPARE_KEY_NAME);
  return key;
}
