import {
  type Consolidation,
  type DimensionSpec,
  type Member,
  type MemberSpec,
  Outline,
  type Storage,
} from "@qibates/engine";
import {
  type CellPosition,
  labelKind,
  labelMember,
  labelNames,
  namesNoMember,
  type ResolvedGridSettings,
  readLayout,
} from "@qibates/engine/grid";
import { zoomReach } from "@qibates/grid-rules";
import { type CallContext, type GridCall, ProviderError, type ProviderText } from "@qibates/provider";
import type { MdxOutline, RemoteDimension } from "./remote-outline.ts";

/**
 * A remote cube's outline read member by member, as calls need them (a grid costs the grid, not the
 * outline). Customers' dimensions hold 10,000 to 1,000,000 members: reading them all before a session's first
 * grid took 47 s to 101 s at 30 ms a request, or failed. The server is asked only for the dimensions and their
 * tops, then for the members a sheet names (each with its ancestors, one parallel round), the children of the
 * members a zoom opens, and a whole dimension only for what needs one (same level, same generation, a tree, a
 * filter, a search). What was read is kept (bounded) and rebuilt, when it grew, as an engine `Outline` holding
 * just those members, over which the engine's grid rules read sheets and lay grids out as they do over a whole
 * outline: a member's name, aliases, storage, parent and place among its siblings are the server's; what is not
 * read is not there, so a caller makes sure of what an operation needs before it asks for the outline.
 */

/** A member as a connector read it from its server. */
export interface RemoteMemberInfo {
  name: string;
  /** The parent's name; `null` for a dimension. */
  parent: string | null;
  /** Its place among its parent's children (0 = first), when the server says. */
  position?: number;
  /** How many children it has on the server (0 for a leaf). */
  childCount: number;
  aliases?: Record<string, string>;
  consolidation?: Consolidation;
  storage?: Storage;
  udas?: string[];
  formula?: string;
  /** Its MDX unique name, for a connector that names members in MDX (XMLA). */
  uniqueName?: string;
}

/**
 * What a connector reads of a cube for {@link MembersOnDemand}. Each read is given the context of the call it is
 * made for (`call`: its deadline, its signal, the client it is passed on for), which its requests are sent within:
 * a source is kept beyond a call and read by whichever call needs it.
 */
export interface CubeMemberSource {
  /** The dimensions in outline order, each with its top member, and the cube's alias tables. */
  dimensions(call: CallContext): Promise<{
    dimensions: RemoteDimension[];
    roots: RemoteMemberInfo[];
    aliasTables: string[];
    /** Per dimension, the children of its top when they were read with it (every one of them). */
    rootChildren?: (RemoteMemberInfo[] | null)[];
    /** Per dimension, the MDX unique names that stand for it (dimension, default hierarchy). */
    uniqueNames?: string[][];
  }>;
  /**
   * For each label (a member name, or an alias of any table), the member it names with its ancestors, from its
   * dimension down to itself; `null` when it names no member of the cube. One parallel round where it can.
   */
  lookup(labels: readonly string[], call: CallContext): Promise<(RemoteMemberInfo[] | null)[]>;
  /** The children of each member, in outline order. */
  children(parents: readonly RemoteMemberInfo[], call: CallContext): Promise<RemoteMemberInfo[][]>;
  /**
   * For each MDX unique name, the member it names with its ancestors (as `lookup`), `null` when it names none (a
   * query's calculated member): for a connector whose answers name members so (XMLA).
   */
  lookupUnique?(uniqueNames: readonly string[], call: CallContext): Promise<(RemoteMemberInfo[] | null)[]>;
}

interface Node {
  info: RemoteMemberInfo;
  parent: Node | null;
  /** Children read so far, by lower-case name (a shared member under its own parent), in the order read. */
  kids: Map<string, Node>;
  /** Whether every child was read. */
  complete: boolean;
  /** A shared member: its stored member is read under the same name elsewhere. */
  shared: boolean;
}

/**
 * Members kept for every session and cube together, when the server is not told otherwise
 * (`MEMBERS_HELD_MAX`): about 1.2 KB of heap a member (names, aliases, the rebuilt outline), a quarter of a
 * 4 GiB heap.
 */
export const MEMBERS_HELD_DEFAULT = 800_000;

/** Generations below a dimension past which an outline is refused: deeper than any server builds. */
export const MAX_GENERATIONS = 1024;

