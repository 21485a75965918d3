import { DEMO_SERVERS } from "@qibates/engine/demo";
import type { ApplicationRef, CubeRef } from "@qibates/provider";
import {
  applicationUnknown,
  type Connector,
  cubeUnknown,
  type Family,
  familyOf,
  serverUnknown,
} from "@qibates/provider";
import type { EmbeddedApplications } from "./applications.ts";
import type { EssbaseApplication } from "./essbase-app.ts";
import type { PlanningDemoApplication } from "./planning-app.ts";

/** What an embedded provider serves: one server per connector family, with its applications and cubes. */
export interface EmbeddedServers {
  essbase: { name: string; applications: readonly { name: string; cubes: readonly string[] }[] };
  planning: { name: string; applications: readonly { name: string; cubes: readonly string[] }[] };
}

type DemoServer = EmbeddedServers[Family];
type DemoApplication = DemoServer["applications"][number];

/** The applications the demo serves (a snapshot cannot be served under one of these names). */
export const DEMO_APPLICATIONS: readonly string[] = [DEMO_SERVERS.essbase, DEMO_SERVERS.planning].flatMap(
  (s) => s.applications.map((a) => a.name),
);

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * Who may open what on the embedded servers. `demo`: whether the demo applications (Sample.Basic, Vision) are
 * served at all (false: the snapshots' alone). `allowed(username)`: the applications a user may open —
 * `"all"` for every application served (the demo users), else `snapshots`: every snapshot application
 * (`"all"`) or those named (case ignored), never a demo application; `{ snapshots: [] }` for none.
 */
export interface EmbeddedAccess {
  demo: boolean;
  allowed(username: string): "all" | { snapshots: "all" | readonly string[] };
}

/** Every application served to everyone (the demo as it always was). */
export const OPEN_ACCESS: EmbeddedAccess = { demo: true, allowed: () => "all" };

/** Who a lookup is for: the session's connector and, once logged in, its user. */
export interface Viewer {
  connector: Connector;
  username?: string;
}

/**
 * The demo catalogue (`DEMO_SERVERS` of the engine's demo) with the loaded applications behind it: each
 * connector family sees its own server. Names are matched without regard to case, as Essbase does.
 */
export class EmbeddedCatalogue {
  private readonly servers: EmbeddedServers;
  /** The applications of snapshots, by lower-case name (the others are the demo's or the given catalogue's). */
  private readonly snapshotNames: ReadonlySet<string>;

  constructor(
    private readonly applications: EmbeddedApplications,
    servers: EmbeddedServers = DEMO_SERVERS,
    private readonly access: EmbeddedAccess = OPEN_ACCESS,
  ) {
    // Snapshots' applications are listed after the demo's, each with its cubes: a copy of an Essbase-family
    // cube on the Essbase server, a copy of a Planning application on the Planning server (as the demo serves
    // Vision: on the Planning server only, not as an application of the Essbase server).
    const extra = new Map<string, string[]>();
    for (const c of applications.copies ?? [])
      extra.set(c.application, [...(extra.get(c.application) ?? []), c.cube]);
    const planning = (applications.planningCopies ?? []).map((c) => ({
      name: c.application,
      cubes: c.cubes,
    }));
    this.snapshotNames = new Set(
      [...extra.keys(), ...planning.map((a) => a.name)].map((n) => n.toLowerCase()),
    );
    this.servers = {
      essbase: {
        ...servers.essbase,
        applications: [
          ...servers.essbase.applications,
          ...[...extra].map(([name, cubes]) => ({ name, cubes })),
        ],
      },
      planning: { ...servers.planning, applications: [...servers.planning.applications, ...planning] },
    };
  }

  /**
   * The server of a connector's family as `viewer` sees it: the applications the access lets it open, the
   * others absent, so that every lookup below refuses them as unknown (the one place access is enforced).
   */
  server(viewer: Viewer): DemoServer {
    const server = this.servers[familyOf(viewer.connector)];
    const rule = viewer.username === undefined ? "all" : this.access.allowed(viewer.username);
    if (rule === "all" && this.access.demo) return server;
    const opens = (name: string): boolean => {
      const key = name.toLowerCase();
      if (!this.snapshotNames.has(key)) return rule === "all" && this.access.demo;
      if (rule === "all" || rule.snapshots === "all") return true;
      return rule.snapshots.some((a) => a.toLowerCase() === key);
    };
    return { ...server, applications: server.applications.filter((a) => opens(a.name)) };
  }

  findServer(viewer: Viewer, name: string): DemoServer {
    const server = this.server(viewer);
    if (!same(name, server.name)) {
      throw serverUnknown(name);
    }
    return server;
  }

  findApplication(viewer: Viewer, ref: ApplicationRef): DemoApplication {
    const server = this.findServer(viewer, ref.server);
    const app = server.applications.find((a) => same(a.name, ref.application));
    if (!app) {
      throw applicationUnknown(ref.application, server.name);
    }
    return app;
  }

  findCube(viewer: Viewer, ref: CubeRef): string {
    return cubeOf(this.findApplication(viewer, ref), ref);
  }

  /** The Essbase-family application holding the cube a call names. */
  essbaseCube(viewer: Viewer, ref: CubeRef): EssbaseApplication {
    return this.resolveCube(viewer, ref).app;
  }

  /**
   * The cube a call names, in one lookup: its application's and its own names as the catalogue spells them, and
   * the Essbase-family application holding it.
   */
  resolveCube(viewer: Viewer, ref: CubeRef): { application: string; cube: string; app: EssbaseApplication } {
    const found = this.findApplication(viewer, ref);
    const cube = cubeOf(found, ref);
    const application = found.name;
    const copy = this.applications.copies?.find((c) => c.application === application && c.cube === cube);
    return { application, cube, app: copy ? copy.app : this.applications.essbase };
  }

  /** The planning application a call names: Vision, or a snapshot of a Planning application. */
  planningApplication(viewer: Viewer, ref: ApplicationRef): PlanningDemoApplication {
    const found = this.findApplication(viewer, ref);
    const copy = this.applications.planningCopies?.find((c) => c.application === found.name);
    return copy ? copy.app : this.applications.planning;
  }
}

/** The cube of `app` that `ref` names, as the application spells it. */
function cubeOf(app: DemoApplication, ref: CubeRef): string {
  const cube = app.cubes.find((c) => same(c, ref.cube));
  if (!cube) {
    throw cubeUnknown(ref.cube, app.name);
  }
  return cube;
}
