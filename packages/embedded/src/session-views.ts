import type { ProviderSession } from "@qibates/provider";
import type { EmbeddedApplications } from "./applications.ts";
import type { EssbaseApplication } from "./essbase-app.ts";
import type { JournaledApplication } from "./journal.ts";
import type { PlanningDemoApplication } from "./planning-app.ts";
import type { EmbeddedStore } from "./store.ts";

interface View<A> {
  app: A;
  /** Position of the shared application the view's state was copied from. */
  basedOn: number;
  usedAt: number;
}

/**
 * Each session's own view of a shared demo application, for the sessions that must not change the demo for
 * everyone (those opened with the published demo key): copy on write — a session reads the shared application
 * until it first changes something, then a copy of the shared state with its own changes on top.
 *
 * A view is journaled like an application of its own, named `<application>@<session id>`, so that any API node
 * serving the session rebuilds it: the shared application's current state, then the session's entries in
 * order. When the shared application changes (a user with a key of their own), the view is rebuilt the same
 * way on its next use. A view is dropped, in memory and in the journal, when its session ends (logout, or
 * expiry found by {@link SessionViews.sweep}).
 */
export class SessionViews<A extends JournaledApplication> {
  private readonly open = new Map<string, View<A>>();
  /**
   * Told each time a view opens, and after each change to an open view (which can make it grow), so that the
   * views' memory is held under its bound.
   */
  onMayGrow: (sessionId: string) => void = () => {};
  private readonly opening = new Map<string, Promise<View<A>>>();
  /**
   * Sessions found without a view, when only this process writes the journal (PGlite, memory): none can appear
   * but through {@link writing} here, so the lookup is not repeated on every call (forgotten at each sweep).
   */
  private readonly absent = new Set<string>();

  /**
   * @param makeView builds an application named `name` whose reset copies `base`'s state as it is then, and
   *   reports the base position copied through `copied`.
   */
  constructor(
    readonly base: A,
    private readonly store: EmbeddedStore,
    private readonly makeView: (name: string, copied: (position: number) => void) => A,
    private readonly now: () => number = Date.now,
  ) {}

  /** The journal name of a session's view. */
  name(sessionId: string): string {
    return `${this.base.name}@${sessionId}`;
  }

  /** Session ids a journal name of this application's views stands for (null: not a view of it). */
  sessionOf(application: string): string | null {
    const prefix = `${this.base.name}@`;
    return application.startsWith(prefix) ? application.slice(prefix.length) : null;
  }

  /**
   * The application a session reads: its view once it changed something (here or on another node), else the
   * shared application. Either is up to date with every change acknowledged before the call.
   */
  async reading(sessionId: string): Promise<A> {
    await this.base.upToDate();
    const open = this.open.get(sessionId);
    if (open) return this.current(open);
    if (this.absent.has(sessionId)) return this.base;
    // Another node (or this one before a restart) may have journaled this session's first change.
    if ((await this.store.head(this.name(sessionId))) === 0) {
      if (!this.store.shared) this.absent.add(sessionId);
      return this.base;
    }
    return this.writing(sessionId);
  }

  /** The session's view, copied from the shared application on its first change. */
  async writing(sessionId: string): Promise<A> {
    await this.base.upToDate();
    let open = this.open.get(sessionId);
    if (!open) {
      // Two first calls of one session at once build one view.
      let opening = this.opening.get(sessionId);
      if (!opening) {
        opening = this.build(sessionId).finally(() => this.opening.delete(sessionId));
        this.opening.set(sessionId, opening);
      }
      open = await opening;
    }
    return this.current(open);
  }

  private async build(sessionId: string): Promise<View<A>> {
    this.absent.delete(sessionId);
    const view: View<A> = { app: null as unknown as A, basedOn: -1, usedAt: this.now() };
    view.app = this.makeView(this.name(sessionId), (position) => {
      view.basedOn = position;
    });
    // A view lives as long as its session: its few entries are replayed, never compacted into checkpoints.
    view.app.configure({
      checkpointEntries: Number.MAX_SAFE_INTEGER,
      checkpointBytes: Number.MAX_SAFE_INTEGER,
    });
    await view.app.load();
    this.open.set(sessionId, view);
    view.app.onChanged = () => {
      // A view set aside meanwhile no longer counts: its next call rebuilds it, and opens it again.
      if (this.open.get(sessionId) === view) this.onMayGrow(sessionId);
    };
    this.onMayGrow(sessionId);
    return view;
  }

  /** The views open in memory: session id, the view, and when it was last used. */
  *opened(): IterableIterator<[string, A, number]> {
    for (const [id, v] of this.open) yield [id, v.app, v.usedAt];
  }

  /**
   * Forgets a session's view on this node (its memory freed): nothing of it is lost, its changes are in the
   * journal, and its next call rebuilds it (the shared state, then its changes), as after a restart.
   */
  forget(sessionId: string): void {
    this.open.delete(sessionId);
  }

