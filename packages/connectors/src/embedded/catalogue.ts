import { DEMO_SERVERS } from "@qibates/engine/demo";
import { type Connector, type Family, familyOf } from "../connectors.ts";
import { applicationUnknown, cubeUnknown, serverUnknown } from "../errors.ts";
import type { ApplicationRef, CubeRef } from "../provider.ts";
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

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * The demo catalogue (`DEMO_SERVERS` of the engine's demo) with the loaded applications behind it: each
 * connector family sees its own server. Names are matched without regard to case, as Essbase does.
 */
export class EmbeddedCatalogue {
  constructor(
    private readonly applications: EmbeddedApplications,
    private readonly servers: EmbeddedServers = DEMO_SERVERS,
  ) {}

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
    this.findCube(connector, ref);
    return this.applications.essbase;
  }

  /** The planning application a call names. */
  planningApplication(connector: Connector, ref: ApplicationRef): PlanningDemoApplication {
    this.findApplication(connector, ref);
    return this.applications.planning;
  }
}
