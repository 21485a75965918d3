import { randomBytes } from "node:crypto";
import { type ApplicationRef, ProviderError, type ProviderSession } from "@qibates/connectors";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { registerLiveSessions } from "../live-sessions.ts";
import { LoginThrottle, loginFailed } from "../login-throttle.ts";
import type { WireEndpointOptions } from "../options.ts";
import { SessionStore, sessionOwner } from "../session-store.ts";
import { child, esc, type XmlElement } from "../xmla/xml.ts";
import { pipes } from "./grid.ts";
import { namedSession, SvException, smartViewRoutes } from "./protocol.ts";

/** Where Hyperion Planning answers Smart View, and where EPM Workspace hands out the single sign-on token. */
export const PLANNING_SMARTVIEW_PATH = "/HyperionPlanning/SmartView";
export const SMARTVIEW_PROVIDERS_PATH = "/workspace/SmartViewProviders";

/** Options of the Planning Smart View endpoint; `connector` defaults to `planning`. */
export type PlanningSmartViewOptions = WireEndpointOptions;

interface PlanningSvSession {
  readonly id: string;
  lastUsed: number;
  readonly provider: ProviderSession;
  app: ApplicationRef | null;
}

interface SsoToken {
  readonly id: string;
  lastUsed: number;
  readonly username: string;
  readonly handle: string | null;
}

const text = (e: XmlElement | undefined, name: string): string => child(e, name)?.text ?? "";

/**
 * Hyperion Planning's Smart View provider (`/HyperionPlanning/SmartView`) and EPM Workspace's provider list
 * (`/workspace/SmartViewProviders`) over the embedded engine's Vision application, answering the on-premises
 * login and the messages a described client sends (terameta/EPMToolBox-v3, see
 * `packages/connectors/NOTES-planning-smartview.md`), in the shapes of agardiner/SmartView's APS captures where
 * the two overlap (`EnumBusinessRules`, `LaunchBusinessRule`, the exception element):
 *
 * - Workspace: `GetProvisionedDataSources` with `usr`/`pwd` (or a token already given, as `sso`) answers an
 *   `sso` token and the Planning provider (`Product id="HP"`, `Server context=` its address).
 * - Planning: `ConnectToProvider` without a token answers the provider's name only (the client's hello); with
 *   `sso` it answers `sID`. Then `ListServers`, `ListApplications`, `OpenApplication`, `ListCubes`,
 *   `OpenCube`, `EnumAliasTables`, `EnumBusinessRules` (`runOnSave` 0), `EnumRunTimePrompts`,
 *   `LaunchBusinessRule`, `Logout`. Anything else answers the exception element.
 */