/** Members added between two turns given back to the event loop, while a server's answer is read. */
const ADDED_PER_TURN = 1000;

/** A turn of the event loop (a timer, so that I/O, other calls and timers run between). */
const nextTurn = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Shares one read between the calls that need it: `share(read)` answers a function each caller awaits with its
 * own context; `read` is started once, given the context it runs within, and lives as long as some caller still
 * waits for it, each within its own deadline.
 */
export type ShareRead = <T>(read: (call: CallContext) => Promise<T>) => (call: CallContext) => Promise<T>;

/** What a remote cube's members are read with, besides the source: see {@link MembersOnDemand}. */
export interface MembersOnDemandOptions {
  /** The server-wide bound the members count against ({@link MEMBERS_HELD}, unless a test gives its own). */
  bound?: MemberBound;
  /** The source's server's error for an answer that cannot be read (`UPSTREAM_MALFORMED`, naming the server). */
  malformed?: (reason: ProviderText) => ProviderError;
  /** How the dimensions' read is shared between calls (each caller's deadline); shared as a promise otherwise. */
  share?: ShareRead;
}

/** Why an outline a server lists cannot be read, in each language. */
export const OUTLINE_LIES = {
  /** A member listed among its own descendants (its own child, or a parent listed under its child). */
  cycle: (member: string, parent: string): ProviderText => ({
    en: `an outline that lists member "${member}" under "${parent}", among its own descendants`,
    fr: `une arborescence qui place le membre «\u00a0${member}\u00a0» sous «\u00a0${parent}\u00a0», parmi ses propres descendants`,
  }),
  /** One MDX unique name for two members. */
  repeatedUnique: (member: string, uniqueName: string): ProviderText => ({
    en: `an outline that lists the unique name ${uniqueName} twice (member "${member}")`,
    fr: `une arborescence qui donne deux fois le nom unique ${uniqueName} (membre «\u00a0${member}\u00a0»)`,
  }),
  /** An outline deeper than any server builds. */
  tooDeep: (member: string, generations: number): ProviderText => ({
    en: `an outline more than ${generations} generations deep (member "${member}")`,
    fr: `une arborescence de plus de ${generations} générations (membre «\u00a0${member}\u00a0»)`,
  }),
  /** A call that would take the members held for every session past the server's bound. */
  tooMany: (held: number): ProviderText => ({
    en: `more members than this server keeps for all sessions together (${held}, MEMBERS_HELD_MAX)`,
    fr: `plus de membres que ce serveur n'en garde pour toutes les sessions ensemble (${held}, MEMBERS_HELD_MAX)`,
  }),
};

/**
 * The members held by every {@link MembersOnDemand} of the server together, against one bound: past it, the
 * members of the cubes and sessions used least recently are dropped first (each keeps its dimensions and reads
 * again what a later call needs), never those of a cube a call is reading or building; a call that would still
 * take the server past it fails. A set of members no session holds any more is forgotten with it.
 */
export class MemberBound {
  private readonly sets = new Set<WeakRef<MembersOnDemand>>();
  private clock = 0;

  constructor(public limit: number = MEMBERS_HELD_DEFAULT) {}

  /** Counts `members` from now on. */
  enroll(members: MembersOnDemand): void {
    this.sets.add(new WeakRef(members));
  }

  /** A stamp newer than any before: the set stamped last is the one used most recently. */
  stamp(): number {
    return ++this.clock;
  }

  /** The members held, every live set together. */
  get held(): number {
    let total = 0;
    for (const ref of this.sets) {
      const m = ref.deref();
      if (m === undefined) this.sets.delete(ref);
      else total += m.size;
    }
    return total;
  }

  /**
   * Brings the members held back under the bound after `growing` read more: drops the sets used least recently
   * that no call holds; throws `growing`'s error when that is not enough.
   */
  settle(growing: MembersOnDemand): void {
    let total = this.held;
    if (total <= this.limit) return;
    const live: MembersOnDemand[] = [];
    for (const ref of this.sets) {
      const m = ref.deref();
      if (m !== undefined && m !== growing && !m.busy && m.size > 0) live.push(m);
    }
    live.sort((a, b) => a.used - b.used);
    for (const m of live) {
      if (total <= this.limit) break;
      total -= m.drop();
    }
    if (total > this.limit) throw growing.refusal(OUTLINE_LIES.tooMany(this.limit));
  }
}