  private async current(open: View<A>): Promise<A> {
    open.usedAt = this.now();
    // The shared state moved since the copy: copy it again and replay the session's changes on it.
    if (open.basedOn !== this.base.position) await open.app.load();
    else await open.app.upToDate();
    return open.app;
  }

  /** Ends a session's view: gone from memory and from the journal. */
  async drop(sessionId: string): Promise<void> {
    this.open.delete(sessionId);
    this.absent.delete(sessionId);
    await this.store.dropApplication(this.name(sessionId));
  }

  /**
   * Drops the views of sessions that ended without a logout (`alive` says which still live), and forgets on
   * this node the views unused for `idleMs` (rebuilt from the journal if their session comes back).
   */
  async sweep(alive: (sessionId: string) => Promise<boolean>, idleMs: number): Promise<void> {
    const t = this.now();
    this.absent.clear();
    for (const [id, open] of this.open) if (t - open.usedAt >= idleMs) this.open.delete(id);
    for (const application of await this.store.applicationsNamed(`${this.base.name}@`)) {
      const id = this.sessionOf(application);
      if (id !== null && !(await alive(id))) await this.drop(id);
    }
  }

  /** Views open on this node (for tests and metrics). */
  get size(): number {
    return this.open.size;
  }
}

/**
 * The views of the demo applications for the sessions `isolated` picks (the server picks those opened with the
 * published demo key): their writes land in their own views; everyone else's in the shared applications.
 */
export class DemoSessionViews {
  readonly essbase: SessionViews<EssbaseApplication>;
  readonly planning: SessionViews<PlanningDemoApplication>;

  constructor(
    applications: EmbeddedApplications,
    store: EmbeddedStore,
    readonly isolated: (session: ProviderSession) => boolean,
    /** The most memory the views open on this node may hold together (bytes of their cubes' stored values). */
    readonly maxBytes: number = Number.POSITIVE_INFINITY,
  ) {
    const { essbase, planning } = applications;
    this.essbase = new SessionViews(essbase, store, (name, copied) => essbase.sessionView(name, copied));
    this.planning = new SessionViews(planning, store, (name, copied) => planning.sessionView(name, copied));
    this.essbase.onMayGrow = (id) => this.bound(this.essbase, id);
    this.planning.onMayGrow = (id) => this.bound(this.planning, id);
  }

  /** Bytes the views open on this node hold (their cubes' stored values). */
  get bytes(): number {
    return this.held().reduce((total, v) => total + v.bytes, 0);
  }

  /** The views open on this node, each with its bytes and when it was last used. */
  private held() {
    const all: {
      views: SessionViews<EssbaseApplication> | SessionViews<PlanningDemoApplication>;
      id: string;
      bytes: number;
      usedAt: number;
    }[] = [];
    for (const [id, app, usedAt] of this.essbase.opened())
      all.push({ views: this.essbase, id, bytes: app.cube.byteLength, usedAt });
    for (const [id, app, usedAt] of this.planning.opened())
      all.push({ views: this.planning, id, bytes: planningBytes(app), usedAt });
    return all;
  }

  /**
   * Holds the open views under `maxBytes`, each time a view opens or changes: past it, the views used longest ago
   * are forgotten on this node (rebuilt from the journal at their next call, nothing lost), never the one just
   * opened or changed.
   */
  private bound(
    views: SessionViews<EssbaseApplication> | SessionViews<PlanningDemoApplication>,
    keep: string,
  ) {
    if (!Number.isFinite(this.maxBytes)) return;
    const all = this.held();
    let total = all.reduce((sum, v) => sum + v.bytes, 0);
    if (total <= this.maxBytes) return;
    all.sort((a, b) => a.usedAt - b.usedAt);
    for (const v of all) {
      if (total <= this.maxBytes) break;
      if (v.views === views && v.id === keep) continue;
      v.views.forget(v.id);
      total -= v.bytes;
    }
  }

  /**
   * The application a call of `session` reads (`write` false) or changes: `base` itself unless the session
   * is isolated and `base` is a demo application with views.
   */
  async data<A extends EssbaseApplication | PlanningDemoApplication>(
    session: ProviderSession,
    base: A,
    write: boolean,
  ): Promise<A> {
    if (!this.isolated(session)) return base;
    const views = (
      base === this.essbase.base ? this.essbase : base === this.planning.base ? this.planning : null
    ) as SessionViews<A> | null;
    if (!views) return base;
    return write ? views.writing(session.id) : views.reading(session.id);
  }

  /** At logout: the session's views are gone. */
  async drop(sessionId: string): Promise<void> {
    await Promise.all([this.essbase.drop(sessionId), this.planning.drop(sessionId)]);
  }

  async sweep(alive: (sessionId: string) => Promise<boolean>, idleMs: number): Promise<void> {
    await this.essbase.sweep(alive, idleMs);
    await this.planning.sweep(alive, idleMs);
  }
}

/** Bytes of a planning application's stored values: every plan type's cube. */
function planningBytes(app: PlanningDemoApplication): number {
  let total = 0;
  for (const cube of app.app.cubes) total += app.app.dataSource(cube).byteLength;
  return total;
}
