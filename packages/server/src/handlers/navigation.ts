import type { Handlers } from "../api.ts";
import { DEMO_SERVERS, familyOf, findApplication, findServer } from "../backend.ts";
import { requireSession } from "./session.ts";

export const navigationHandlers: Handlers = {
  listServers: async (ctx) => {
    const session = await requireSession(ctx);
    return { servers: [{ name: DEMO_SERVERS[familyOf(session.connector)].name }] };
  },

  listApplications: async (ctx) => {
    const session = await requireSession(ctx);
    const server = findServer(familyOf(session.connector), ctx.body.server);
    const names = server.applications.map((a) => a.name);
    if (ctx.body.sort !== false) names.sort((a, b) => a.localeCompare(b, "en", { sensitivity: "base" }));
    return { server: ctx.body.server, applications: names.map((name) => ({ name })) };
  },

  listCubes: async (ctx) => {
    const session = await requireSession(ctx);
    const app = findApplication(familyOf(session.connector), ctx.body.server, ctx.body.application);
    return {
      server: ctx.body.server,
      application: ctx.body.application,
      cubes: [...app.cubes].sort((a, b) => a.localeCompare(b)).map((name) => ({ name })),
    };
  },
};
