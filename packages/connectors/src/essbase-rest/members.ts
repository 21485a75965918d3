import type { CubeMemberSource, RemoteMemberInfo, ServerMemberRow } from "@qibates/grid-bridge";
import {
  cubePath,
  DATA_STORAGE,
  type DimensionBean,
  type MemberBean,
  outlinePath,
  type RestCollection,
} from "@qibates/protocols/essbase-rest";
import { UNREADABLE } from "../net/unreadable.ts";
import { eachLimited } from "../remote/each-limited.ts";
import type { EssbaseRestClient } from "./client.ts";
import { dimensionType, memberInfoOf } from "./outline.ts";
import { ListBudget, readPages } from "./paging.ts";

/**
 * What the members read on demand (`MembersOnDemand`, issue 73) ask of Essbase 21c's outline endpoints: the
 * dimensions (`GET /outline/{app}/{cube}`, with `…/dimensions` and `…/aliases`), a member and its ancestors
 * (`GET /outline/{app}/{cube}/{member}` and `…/ancestors/{member}`, both at once; a label that names no member
 * by its name is looked for among aliases with `?keyword=…&matchWholeWord=true`), and a member's children
 * (`?parent=`, paged). At most {@link IN_FLIGHT} requests at once.
 */

/** Requests in flight at once for one call's members (browsers allow 6 a host; a grid's labels come in one round). */
export const IN_FLIGHT = 16;
const PAGE = 500;
const enc = encodeURIComponent;

export function essbaseRestMembers(client: EssbaseRestClient, app: string, cube: string): CubeMemberSource {
  const base = outlinePath(app, cube);
  const sameText = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

  const chainOf = async (name: string, member: MemberBean | null): Promise<RemoteMemberInfo[] | null> => {
    const [found, ancestors] = await Promise.all([
      member ? Promise.resolve(member) : client.getIfFound<MemberBean>(`${base}/${enc(name)}`),
      client.getIfFound<Partial<RestCollection<MemberBean>>>(`${base}/ancestors/${enc(name)}`),
    ]);
    if (!found || typeof found.name !== "string") return null;
    const above = [...(ancestors?.items ?? [])].filter((a) => a && typeof a.name === "string");
    // From the dimension down, whatever order the server lists them in.
    above.sort((a, b) => (a.generationNumber ?? 0) - (b.generationNumber ?? 0));
    return [...above.map((a) => memberInfoOf(a)), memberInfoOf(found)];
  };

  return {
    async dimensions() {
      const budget = new ListBudget(client);
      const [roots, dimList, aliasList] = await Promise.all([
        readPages<MemberBean>(client, base, (o) => `${base}?offset=${o}&limit=${PAGE}`, budget),
        client.get<Partial<RestCollection<DimensionBean>>>(`${cubePath(app, cube)}/dimensions`),
        client.get<Partial<RestCollection<string>>>(`${cubePath(app, cube)}/aliases`),
      ]);
      const types = new Map((dimList.items ?? []).map((d) => [d.name.toLowerCase(), dimensionType(d.type)]));
      const aliasTables = (aliasList.items ?? []).filter((t): t is string => typeof t === "string");
      return {
        dimensions: roots.map((r) => ({
          name: r.name,
          type:
            types.get(r.name.toLowerCase()) ??
            (r.attribute ? "attribute" : r.account ? "accounts" : "regular"),
        })),
        roots: roots.map((r) => ({ ...memberInfoOf(r), parent: null })),
        aliasTables: aliasTables.length > 0 ? aliasTables : ["Default"],
      };
    },

    lookup(labels) {
      // The member and its ancestors are asked together: one round for a label that is a name (and for an alias
      // on a server whose member address takes aliases, as the product's own endpoint does).
      return eachLimited(labels, IN_FLIGHT / 2, async (label) => {
        const chain = await chainOf(label, null);
        if (chain) return chain;
        const hits = await client.getIfFound<Partial<RestCollection<MemberBean>>>(
          `${base}?keyword=${enc(label)}&matchWholeWord=true&offset=0&limit=${PAGE}`,
        );
        const hit = (hits?.items ?? []).find(
          (m) => m && Object.values(m.aliases ?? {}).some((a) => typeof a === "string" && sameText(a, label)),
        );
        return hit ? chainOf(hit.name, hit) : null;
      });
    },

    children(parents) {
      const budget = new ListBudget(client);
      return eachLimited(parents, IN_FLIGHT, async ({ name }) => {
        const kids = await readPages<MemberBean>(
          client,
          base,
          (o) => `${base}?parent=${enc(name)}&offset=${o}&limit=${PAGE}`,
          budget,
        );
        return kids.map((k, i) => ({ ...memberInfoOf(k, i), parent: name }));
      });
    },
  };
}

/**
 * A member of the outline endpoints as member selection shows it, or null when the server left out what it needs
 * (its dimension, generation or level): the caller then answers from the outline instead.
 */
export function selectionRowOf(m: MemberBean): ServerMemberRow | null {
  if (!m || typeof m.name !== "string") return null;
  const dimension = typeof m.dimensionName === "string" && m.dimensionName !== "" ? m.dimensionName : null;
  if (dimension === null || typeof m.generationNumber !== "number" || typeof m.levelNumber !== "number") {
    return null;
  }
  const aliases: Record<string, string> = {};
  for (const [t, a] of Object.entries(m.aliases ?? {})) if (typeof a === "string" && a !== "") aliases[t] = a;
  const storage = (m.dataStorageType ?? "").toUpperCase().replace(/[^A-Z]/g, "");
  return {
    dimension,
    name: m.name,
    aliases,
    generation: m.generationNumber,
    level: m.levelNumber,
    shared: storage === DATA_STORAGE.shared || storage === "SHARED",
  };
}

/**
 * Member selection's requests to the outline endpoint (`GET /outline/{app}/{cube}`): a parent's children
 * (`?parent=`) and a keyword search (`?keyword=`, `matchWholeWord`), each asked whole (`limit=0`, as appliedolap's
 * client asks a live server for a parent's children) and read on while the server says it has more. Null when the
 * server names no such parent, or when a member it lists lacks what selection shows ({@link selectionRowOf}).
 */
export function essbaseRestSelection(client: EssbaseRestClient, app: string, cube: string) {
  const base = outlinePath(app, cube);
  const list = async (query: string): Promise<ServerMemberRow[] | null> => {
    const budget = new ListBudget(client);
    const out: ServerMemberRow[] = [];
    for (let offset = 0; ; ) {
      const page = await client.getIfFound<{ items?: MemberBean[]; hasMore?: boolean }>(
        `${base}?${query}&offset=${offset}&limit=0`,
      );
      if (page === null) return null;
      if (!Array.isArray(page.items)) throw client.malformed(UNREADABLE.noItems(base));
      budget.take(page.items.length, base);
      for (const item of page.items) {
        const row = selectionRowOf(item);
        if (row === null) return null;
        out.push(row);
      }
      if (!page.hasMore || page.items.length === 0) return out;
      offset += page.items.length;
    }
  };
  return {
    children: (parent: string) => list(`parent=${enc(parent)}`),
    search: (keyword: string, matchWholeWord: boolean) =>
      list(`keyword=${enc(keyword)}&matchWholeWord=${matchWholeWord}`),
  };
}