/** The server's bound on the members held (its setting, `MEMBERS_HELD_MAX`, is applied to it at start). */
export const MEMBERS_HELD = new MemberBound();

const lower = (s: string) => s.toLowerCase();

/** The members of one remote cube read so far in a session, and the engine outline they make. */
export class MembersOnDemand {
  private roots: Node[] = [];
  /** Stored members by lower-case name. */
  private readonly byName = new Map<string, Node>();
  /** Lower-case aliases (every table) of the members read → lower-case name. */
  private readonly byAlias = new Map<string, string>();
  /** Labels the server said name no member (lower case). */
  private readonly unknown = new Set<string>();
  /** Members by MDX unique name (shared instances included). */
  private readonly byUnique = new Map<string, Node>();
  /** MDX unique names asked for that named no member. */
  private readonly unknownUnique = new Set<string>();
  private count = 0;
  private version = 0;
  private built: { version: number; remote: MdxOutline } | null = null;
  /** The dimensions' read, shared by the calls that wait for it. */
  private dimsJoin: ((call: CallContext) => Promise<Dims>) | null = null;
  /** Calls reading or building these members now: while one does, they are never dropped. */
  private running = 0;
  /** Members added since the event loop was last given a turn. */
  private addedSinceTurn = 0;
  private readonly bound: MemberBound;
  private readonly options: MembersOnDemandOptions;
  /** When a call last used these members ({@link MemberBound.stamp}). */
  used = 0;

  constructor(
    private readonly source: CubeMemberSource,
    private readonly name: string,
    options: MembersOnDemandOptions = {},
  ) {
    this.options = options;
    this.bound = options.bound ?? MEMBERS_HELD;
    this.bound.enroll(this);
    this.used = this.bound.stamp();
  }

  /** Whether a call is reading or building these members. */
  get busy(): boolean {
    return this.running > 0;
  }

  /** The error of the source's server for an outline it cannot list so: `UPSTREAM_MALFORMED`, naming it. */
  refusal(reason: ProviderText): ProviderError {
    if (this.options.malformed) return this.options.malformed(reason);
    return new ProviderError("UPSTREAM_MALFORMED", `The server of ${this.name} answered ${reason.en}.`, {
      reason,
    });
  }

  /** Runs one step of a call over these members: they are not dropped meanwhile; the bound is kept after. */
  private async step<T>(work: () => Promise<T>): Promise<T> {
    this.running++;
    this.used = this.bound.stamp();
    let refused = false;
    try {
      const out = await work();
      this.bound.settle(this);
      return out;
    } catch (e) {
      refused = e instanceof ProviderError && e.code === "UPSTREAM_MALFORMED";
      throw e;
    } finally {
      this.running--;
      // A call refused for what its server listed, or past the bound, leaves nothing it read held: only the
      // dimensions stay, and a later call reads again what it needs.
      if (this.running === 0 && (refused || this.bound.held > this.bound.limit)) this.drop();
    }
  }

  /** Gives the event loop a turn every {@link ADDED_PER_TURN} members added, and keeps the bound. */
  private async breathe(): Promise<void> {
    if (this.addedSinceTurn < ADDED_PER_TURN) return;
    this.addedSinceTurn = 0;
    this.bound.settle(this);
    await nextTurn();
  }

  /** The dimensions (read once, shared by the calls that wait for it) and the alias tables; `call`: the caller's. */
  dimensions(call: CallContext): Promise<{
    dimensions: RemoteDimension[];
    aliasTables: string[];
    uniqueNames: ReadonlyMap<string, string>;
  }> {
    if (!this.dimsJoin) {
      let join: ((call: CallContext) => Promise<Dims>) | null = null;
      const readDims = (shared: CallContext) =>
        this.source
          .dimensions(shared)
          .then(async (d) => {
            this.roots = [];
            for (const [i, r] of d.roots.entries()) {
              const root = this.add(r, null);
              this.roots.push(root);
              const kids = d.rootChildren?.[i];
              if (kids) {
                for (const [j, k] of kids.entries()) {
                  this.add({ ...k, parent: root.info.name, position: k.position ?? j }, root);
                  await this.breathe();
                }
                root.complete = true;
              }
            }
            const uniqueNames = new Map<string, string>();
            (d.uniqueNames ?? []).forEach((names, i) => {
              for (const u of names) uniqueNames.set(u, d.dimensions[i]?.name ?? "");
            });
            return { dimensions: d.dimensions, aliasTables: d.aliasTables, uniqueNames };
          })
          .catch((e: unknown) => {
            // A failed read is forgotten (the next call reads again); a caller that only stopped waiting is not one.
            if (this.dimsJoin === join) this.dimsJoin = null;
            throw e;
          });
      join = this.options.share ? this.options.share(readDims) : sharedPromise(readDims);
      this.dimsJoin = join;
    }
    return this.dimsJoin(call);
  }

