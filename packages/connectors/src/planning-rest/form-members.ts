import {
  PLANNING_PATHS,
  planningPath,
  type MemberAsReceived as RestMember,
  readDataStorage as storageOf,
} from "@qibates/protocols/planning-rest";
import type { ApplicationRef, ProviderSession } from "@qibates/provider";
import { missing } from "../remote/unsupported.ts";
import type { DimensionInfo, FormHost } from "./forms.ts";
import type { PlanningRestHost } from "./host.ts";
import type { MemberFacts } from "./member-cache.ts";
import { planTypesWithDimensions } from "./plan-types.ts";

// What Open Form reads of a session: its plan types, and of the members a form shows their aliases and which
// take entries, read member by member or with their dimension whole.

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** What the form code (`forms.ts`) needs of a session: its client, plan types with their dimensions, members. */
export async function formHost(
  host: PlanningRestHost,
  session: ProviderSession,
  ref: ApplicationRef,
): Promise<FormHost> {
  const app = await host.application(session, ref);
  const { client } = host.upstream(session);
  // Read once per call (a submit opens the form twice), for the application named as read above.
  let planTypes: Promise<{ cube: string; dims: string[] }[]> | null = null;
  return {
    client,
    app,
    planTypes: () => {
      planTypes ??= planTypesWithDimensions(host, session, ref, app);
      return planTypes;
    },
    dimensions: (cube, shown) => dimensionInfos(host, session, app, cube, shown),
    missing: (capability, operation, refusal) => missing(session.connector, capability, operation, refusal),
  };
}

/**
 * What a form needs of the members it shows, all read at once: each dimension member by member
 * ({@link dimensionInfo}), the fewest members to read first, as long as they add up to at most
 * {@link MEMBER_READS_PER_FORM} (about two rounds of the connection pool); a dimension past that is read whole,
 * once per session, with each member's storage (the member read of its root, the member selector's): a large
 * form costs at most one round trip more than a small one, never one request per row. The first refusal in the
 * form's order of the dimensions is the call's.
 */
async function dimensionInfos(
  host: PlanningRestHost,
  session: ProviderSession,
  app: string,
  cube: string,
  shown: ReadonlyMap<string, readonly string[]>,
): Promise<Map<string, DimensionInfo>> {
  const s = host.upstream(session);
  const table = session.aliasTable ?? "Default";
  const plans = [...shown].map(([dim, list]) => {
    const names = [...new Map(list.filter((m) => m !== "").map((m) => [m.toLowerCase(), m])).values()];
    const toRead = names.filter((m) => !s.members.has(memberKey(app, dim, m))).length;
    return { dim, names, toRead };
  });
  const whole = new Set<string>();
  let budget = MEMBER_READS_PER_FORM;
  for (const p of [...plans].sort((a, b) => a.toRead - b.toRead)) {
    if (p.toRead <= budget) budget -= p.toRead;
    else whole.add(p.dim);
  }
  const reads = await Promise.allSettled(
    plans.map((p) =>
      whole.has(p.dim)
        ? wholeDimensionInfo(host, session, app, cube, p.dim, table, true)
        : dimensionInfo(host, session, app, cube, p.dim, p.names),
    ),
  );
  const out = new Map<string, DimensionInfo>();
  reads.forEach((r, i) => {
    if (r.status === "rejected") throw r.reason;
    out.set((plans[i] as { dim: string }).dim, r.value);
  });
  return out;
}

/**
 * The aliases of the members a form shows and which take entries (what the form shows, not its
 * dimensions). Each member is read once per session (`GET …/dimensions/{dim}/members/{member}`, all at once:
 * one round trip): its `alias` (the Default table's), its `children` and `dataStorage` — a member with
 * children, Dynamic Calc or Label Only takes no entry (Planning's bottom-up rule). Another alias table's
 * aliases are only in Get Dimension Details, read whole once per session and table, under the member
 * selector's key (shared with it). Where the server refuses a member read (Oracle lists Get Member for the
 * Service Administrator only), the dimension is read whole as before: Get Dimension Details (any role), else the
 * member read of its root; what it lacks (`dataStorage`) leaves only upper levels read-only.
 */
async function dimensionInfo(
  host: PlanningRestHost,
  session: ProviderSession,
  app: string,
  cube: string,
  dim: string,
  shown: readonly string[],
): Promise<DimensionInfo> {
  const s = host.upstream(session);
  const table = session.aliasTable ?? "Default";
  const names = shown;
  const facts = new Map<string, MemberFacts>();
  let refused = s.memberReadsRefused;
  if (!refused) {
    const reads = await Promise.allSettled(names.map((m) => memberFacts(host, session, app, dim, m)));
    reads.forEach((r, i) => {
      if (r.status === "fulfilled") facts.set((names[i] as string).toLowerCase(), r.value);
      else if (r.reason instanceof MemberReadRefused) refused = true;
      else throw r.reason;
    });
  }
  if (refused) return wholeDimensionInfo(host, session, app, cube, dim, table, false);
  const labels = same(table, "Default")
    ? null
    : await host
        .details(session, app, cube, dim, table)
        .then((h) => aliasesOf(h.root))
        // As before: a table the server does not give leaves the Default table's aliases.
        .catch(() => null);
  return {
    label: (name) => {
      const key = name.toLowerCase();
      return (labels ? labels.get(key) : facts.get(key)?.alias) ?? name;
    },
    writable: (name) => facts.get(name.toLowerCase())?.writable ?? false,
  };
}

