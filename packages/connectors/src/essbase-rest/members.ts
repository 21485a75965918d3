import type { CubeMemberSource, RemoteMemberInfo, ServerMemberRow } from "@qibates/grid-bridge";
import {
  cubePath,
  DATA_STORAGE,
  type DimensionBean,
  type MemberBean,
  outlinePath,
  type RestCollection,
} from "@qibates/protocols/essbase-rest";
import type { CallContext } from "@qibates/provider";
import { UNREADABLE } from "../net/unreadable.ts";
import { eachLimited } from "../remote/each-limited.ts";
import type { EssbaseRestClient } from "./client.ts";
import { dimensionType, memberInfoOf } from "./outline.ts";
import { ListBudget, readPages } from "./paging.ts";

/**
 * What the members read on demand (`MembersOnDemand`) ask of Essbase 21c's outline endpoints: the
 * dimensions (`GET /outline/{app}/{cube}`, with `…/dimensions` and `…/aliases`), a member and its ancestors
 * (`GET /outline/{app}/{cube}/{member}` and `…/ancestors/{member}`, both at once; a label that names no member
 * by its name is looked for among aliases with `?keyword=…&matchWholeWord=true`; a long sheet's labels through
 * their siblings, {@link lookupBySiblings}), and a member's children (`?parent=`, paged). At most
 * {@link IN_FLIGHT} requests at once. `client` is the login's, bound to no call: each read sends within the
 * context of the call it is made for (`client.within(call)`).
 */

/** Requests in flight at once for one call's members (browsers allow 6 a host; a grid's labels come in one round). */
export const IN_FLIGHT = 16;
const PAGE = 500;
const enc = encodeURIComponent;

