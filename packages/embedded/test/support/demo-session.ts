import type { ProviderSession } from "@qibates/provider";

/** A session of the embedded demo's Essbase family (connector essbase), for the embedded provider's tests. */
export const demoSession = (id: string, ownerId = "demo-owner"): ProviderSession => ({
  id,
  ownerId,
  connector: "essbase",
  username: "demo",
  providerAddress: "https://demo.qibates.local/aps/JAPI",
  aliasTable: null,
});