/** One member's alias and whether it takes entries, read once per session (see {@link dimensionInfo}). */
function memberFacts(
  host: PlanningRestHost,
  session: ProviderSession,
  app: string,
  dim: string,
  member: string,
): Promise<MemberFacts> {
  const s = host.upstream(session);
  return s.members.get(memberKey(app, dim, member), async () => {
    const r = await s.client.attempt<RestMember>(
      "GET",
      planningPath(PLANNING_PATHS.member, { app, dim, member }),
    );
    if (!r.ok) {
      // An unknown member is the form's (a member the server shows and does not know): not a refusal of the
      // call, so it is read-only and labelled by its name, as the whole dimension's read leaves it.
      if (r.status === 400 && /^The member\b/i.test(r.message)) return { alias: null, writable: false };
      s.memberReadsRefused = true;
      throw new MemberReadRefused(r.message);
    }
    const m = r.value ?? {};
    const kids = Array.isArray(m.children) ? m.children : [];
    const storage = storageOf(m.dataStorage);
    return {
      alias: typeof m.alias === "string" && m.alias !== "" ? m.alias : null,
      writable: kids.length === 0 && storage !== "dynamic-calc" && storage !== "label-only",
    };
  });
}

/**
 * A dimension read whole, kept for the session (the member selector's reads). With `storage` (a form showing
 * more members than it reads one by one), the member read of its root first: each member's `dataStorage`,
 * another alias table's aliases from Get Dimension Details. Where member reads are refused, Get Dimension
 * Details (any role), else the member read of its root; no `dataStorage` in the first: only upper levels are
 * read-only then.
 */
async function wholeDimensionInfo(
  host: PlanningRestHost,
  session: ProviderSession,
  app: string,
  cube: string,
  dim: string,
  table: string,
  storage: boolean,
): Promise<DimensionInfo> {
  const s = host.upstream(session);
  const details = () => host.details(session, app, cube, dim, table);
  const memberRead = () => host.dimension(session, app, dim);
  const byMembers = storage && !s.memberReadsRefused;
  const { root } = await (byMembers ? memberRead().catch(details) : details().catch(memberRead));
  const labels =
    byMembers && !same(table, "Default")
      ? await details()
          .then((h) => aliasesOf(h.root))
          .catch(() => null)
      : null;
  const members = new Map<string, { alias: string | null; writable: boolean }>();
  const walk = (m: RestMember) => {
    if (typeof m.name !== "string") return;
    const kids = Array.isArray(m.children) ? (m.children as RestMember[]) : [];
    const storage = storageOf(m.dataStorage);
    const key = m.name.toLowerCase();
    if (!members.has(key)) {
      members.set(key, {
        alias: typeof m.alias === "string" && m.alias !== "" ? m.alias : null,
        writable: kids.length === 0 && storage !== "dynamic-calc" && storage !== "label-only",
      });
    }
    for (const k of kids) walk(k);
  };
  walk(root);
  return {
    label: (name) => {
      const key = name.toLowerCase();
      return (labels ? labels.get(key) : members.get(key)?.alias) ?? name;
    },
    writable: (name) => members.get(name.toLowerCase())?.writable ?? false,
  };
}

/**
 * The most members one Open Form reads one by one (about two rounds of the connection pool's 16): past it, the
 * dimensions showing the most are read whole, once per session.
 */
const MEMBER_READS_PER_FORM = 32;

/** Where a session keeps what it read of one member (see `MemberCache`). */
function memberKey(app: string, dim: string, member: string): string {
  return `${app}\n${dim}\n${member}`.toLowerCase();
}

/** A member read the server refused for another reason than an unknown member (see `memberReadsRefused`). */
class MemberReadRefused extends Error {}

/** Each member's alias in a dimension read whole (lower-case names; a shared member's are its prototype's). */
function aliasesOf(root: RestMember): Map<string, string> {
  const out = new Map<string, string>();
  const stack = [root];
  for (let m = stack.pop(); m; m = stack.pop()) {
    if (typeof m.name === "string" && typeof m.alias === "string" && m.alias !== "") {
      const key = m.name.toLowerCase();
      if (!out.has(key)) out.set(key, m.alias);
    }
    // One at a time: a parent of 100,000 children is more arguments than a call takes.
    if (Array.isArray(m.children)) for (const c of m.children as RestMember[]) stack.push(c);
  }
  return out;
}
