import { ApiError } from "./api-error.ts";

/**
 * What a session can reach: servers, their applications and cubes. The demo provider is the embedded
 * engine with its demo applications; each connector family sees its own server.
 */
export type Family = "essbase" | "planning";

export function familyOf(connector: string): Family {
  return connector === "planning" || connector === "pbcs" ? "planning" : "essbase";
}

export interface DemoApplication {
  name: string;
  cubes: string[];
}

export interface DemoServer {
  name: string;
  applications: DemoApplication[];
}

/** The demo catalogue: Sample.Basic on the Essbase side, Vision (plan type Plan1) on the planning side. */
export const DEMO_SERVERS: Record<Family, DemoServer> = {
  essbase: { name: "EssbaseCluster-1", applications: [{ name: "Sample", cubes: ["Basic"] }] },
  planning: { name: "Planning", applications: [{ name: "Vision", cubes: ["Plan1"] }] },
};

export function findServer(family: Family, name: unknown): DemoServer {
  const server = DEMO_SERVERS[family];
  if (typeof name !== "string" || name.toLowerCase() !== server.name.toLowerCase()) {
    throw new ApiError("QB_ERR_SERVER_UNKNOWN", { server: String(name) }, "server");
  }
  return server;
}

export function findApplication(family: Family, server: unknown, name: unknown): DemoApplication {
  const s = findServer(family, server);
  const app = s.applications.find(
    (a) => typeof name === "string" && a.name.toLowerCase() === name.toLowerCase(),
  );
  if (!app)
    throw new ApiError(
      "QB_ERR_APPLICATION_UNKNOWN",
      { application: String(name), server: s.name },
      "application",
    );
  return app;
}

export function findCube(family: Family, server: unknown, application: unknown, name: unknown): string {
  const app = findApplication(family, server, application);
  const cube = app.cubes.find((c) => typeof name === "string" && c.toLowerCase() === name.toLowerCase());
  if (!cube) throw new ApiError("QB_ERR_CUBE_UNKNOWN", { cube: String(name), application: app.name }, "cube");
  return cube;
}