  /** How many members are kept. */
  get size(): number {
    return this.count;
  }

  /** Drops every member read but the dimensions' tops, unless a call holds them; answers how many were dropped. */
  drop(): number {
    if (this.running > 0) return 0;
    const before = this.count;
    this.trimAll();
    return before - this.count;
  }

  /** Keeps the server's bound (a call's start): what is held past it, least recently used first, is dropped. */
  trim(): void {
    this.used = this.bound.stamp();
    if (this.bound.held > this.bound.limit) {
      try {
        this.bound.settle(this);
      } catch {
        this.drop();
      }
    }
  }

  private trimAll(): void {
    this.byName.clear();
    this.byAlias.clear();
    this.unknown.clear();
    this.byUnique.clear();
    this.unknownUnique.clear();
    this.count = 0;
    const tops = this.roots.map((r) => r.info);
    this.roots = tops.map((r) => this.add(r, null));
    this.built = null;
    this.version++;
  }

  /** Whether `label` names a member read so far (by name or alias), or was found to name none. */
  private settled(label: string): boolean {
    const l = lower(label);
    return this.byName.has(l) || this.byAlias.has(l) || this.unknown.has(l);
  }

  /** The member read under this name or alias, if any. */
  private node(label: string): Node | undefined {
    const l = lower(label);
    const name = this.byName.has(l) ? l : this.byAlias.get(l);
    return name === undefined ? undefined : this.byName.get(name);
  }

  /** How many distinct labels were neither read nor found to name no member. */
  unsettledCount(labels: Iterable<string>): number {
    const seen = new Set<string>();
    for (const raw of labels) {
      const t = raw.trim();
      if (t !== "" && !this.settled(t)) seen.add(lower(t));
    }
    return seen.size;
  }

  /** Makes sure every label was looked up (one parallel round for those not yet known). */
  ensureLabels(labels: Iterable<string>, call: CallContext): Promise<void> {
    return this.step(() => this.readLabels(labels, call));
  }

  private async readLabels(labels: Iterable<string>, call: CallContext): Promise<void> {
    const asked: string[] = [];
    const seen = new Set<string>();
    for (const raw of labels) {
      const t = raw.trim();
      if (t === "" || this.settled(t) || seen.has(lower(t))) continue;
      seen.add(lower(t));
      asked.push(t);
    }
    if (asked.length === 0) {
      await this.dimensions(call);
      return;
    }
    // The dimensions and the labels are asked at once (a session's first grid waits for one round, not two).
    const [, chains] = await Promise.all([this.dimensions(call), this.source.lookup(asked, call)]);
    const prototypes: string[] = [];
    for (const [i, chain] of chains.entries()) {
      const label = asked[i] as string;
      if (!chain || chain.length === 0) {
        this.unknown.add(lower(label));
        continue;
      }
      const last = this.addChain(chain);
      if (last?.shared) prototypes.push(last.info.name);
      // A label that names a member by an alias the member read does not carry (another table's) is remembered.
      if (last && lower(last.info.name) !== lower(label) && !this.byAlias.has(lower(label))) {
        this.byAlias.set(lower(label), lower(last.info.name));
      }
      await this.breathe();
    }
    await this.ensureStored(prototypes, call);
  }

  /** Makes sure every MDX unique name (an answer's members) was looked up, when the source reads them so. */
  ensureUniqueNames(uniqueNames: Iterable<string>, call: CallContext): Promise<void> {
    return this.step(() => this.readUniqueNames(uniqueNames, call));
  }

