import { type CubeMemberSource, MembersOnDemand } from "@qibates/grid-bridge";
import type { ProviderError, ProviderText } from "@qibates/provider";
import { shareAcrossCalls } from "../net/upstream.ts";

/**
 * A remote cube's members read on demand (`MembersOnDemand`) as every remote connector reads them: counted
 * against the server's one bound (`MEMBERS_HELD`), the dimensions' read shared by calls each within its own
 * deadline, and an outline the server cannot list so refused as its client's malformed answer (naming it).
 */
export function membersOnDemand(
  source: CubeMemberSource,
  name: string,
  client: { readonly where: string; malformed(reason: ProviderText): ProviderError },
): MembersOnDemand {
  const address = new URL(client.where).origin;
  return new MembersOnDemand(source, name, {
    share: (read) => shareAcrossCalls(read, address),
    malformed: (reason) => client.malformed(reason),
  });
}
