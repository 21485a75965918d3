import { type CubeMemberSource, MembersOnDemand } from "@qibates/grid-bridge";
import type { CallContext, ProviderError, ProviderText } from "@qibates/provider";
import { shareAcrossCalls, type UpstreamCall } from "../net/upstream.ts";
import { OutlineCache } from "./outline-cache.ts";

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

/**
 * The cubes' members a session has read, as every remote connector keeps them: one entry a cube (its server,
 * application and cube, case ignored), kept `ttlMs` as an outline is, its opening shared by the calls that
 * ask at once; each use trims the members read to the server's bound (`MembersOnDemand.trim`).
 */
export class CubeMembersCache<T extends { members: MembersOnDemand }> {
  private readonly cubes: OutlineCache<T>;

  constructor(ttlMs?: number) {
    this.cubes = new OutlineCache<T>(ttlMs);
  }

  /** The cube's entry, `open`ed when the session holds none (or an expired one). */
  async get(
    cube: { server: string; application: string; cube: string },
    call: UpstreamCall,
    open: (shared: CallContext) => Promise<T>,
  ): Promise<T> {
    const key = `${cube.server}\n${cube.application}\n${cube.cube}`.toLowerCase();
    const found = await this.cubes.get(key, call, open);
    found.members.trim();
    return found;
  }
}