  private async readUniqueNames(uniqueNames: Iterable<string>, call: CallContext): Promise<void> {
    await this.dimensions(call);
    const lookupUnique = this.source.lookupUnique?.bind(this.source);
    if (!lookupUnique) return;
    const asked = [...new Set(uniqueNames)].filter(
      (u) => !this.byUnique.has(u) && !this.unknownUnique.has(u),
    );
    if (asked.length === 0) return;
    const chains = await lookupUnique(asked, call);
    const prototypes: string[] = [];
    for (const [i, chain] of chains.entries()) {
      if (!chain || chain.length === 0) {
        this.unknownUnique.add(asked[i] as string);
        continue;
      }
      const last = this.addChain(chain);
      if (last?.shared) prototypes.push(last.info.name);
      await this.breathe();
    }
    await this.ensureStored(prototypes, call);
  }

  /** Makes sure every child of each member (a name read so far) is read. */
  ensureChildren(names: Iterable<string>, call: CallContext): Promise<void> {
    return this.step(() => this.readChildren(names, call));
  }

  private async readChildren(names: Iterable<string>, call: CallContext): Promise<void> {
    await this.dimensions(call);
    const wanted: Node[] = [];
    for (const n of names) {
      const node = this.node(n);
      if (node && !node.complete && node.info.childCount > 0 && !wanted.includes(node)) wanted.push(node);
      else if (node && node.info.childCount === 0) node.complete = true;
    }
    if (wanted.length === 0) return;
    const lists = await this.source.children(
      wanted.map((w) => w.info),
      call,
    );
    const shared: string[] = [];
    for (const [i, kids] of lists.entries()) {
      const parent = wanted[i] as Node;
      for (const [j, k] of kids.entries()) {
        const child = this.add({ ...k, parent: parent.info.name, position: k.position ?? j }, parent);
        if (child.shared) shared.push(child.info.name);
        await this.breathe();
      }
      parent.complete = true;
    }
    await this.ensureStored(shared, call);
  }

  /** Makes sure each member's whole subtree is read: a round of children per generation below it. */
  ensureSubtrees(names: Iterable<string>, call: CallContext): Promise<void> {
    return this.step(() => this.readSubtrees(names, call));
  }

  /**
   * A round of children per generation; each member is opened once (a server that lists a member under two
   * parents, or again below itself, is read once), and never more generations than an outline can hold.
   */
  private async readSubtrees(names: Iterable<string>, call: CallContext): Promise<void> {
    const opened = new Set<Node>();
    let level = [...names];
    for (let generation = 0; level.length > 0; generation++) {
      if (generation > MAX_GENERATIONS)
        throw this.refusal(OUTLINE_LIES.tooDeep(level[0] as string, MAX_GENERATIONS));
      await this.readChildren(level, call);
      const next: string[] = [];
      for (const n of level) {
        const node = this.node(n);
        if (!node || opened.has(node)) continue;
        opened.add(node);
        for (const k of node.kids.values()) {
          if (k.shared || k.info.childCount === 0) continue;
          const stored = this.node(k.info.name);
          if (stored && !opened.has(stored)) next.push(k.info.name);
        }
      }
      level = [...new Set(next)];
      await nextTurn();
    }
  }

  /** Makes sure every member of these dimensions (all when `null`) is read. */
  ensureDimensions(names: readonly string[] | null, call: CallContext): Promise<void> {
    return this.step(async () => {
      const { dimensions } = await this.dimensions(call);
      const wanted = names === null ? dimensions.map((d) => d.name) : names;
      await this.readSubtrees(
        wanted.filter((n) => this.byName.has(lower(n))),
        call,
      );
    });
  }

  /** The stored members of shared members read, so that the rebuilt outline holds each shared member's prototype. */
  private async ensureStored(names: readonly string[], call: CallContext): Promise<void> {
    const missing = names.filter((n) => !this.byName.has(lower(n)));
    if (missing.length > 0) await this.readLabels(missing, call);
  }

  /** Adds a chain (dimension first); answers the last member. */
  private addChain(chain: readonly RemoteMemberInfo[]): Node | undefined {
    let parent: Node | null = null;
    let last: Node | undefined;
    for (const info of chain) {
      const known: Node | undefined = parent
        ? parent.kids.get(lower(info.name))
        : this.roots.find((r) => lower(r.info.name) === lower(info.name));
      last = known ?? this.add(info, parent);
      parent = last;
    }
    return last;
  }

