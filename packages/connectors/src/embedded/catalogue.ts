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
 * The demo catalogue (`DEMO_SERVERS` of the engine's demo) with the loaded applications behind it: each
 * connector family sees its own server. Names are matched without regard to case, as Essbase does.
 */
export class EmbeddedCatalogue {
  private readonly servers: EmbeddedServers;

  constructor(
    private readonly applications: EmbeddedApplications,
    servers: EmbeddedServers = DEMO_SERVERS,
  ) {
    // Snapshots' applications are listed after the demo's, each with its cubes.
    const extra = new Map<string, string[]>();
    for (const c of applications.copies ?? [])
      extra.set(c.application, [...(extra.get(c.application) ?? []), c.cube]);
    this.servers = {
      ...servers,
      essbase: {
        ...servers.essbase,
        applications: [
          ...servers.essbase.applications,
          ...[...extra].map(([name, cubes]) => ({ name, cubes })),
        ],
      },
    };
  }

  server(connector: Connector): DemoServer {
    return this.servers[familyOf(connector)];
  }

  findServer(connector: Connector, name: string): DemoServer {
    const server = this.server(connector);
    if (!same(name, server.name)) {
      throw serverUnknown(name);
    }
    return server;
  }

  findApplication(connector: Connector, ref: ApplicationRef): DemoApplication {
    const server = this.findServer(connector, ref.server);
    const app = server.applications.find((a) => same(a.name, ref.application));
    if (!app) {
      throw applicationUnknown(ref.application, server.name);
    }
    return app;
  }

  findCube(connector: Connector, ref: CubeRef): string {
    const app = this.findApplication(connector, ref);
    const cube = app.cubes.find((c) => same(c, ref.cube));
    if (!cube) {
      throw cubeUnknown(ref.cube, app.name);
    }
    return cube;
  }

  /** The Essbase-family application holding the cube a call names. */
  essbaseCube(connector: Connector, ref: CubeRef): EssbaseApplication {
    const cube = this.findCube(connector, ref);
    const app = this.findApplication(connector, ref).name;
    const copy = this.applications.copies?.find((c) => c.application === app && c.cube === cube);
    return copy ? copy.app : this.applications.essbase;
  }

  /** The planning application a call names. */
  planningApplication(connector: Connector, ref: ApplicationRef): PlanningDemoApplication {
    this.findApplication(connector, ref);
    return this.applications.planning;
  }
}