export async function planningSmartViewEndpoint(
  app: FastifyInstance,
  options: PlanningSmartViewOptions,
): Promise<void> {
  const provider = options.provider;
  const throttle = options.loginThrottle ?? new LoginThrottle();
  const ops = provider.planning;
  if (!ops) throw new Error("the Planning Smart View endpoint needs a provider of the planning family");
  const planning = ops;
  const connector = options.connector ?? "planning";
  const owner = options.owner ?? ((u: string) => `smartview:${u}`);
  const about = options.about ?? { name: "QiBates", version: "" };
  const limits = {
    idleMs: (options.idleMinutes ?? 30) * 60_000,
    max: options.maxSessions ?? 10_000,
    maxPerOwner: options.maxSessionsPerUser ?? 100,
  };
  const tokens = new SessionStore<SsoToken>({
    ...limits,
    newId: () => randomBytes(24).toString("base64url"),
  });
  const sessions = new SessionStore<PlanningSvSession>({
    ...limits,
    newId: () => `{${randomBytes(16).toString("hex").toUpperCase()}}`,
  });
  let nextBid = 1;
  const unregister = registerLiveSessions(
    (id) => id.startsWith("smartview-planning-") && sessions.has(id.slice("smartview-planning-".length)),
  );
  app.addHook("onClose", async () => unregister());

  await smartViewRoutes(
    app,
    { [SMARTVIEW_PROVIDERS_PATH]: workspace, [PLANNING_SMARTVIEW_PATH]: answer },
    "smartview planning",
    undefined,
    (body) => sessions.find(namedSession(body) ?? undefined) !== null,
  );

  const origin = (request: FastifyRequest) => `${request.protocol}://${request.headers.host ?? "localhost"}`;

  /** EPM Workspace: the single sign-on token and the provider list (the Planning provider only). */
  async function workspace(method: string, req: XmlElement, request: FastifyRequest): Promise<string> {
    if (method !== "GetProvisionedDataSources") {
      throw new SvException(`${method} is not supported by this provider.`);
    }
    let token = tokens.find(text(req, "sso") || undefined);
    if (!token) {
      const username = text(req, "usr");
      if (username === "") throw new SvException("User authentication needed.");
      const address = new URL(`${origin(request)}${PLANNING_SMARTVIEW_PATH}`);
      let login: { username: string; handle?: string };
      try {
        login = await throttle.attempt(
          request.ip,
          username,
          () => provider.login({ connector, username, password: text(req, "pwd"), address }),
          loginFailed,
        );
      } catch (e) {
        if (e instanceof ProviderError && e.code === "LOGIN_FAILED") throw new SvException("Invalid login.");
        throw e;
      }
      token = tokens.add(
        (id, now) => ({ id, lastUsed: now, username: login.username, handle: login.handle ?? null }),
        sessionOwner(login.username, request.ip),
      );
    }
    return [
      `<sso>${esc(token.id)}</sso>`,
      `<Product id="HP" name="Hyperion Planning">`,
      `  <Server context="${esc(`${origin(request)}${PLANNING_SMARTVIEW_PATH}`)}"/>`,
      "</Product>",
    ].join("\n");
  }

  function session(req: XmlElement): PlanningSvSession {
    const id = text(req, "sID");
    const s = sessions.find(id);
    if (!s) throw new SvException(`Invalid session ${id}: log in again.`);
    return s;
  }

  function appOf(s: PlanningSvSession): ApplicationRef {
    if (!s.app) throw new SvException("No application is open in this session.");
    return s.app;
  }

  /** The plan type a request names, as the application spells it. */
  async function planType(s: PlanningSvSession, name: string): Promise<string> {
    const { cubes } = await provider.cubes(s.provider, appOf(s));
    const found = cubes.find((c) => c.name.toLowerCase() === name.toLowerCase());
    if (!found) throw new SvException(`Plan type ${name} does not exist.`);
    return found.name;
  }

  async function answer(method: string, req: XmlElement, request: FastifyRequest): Promise<string> {
    switch (method) {
      case "ConnectToProvider": {
        const provided = `<provider>Hyperion Planning (${esc(about.name)} ${esc(about.version)})</provider>`;
        const sso = text(req, "sso");
        // The client's hello: no token, no session.
        if (sso === "") return provided;
        const token = tokens.find(sso);
        if (!token) throw new SvException("Invalid or expired single sign-on token: log in again.");
        const s = sessions.add(
          (id, now) => ({
            id,
            lastUsed: now,
            provider: {
              id: `smartview-planning-${id}`,
              ownerId: owner(token.username),
              connector,
              username: token.username,
              providerAddress: `${origin(request)}${PLANNING_SMARTVIEW_PATH}`,
              aliasTable: null,
              handle: token.handle,
            },
            app: null,
          }),
          sessionOwner(token.username, request.ip),
        );
        return `<sID>${esc(s.id)}</sID>\n${provided}`;
      }
      case "Logout": {
        const s = session(req);
        sessions.end(s.id);
        return "";
      }
      case "ListServers": {
        const { servers } = await provider.servers(session(req).provider);
        return `<srvs enc="1">${pipes(servers.map((x) => x.name))}</srvs>`;
      }
      case "ListApplications": {
        const s = session(req);
        const { applications } = await provider.applications(s.provider, text(req, "srv"), false);
        return `<apps enc="1">${pipes(applications.map((a) => a.name))}</apps>`;
      }
      case "OpenApplication":
      case "OpenCube": {
        const s = session(req);
        const { server, application, cubes } = await provider.cubes(s.provider, {
          server: text(req, "srv"),
          application: text(req, "app"),
        });
        if (
          method === "OpenCube" &&
          !cubes.some((c) => c.name.toLowerCase() === text(req, "cube").toLowerCase())
        )
          throw new SvException(`Plan type ${text(req, "cube")} does not exist.`);
        s.app = { server, application };
        return "";
      }
      case "ListCubes": {
        const s = session(req);
        const { cubes } = await provider.cubes(s.provider, {
          server: text(req, "srv"),
          application: text(req, "app"),
        });
        return `<cubes enc="1">${pipes(cubes.map((c) => c.name))}</cubes>`;
      }
      case "EnumAliasTables": {
        const s = session(req);
        const { aliasTables } = await planning.listAliasTables(s.provider, appOf(s));
        return `<alstbls enc="1">${pipes(aliasTables.map((t) => t.name))}</alstbls>`;
      }
      case "EnumBusinessRules": {
        const s = session(req);
        // No public capture or client asks for the rules run on save (runOnSave is always 0 there).
        if (text(req, "runOnSave") === "1")
          throw new SvException("Rules run on save are not listed by this provider.");
        const cube = await planType(s, text(req, "cube"));
        const { rules } = await planning.listRules(s.provider, appOf(s));
        const lines = [];
        for (const r of rules.filter((x) => x.cube === cube)) {
          const { prompts } = await planning.rulePrompts(s.provider, appOf(s), r);
          lines.push(
            `  <rule type="${esc(r.ruleType ?? "")}" rtp="${prompts.length > 0 ? 1 : 0}">${esc(r.ruleName)}</rule>`,
          );
        }
        return `<sID>${esc(s.id)}</sID>\n<rules>\n${lines.join("\n")}\n</rules>`;
      }
      case "EnumRunTimePrompts": {
        const s = session(req);
        const cube = await planType(s, text(req, "cube"));
        const rule = child(req, "rule");
        const { prompts } = await planning.rulePrompts(s.provider, appOf(s), {
          cube,
          ruleName: rule?.text ?? "",
          ...(rule?.attrs.type ? { ruleType: rule.attrs.type } : {}),
        });
        const rtps = prompts.map((p) =>
          [
            "  <rtp>",
            `    <name>${esc(p.name)}</name>`,
            `    <description>${esc(p.description ?? "")}</description>`,
            `    <member dim="${esc(p.dimension ?? "")}" mbrselect="${p.dimension ? 1 : 0}">`,
            `      <default>${esc(p.defaultValue ?? "")}</default>`,
            `      <cube>${esc(cube)}</cube>`,
            "    </member>",
            `    <allowMissing>${p.required ? 0 : 1}</allowMissing>`,
            "  </rtp>",
          ].join("\n"),
        );
        return `<prompts>\n${rtps.join("\n")}\n</prompts>`;
      }
      case "LaunchBusinessRule": {
        const s = session(req);
        const cube = await planType(s, text(req, "cube"));
        const rule = child(req, "rule");
        const prompts = (child(req, "prompts")?.children ?? [])
          .filter((c) => c.name === "rtp")
          .map((c) => ({ name: text(c, "name"), value: text(c, "val") }));
        await planning.launchRule(s.provider, appOf(s), {
          cube,
          ruleName: rule?.text ?? "",
          ...(rule?.attrs.type ? { ruleType: rule.attrs.type } : {}),
          prompts,
        });
        return `<bid>${nextBid++}</bid>`;
      }
      default:
        throw new SvException(`${method} is not supported by this provider.`);
    }
  }
}