  private add(info: RemoteMemberInfo, parent: Node | null): Node {
    const key = lower(info.name);
    const existing = parent?.kids.get(key);
    if (existing) {
      // A member met in a chain first, then listed with its siblings: its place is now known.
      if (info.position !== undefined && existing.info.position !== info.position) {
        existing.info = { ...existing.info, position: info.position };
        this.version++;
      }
      return existing;
    }
    // A server that lists a member below itself (its own child, a parent under its child) or one unique name for
    // two members describes no outline: reading it on would never end, so it is refused, naming the member.
    let depth = 0;
    for (let up = parent; up; up = up.parent) {
      if (lower(up.info.name) === key)
        throw this.refusal(OUTLINE_LIES.cycle(info.name, parent?.info.name ?? ""));
      if (++depth > MAX_GENERATIONS) throw this.refusal(OUTLINE_LIES.tooDeep(info.name, MAX_GENERATIONS));
    }
    if (info.uniqueName !== undefined && this.byUnique.has(info.uniqueName))
      throw this.refusal(OUTLINE_LIES.repeatedUnique(info.name, info.uniqueName));
    const stored = this.byName.get(key);
    // Only a member the server says is shared is one from the start (Essbase REST says so). Otherwise (XMLA) a name
    // met again under another parent is kept as it is: the rebuilt outline takes the first in outline order for
    // the stored member, as the server's outline does, whichever was read first.
    const shared = info.storage === "shared";
    const node: Node = {
      info: shared ? { ...info, storage: "shared" } : info,
      parent,
      kids: new Map(),
      complete: info.childCount === 0,
      shared,
    };
    if (parent) parent.kids.set(key, node);
    if (node.info.uniqueName) this.byUnique.set(node.info.uniqueName, node);
    if (!shared && stored === undefined) {
      this.byName.set(key, node);
      for (const a of Object.values(info.aliases ?? {})) {
        if (!this.byAlias.has(lower(a))) this.byAlias.set(lower(a), key);
      }
    }
    this.count++;
    this.addedSinceTurn++;
    this.version++;
    return node;
  }

  /** The members read so far as an engine outline (rebuilt only when more were read). */
  outline(call: CallContext): Promise<MdxOutline> {
    return this.step(() => this.build(call));
  }

  private async build(call: CallContext): Promise<MdxOutline> {
    const { dimensions, aliasTables, uniqueNames } = await this.dimensions(call);
    if (this.built?.version === this.version) return this.built.remote;
    const spec = (n: Node): MemberSpec => {
      const i = n.info;
      const s: MemberSpec = { name: i.name };
      if (i.aliases && Object.keys(i.aliases).length > 0) s.aliases = { ...i.aliases };
      if (i.consolidation) s.consolidation = i.consolidation;
      if (n.shared) s.storage = "shared";
      else if (i.storage) s.storage = i.storage;
      if (i.udas && i.udas.length > 0) s.udas = [...i.udas];
      if (i.formula) s.formula = i.formula;
      const kids = ordered(n);
      if (kids.length > 0 && !n.shared) s.children = kids.map(spec);
      return s;
    };
    const tables = aliasTables.length > 0 ? aliasTables : ["Default"];
    const known = new Set(tables.map(lower));
    const specs: DimensionSpec[] = dimensions.map((d) => {
      const root = this.roots.find((r) => lower(r.info.name) === lower(d.name));
      const top = root ? spec(root) : { name: d.name };
      return {
        name: d.name,
        type: d.type,
        ...(top.storage ? { storage: top.storage } : {}),
        ...(top.aliases ? { aliases: onlyTables(top.aliases, known) } : {}),
        members: (top.children ?? []).map((c) => withTables(c, known)),
      };
    });
    let outline: Outline;
    try {
      outline = new Outline({ name: this.name, aliasTables: tables, dimensions: specs });
    } catch {
      const seen = new Set<string>();
      // A shared member read before its stored member in outline order (a server that does not say where each
      // child sits): left out rather than taken for the stored one.
      outline = new Outline({
        name: this.name,
        aliasTables: tables,
        dimensions: specs.map((d) => withoutShared(d, seen)),
      });
    }
    const remote: MdxOutline = {
      outline,
      dimensions,
      aliasTables: tables,
      ...this.mdxNames(outline, uniqueNames),
    };
    this.built = { version: this.version, remote };
    return remote;
  }

