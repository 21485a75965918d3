import { LIST_ELEMENT, listElement, SvException, svText } from "@qibates/protocols/smartview";
import type { XmlElement } from "@qibates/protocols/xml";
import type { Provider, ProviderSession } from "@qibates/provider";
import type { FastifyRequest } from "fastify";
import type { SvContext } from "./context.ts";
import type { SvHandlers } from "./protocol.ts";

/** Servers, applications and cubes: `ListServers`, `ListApplications`, `ListCubes`, `OpenApplication`, `OpenCube`. */
export function connectionHandlers({ provider, sessions }: SvContext): SvHandlers {
  const { session } = sessions;
  return {
    ...listHandlers(provider, session),
    async OpenApplication(req, request) {
      const s = session(req, request);
      const sso = svText(req, "sso");
      if (sso !== "") sessions.checkToken(s, sso);
      const ref = { server: svText(req, "srv"), application: svText(req, "app") };
      const { server, application } = await provider.cubes(s.provider, ref);
      s.server = server;
      s.application = application;
      s.cube = null;
      return "";
    },
    async OpenCube(req, request) {
      const s = session(req, request);
      const ref = { server: svText(req, "srv"), application: svText(req, "app") };
      const { server, application, cubes } = await provider.cubes(s.provider, ref);
      const cube = cubes.find((c) => c.name.toLowerCase() === svText(req, "cube").toLowerCase());
      if (!cube) throw new SvException(`Cube ${svText(req, "cube")} does not exist.`);
      s.server = server;
      s.application = application;
      s.cube = cube.name;
      return "";
    },
  };
}

/** `ListServers`, `ListApplications`, `ListCubes`: the provider's names as pipe lists. */
export function listHandlers(
  provider: Provider,
  session: (req: XmlElement, request: FastifyRequest) => { provider: ProviderSession },
): SvHandlers {
  return {
    async ListServers(req, request) {
      const { servers } = await provider.servers(session(req, request).provider);
      return listElement(
        LIST_ELEMENT.ListServers,
        servers.map((x) => x.name),
      );
    },
    async ListApplications(req, request) {
      const s = session(req, request);
      const { applications } = await provider.applications(s.provider, svText(req, "srv"), false);
      return listElement(
        LIST_ELEMENT.ListApplications,
        applications.map((a) => a.name),
      );
    },
    async ListCubes(req, request) {
      const s = session(req, request);
      const ref = { server: svText(req, "srv"), application: svText(req, "app") };
      const { cubes } = await provider.cubes(s.provider, ref);
      return listElement(
        LIST_ELEMENT.ListCubes,
        cubes.map((c) => c.name),
      );
    },
  };
}
