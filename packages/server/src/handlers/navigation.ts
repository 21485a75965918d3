import type { Handlers } from "../api.ts";
import { fromProvider } from "../provider-errors.ts";
import { sessionProvider } from "../session-provider.ts";

export const navigationHandlers = {
  listServers: async (ctx) => {
    const { session, provider } = await sessionProvider(ctx);
    return fromProvider(provider.servers(session));
  },

  listApplications: async (ctx) => {
    const { session, provider } = await sessionProvider(ctx);
    return fromProvider(provider.applications(session, ctx.body.server, ctx.body.sort !== false));
  },

  listCubes: async (ctx) => {
    const { session, provider } = await sessionProvider(ctx);
    const { server, application } = ctx.body;
    return fromProvider(provider.cubes(session, { server, application }));
  },
} satisfies Partial<Handlers>;