  /** The MDX names of the members read, as the server wrote them (XMLA); Essbase's bracketed names otherwise. */
  private mdxNames(
    outline: Outline,
    dimensionNames: ReadonlyMap<string, string>,
  ): Pick<MdxOutline, "uniqueName" | "memberOf" | "dimensionOf"> {
    const byUnique = new Map(this.byUnique);
    // A member is found by its path from the dimension: a name under two parents is two members.
    const memberOf = (u: string): Member | undefined => {
      const n = byUnique.get(u);
      if (!n) return undefined;
      const path: Node[] = [];
      for (let x: Node | null = n; x; x = x.parent) path.unshift(x);
      let m = outline.dimension((path[0] as Node).info.name)?.root;
      for (const x of path.slice(1)) m = m?.children.find((c) => lower(c.name) === lower(x.info.name));
      return m;
    };
    return {
      memberOf,
      dimensionOf: (u) => {
        const name = dimensionNames.get(u);
        return name === undefined ? undefined : outline.dimension(name);
      },
      uniqueName: (m) => {
        const path = [m, ...m.ancestors()].reverse();
        let n = this.roots.find((r) => lower(r.info.name) === lower((path[0] as Member).name));
        for (const p of path.slice(1)) n = n?.kids.get(lower(p.name));
        return (
          n?.info.uniqueName ?? `[${m.dimension.name.replace(/]/g, "]]")}].[${m.name.replace(/]/g, "]]")}]`
        );
      },
    };
  }
}

/** The dimensions as {@link MembersOnDemand.dimensions} answers them. */
interface Dims {
  dimensions: RemoteDimension[];
  aliasTables: string[];
  uniqueNames: Map<string, string>;
}

/** A read shared as one promise by every caller, started by the first within its own context. */
function sharedPromise<T>(read: (call: CallContext) => Promise<T>): (call: CallContext) => Promise<T> {
  let p: Promise<T> | null = null;
  return (call) => {
    p ??= read(call);
    return p;
  };
}

/** A member's children read so far in outline order: by their place when the server said it, else as read. */
function ordered(n: Node): Node[] {
  const kids = [...n.kids.values()];
  if (kids.every((k) => k.info.position !== undefined)) {
    kids.sort((a, b) => (a.info.position as number) - (b.info.position as number));
  }
  return kids;
}

/** Aliases of tables the cube lists only (an engine outline refuses a member of an unknown table). */
function onlyTables(aliases: Record<string, string>, known: ReadonlySet<string>): Record<string, string> {
  return Object.fromEntries(Object.entries(aliases).filter(([t]) => known.has(lower(t))));
}

function withTables(s: MemberSpec, known: ReadonlySet<string>): MemberSpec {
  return {
    ...s,
    ...(s.aliases ? { aliases: onlyTables(s.aliases, known) } : {}),
    ...(s.children ? { children: s.children.map((c) => withTables(c, known)) } : {}),
  };
}

/** `d` without its shared members and without a name's later instances (kept once, the first in outline order). */
function withoutShared(d: DimensionSpec, seen: Set<string>): DimensionSpec {
  const first = (c: MemberSpec) => {
    if (c.storage === "shared" || seen.has(lower(c.name))) return false;
    seen.add(lower(c.name));
    return true;
  };
  const keep = (s: MemberSpec): MemberSpec => ({
    ...s,
    ...(s.children ? { children: s.children.filter(first).map(keep) } : {}),
  });
  seen.add(lower(d.name));
  return { ...d, members: d.members.filter(first).map(keep) };
}

/** Distinct numeric texts in one column of data rows past which the column is data, not numeric member names. */
const NUMERIC_COLUMN_MAX = 64;

/**
 * Makes sure every member a sheet names is read, so that the engine reads the sheet as it would over the whole
 * outline. Text that is not a number is looked up first (one round), with the numbers of column A (where Essbase
 * looks for the first row header); a bare number is data unless it stands where headers are, so once the sheet's
 * header rows and row-header columns are known, the numbers there (and in the first data column, which a numeric
 * row header would widen) are looked up too, until the layout stops growing (a few rounds at most, none for a
 * sheet without numeric names).
 */