export function essbaseRestMembers(client: EssbaseRestClient, app: string, cube: string): CubeMemberSource {
  const base = outlinePath(app, cube);
  const sameText = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

  const chainOf = async (
    name: string,
    member: MemberBean | null,
    call: CallContext,
  ): Promise<RemoteMemberInfo[] | null> => {
    const c = client.within(call);
    const [found, ancestors] = await Promise.all([
      member ? Promise.resolve(member) : c.getIfFound<MemberBean>(`${base}/${enc(name)}`),
      c.getIfFound<Partial<RestCollection<MemberBean>>>(`${base}/ancestors/${enc(name)}`),
    ]);
    if (!found || typeof found.name !== "string") return null;
    const above = [...(ancestors?.items ?? [])].filter((a) => a && typeof a.name === "string");
    // From the dimension down, whatever order the server lists them in.
    above.sort((a, b) => (a.generationNumber ?? 0) - (b.generationNumber ?? 0));
    return [...above.map((a) => memberInfoOf(a)), memberInfoOf(found)];
  };

  // A label alone: the member and its ancestors asked together (one round for a label that is a name, and for an
  // alias on a server whose member address takes aliases, as the product's own endpoint does), else the member
  // whose alias it is, found by a whole-word keyword search.
  const lookupOne = async (label: string, call: CallContext): Promise<RemoteMemberInfo[] | null> => {
    const chain = await chainOf(label, null, call);
    if (chain) return chain;
    const hits = await client
      .within(call)
      .getIfFound<Partial<RestCollection<MemberBean>>>(
        `${base}?keyword=${enc(label)}&matchWholeWord=true&offset=0&limit=${PAGE}`,
      );
    const hit = (hits?.items ?? []).find(
      (m) => m && Object.values(m.aliases ?? {}).some((a) => typeof a === "string" && sameText(a, label)),
    );
    return hit ? chainOf(hit.name, hit, call) : null;
  };

  return {
    async dimensions(call) {
      const c = client.within(call);
      const budget = new ListBudget(c);
      const [roots, dimList, aliasList] = await Promise.all([
        readPages<MemberBean>(c, base, (o) => `${base}?offset=${o}&limit=${PAGE}`, budget),
        c.get<Partial<RestCollection<DimensionBean>>>(`${cubePath(app, cube)}/dimensions`),
        c.get<Partial<RestCollection<string>>>(`${cubePath(app, cube)}/aliases`),
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

    lookup(labels, call) {
      return lookupBySiblings(
        labels,
        {
          ancestors: (label, c) =>
            client
              .within(c)
              .getIfFound<Partial<RestCollection<MemberBean>>>(`${base}/ancestors/${enc(label)}`),
          children: (parent, c) =>
            readPages<MemberBean>(
              client.within(c),
              base,
              (o) => `${base}?parent=${enc(parent)}&offset=${o}&limit=0`,
              new ListBudget(client.within(c)),
            ),
          one: (all, c) => eachLimited(c, all, IN_FLIGHT / 2, lookupOne),
          member: (label, c) => client.within(c).getIfFound<MemberBean>(`${base}/${enc(label)}`),
        },
        call,
      );
    },

    children(parents, call) {
      const budget = new ListBudget(client.within(call));
      return eachLimited(call, parents, IN_FLIGHT, async ({ name }, c) => {
        const kids = await readPages<MemberBean>(
          client.within(c),
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

/** Labels asked for their ancestors at once in a round of {@link lookupBySiblings}: one request each. */
export const PROBES = IN_FLIGHT;
/** A parent whose children are listed to find a sheet's labels among them has at most this many… */
const SIBLINGS_READ = 2_000;
/** …or at most this many per label still to find (a long sheet may be worth a long list). */
const SIBLINGS_PER_LABEL = 4;

/** What {@link lookupBySiblings} asks of the server, each request within the context it is given. */
export interface SiblingRequests {
  /** A member's ancestors (`…/ancestors/{member}`), null when the server names no such member. */
  ancestors(label: string, call: CallContext): Promise<Partial<RestCollection<MemberBean>> | null>;
  /** A parent's children, every one of them. */
  children(parent: string, call: CallContext): Promise<MemberBean[]>;
  /** Labels looked up one by one (the member and its ancestors, an alias by keyword search). */
  one(labels: readonly string[], call: CallContext): Promise<(RemoteMemberInfo[] | null)[]>;
  /** A member alone (`/outline/{app}/{cube}/{label}`), null when the server names no such member. */
  member(label: string, call: CallContext): Promise<MemberBean | null>;
}

/**
 * A sheet's labels looked up in a few rounds whatever their number: the rows of a sheet are mostly siblings (a
 * zoom's, a member selection's children), so a round asks the ancestors of {@link PROBES} labels spread over
 * those still to find, then lists the children of their parents and of their parents' parents (each once, when
 * its list is not too long): every label named among those children is found with its ancestors, as its own
 * look-up would have found it. Rounds go on while they find more labels than they send requests. The labels
 * left are asked alone, one request each (`/outline/{app}/{cube}/{label}`): a member whose parent was listed
 * (rows spread over a dimension share their parents' parents) takes its ancestors from that list, any other
 * asks its own ancestors too. The outline endpoints have no request for several named members at once, and
 * `…/grid/mdx` gives no member's storage (Oracle's MDX intrinsic properties are names, aliases, generation,
 * level, expense, comments and unique names), which a grid's read-only cells follow: each member left still
 * costs one request. Aliases, shared members, a dimension's top and labels that name no member are looked up
 * one by one, as a short sheet's labels are.
 */
export async function lookupBySiblings(
  labels: readonly string[],
  ask: SiblingRequests,
  call: CallContext,
): Promise<(RemoteMemberInfo[] | null)[]> {
  const out = new Array<RemoteMemberInfo[] | null | undefined>(labels.length);
  const listed = new Set<string>();
  /** Members with children met so far (lower-case name) → their chain, from the dimension down to them. */
  const parentsKnown = new Map<string, RemoteMemberInfo[]>();
  const knowChain = (chain: readonly RemoteMemberInfo[]) => {
    const last = chain[chain.length - 1];
    if (!last || last.storage === "shared" || last.childCount === 0) return;
    const key = last.name.toLowerCase();
    if (!parentsKnown.has(key)) parentsKnown.set(key, [...chain]);
  };
  let pending = labels.map((_, i) => i);
  while (pending.length > PROBES) {
    const step = pending.length / PROBES;
    const probes = Array.from({ length: PROBES }, (_, k) => pending[Math.floor(k * step)] as number);
    const chains = await eachLimited(call, probes, PROBES, async (i, c) => {
      const answer = await ask.ancestors(labels[i] as string, c);
      const above = [...(answer?.items ?? [])].filter((a) => a && typeof a.name === "string");
      above.sort((a, b) => (a.generationNumber ?? 0) - (b.generationNumber ?? 0));
      return above;
    });
    const room = Math.max(SIBLINGS_READ, SIBLINGS_PER_LABEL * pending.length);
    const parents = new Map<string, MemberBean[]>();
    for (const chain of chains) {
      const infos = chain.map((a) => memberInfoOf(a));
      infos.forEach((_, k) => {
        knowChain(infos.slice(0, k + 1));
      });
      // The parent, then its parent: rows spread over a dimension share their parents' parents.
      for (const up of [chain, chain.slice(0, -1)]) {
        const parent = up[up.length - 1];
        if (!parent) continue;
        const key = parent.name.toLowerCase();
        const count = parent.numberOfChildren ?? 0;
        if (listed.has(key) || parents.has(key) || count === 0 || count > room) continue;
        parents.set(key, up);
      }
    }
    const lists = await eachLimited(call, [...parents.values()], IN_FLIGHT, async (chain, c) => {
      const parent = chain[chain.length - 1] as MemberBean;
      return { chain, kids: await ask.children(parent.name, c) };
    });
    const byName = new Map<string, RemoteMemberInfo[]>();
    for (const { chain, kids } of lists) {
      listed.add((chain[chain.length - 1] as MemberBean).name.toLowerCase());
      const above = chain.map((a) => memberInfoOf(a));
      kids.forEach((k, j) => {
        if (!k || typeof k.name !== "string") return;
        const info = memberInfoOf(k, j);
        // A shared member's name is its stored member's: that one is looked up by its name alone.
        if (info.storage === "shared" || byName.has(k.name.toLowerCase())) return;
        const found = [...above, info];
        byName.set(k.name.toLowerCase(), found);
        knowChain(found);
      });
    }
    const before = pending.length;
    pending = pending.filter((i) => {
      const chain = byName.get((labels[i] as string).toLowerCase());
      if (chain) out[i] = chain;
      return !chain;
    });
    // A round that found no more labels than it sent requests is not worth another: a label left costs one.
    if (before - pending.length <= probes.length + lists.length) break;
  }
  if (parentsKnown.size > 0 && pending.length > PROBES) {
    // Each label left asked alone, its ancestors taken from the parents met when they were listed.
    const alone = await eachLimited(
      call,
      pending,
      IN_FLIGHT,
      async (i, c): Promise<RemoteMemberInfo[] | undefined> => {
        const found = await ask.member(labels[i] as string, c);
        if (!found || typeof found.name !== "string" || found.dimension) return undefined;
        const info = memberInfoOf(found);
        if (info.storage === "shared" || info.parent === null) return undefined;
        const above = parentsKnown.get(info.parent.toLowerCase());
        if (above) return [...above, info];
        const answer = await ask.ancestors(found.name, c);
        const chain = [...(answer?.items ?? [])].filter((a) => a && typeof a.name === "string");
        if (chain.length === 0) return undefined;
        chain.sort((a, b) => (a.generationNumber ?? 0) - (b.generationNumber ?? 0));
        return [...chain.map((a) => memberInfoOf(a)), info];
      },
    );
    pending = pending.filter((i, k) => {
      const chain = alone[k];
      if (chain) out[i] = chain;
      return !chain;
    });
  }
  const rest = await ask.one(
    pending.map((i) => labels[i] as string),
    call,
  );
  pending.forEach((i, k) => {
    out[i] = rest[k] ?? null;
  });
  return out.map((c) => c ?? null);
}