export async function ensureSheetMembers(
  members: MembersOnDemand,
  sheet: readonly (readonly unknown[])[],
  settings: ResolvedGridSettings,
  call: CallContext,
): Promise<void> {
  const variables = settings.substitutionVariables;
  const tried = new Set<string>();
  const first: string[] = [];
  const numbers: { row: number; column: number; text: string }[] = [];
  sheet.forEach((line, r) => {
    line.forEach((cell, c) => {
      // A number held as a number is data, but where a header is expected the engine says whether it names a
      // member (to be typed as text): it is looked up as a numeric text is.
      if (typeof cell !== "string" && !(typeof cell === "number" && Number.isFinite(cell))) return;
      const t = String(cell).trim();
      if (t === "" || namesNoMember(t, settings)) return;
      if (labelKind(t, settings) === "number") {
        numbers.push({ row: r, column: c, text: t });
        if (c === 0) first.push(t);
        return;
      }
      first.push(...labelNames(t, variables));
    });
  });
  let asked = first;
  for (let round = 0; round < 4 && asked.length > 0; round++) {
    for (const a of asked) tried.add(lower(a));
    await members.ensureLabels(asked, call);
    if (numbers.length === 0) return;
    let layout: { headerRows: number; leftColumns: number };
    try {
      layout = readLayout((await members.outline(call)).outline, sheet, settings);
    } catch {
      // A sheet the engine refuses is refused by the caller's own reading, naming its cell.
      return;
    }
    // The first data column may be a row-header column of numeric names only when nothing heads it: a column
    // with a column header above its data is data.
    const lc = layout.leftColumns;
    const headed = sheet
      .slice(0, layout.headerRows)
      .some((line) => typeof line[lc] === "string" && (line[lc] as string).trim() !== "");
    const inColumn = headed
      ? []
      : numbers.filter((n) => n.row >= layout.headerRows && n.column === layout.leftColumns);
    const columnTexts = new Set(inColumn.map((n) => lower(n.text)));
    asked = [
      ...new Set(
        numbers
          .filter(
            (n) =>
              n.row < layout.headerRows ||
              n.column < layout.leftColumns ||
              (!headed &&
                n.column === layout.leftColumns &&
                n.row >= layout.headerRows &&
                columnTexts.size <= NUMERIC_COLUMN_MAX),
          )
          .map((n) => n.text)
          .filter((t) => !tried.has(lower(t))),
      ),
    ];
  }
}

/** The member labels of an answered sheet (cells the server typed as members), for {@link MembersOnDemand.ensureLabels}. */
export function labelsOf(
  cells: readonly (readonly string[])[],
  isMember: (row: number, column: number) => boolean,
  settings: ResolvedGridSettings,
): string[] {
  const out: string[] = [];
  cells.forEach((line, r) => {
    line.forEach((text, c) => {
      if (!isMember(r, c)) return;
      const t = text.trim();
      if (t === "" || namesNoMember(t, settings)) return;
      out.push(...labelNames(t, settings.substitutionVariables));
    });
  });
  return out;
}

/**
 * Reads what a grid operation needs beyond the sheet's own members ({@link ensureSheetMembers} first): the
 * children of the members a zoom opens (next level), their subtrees (all levels, bottom level), a parent's
 * children (sibling level), the whole dimension (same level, same generation, the formula level); nothing for
 * a refresh, a zoom out, a keep only, a remove only, a pivot or a submit, whose members the sheet shows.
 */
export async function ensureGridOperation(
  members: MembersOnDemand,
  grid: GridCall,
  sheet: readonly (readonly unknown[])[],
  s: ResolvedGridSettings,
  call: CallContext,
): Promise<void> {
  if (grid.action !== "zoomin") return;
  const cells = (grid.input as { cells?: CellPosition[] }).cells ?? [];
  const outline = (await members.outline(call)).outline;
  const selected = cells.flatMap((c) => {
    const m = labelMember(outline, sheet[c.row]?.[c.column], s);
    return m ? [m] : [];
  });
  const names = selected.map((m) => m.name);
  switch (zoomReach(s.zoomInPreference)) {
    case "children":
      return members.ensureChildren(names, call);
    case "subtree":
      return members.ensureSubtrees(names, call);
    case "siblings":
      return members.ensureChildren(
        selected.flatMap((m) => (m.parent ? [m.parent.name] : [])),
        call,
      );
    case "dimension":
      return members.ensureDimensions([...new Set(selected.map((m) => m.dimension.name))], call);
  }
}
