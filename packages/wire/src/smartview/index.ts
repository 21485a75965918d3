import { randomBytes } from "node:crypto";
import type { components } from "@qibates/client/schema";
import { type GridCall, ProviderError, type ProviderSession } from "@qibates/connectors";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { registerLiveSessions } from "../live-sessions.ts";
import { LoginThrottle, loginFailed } from "../login-throttle.ts";
import type { WireEndpointOptions } from "../options.ts";
import { SessionStore, sessionOwner } from "../session-store.ts";
import { child, esc, type XmlElement } from "../xmla/xml.ts";
import {
  gridXml,
  labelsOf,
  pipes,
  preferencesXml,
  type QueryPreferences,
  readRequestGrid,
  sheetWithPov,
} from "./grid.ts";
import { namedSession, SvException, smartViewRoutes } from "./protocol.ts";

type Schemas = components["schemas"];
type MemberNode = Schemas["MemberNode"];

/** Where Essbase's Provider Services (APS 11.x) answers Smart View. */
export const SMARTVIEW_PATH = "/aps/SmartView";

/**
 * Options of the Smart View endpoint: `provider` answers as the embedded engine does; `connector` defaults to
 * `essbase` (the capability table's Essbase 11.x profile); writes are journaled as `smartview:<user>`.
 */
export type SmartViewOptions = WireEndpointOptions & {
  /** Largest grid (in cells) a grid message sends or is answered (default 500,000, `MAX_GRID_CELLS`'s). */
  maxCells?: number;
};

interface SvSession {
  readonly id: string;
  lastUsed: number;
  readonly provider: ProviderSession;
  server: string | null;
  application: string | null;
  cube: string | null;
  /** The single sign-on token `GetSSOToken` gave this session, if any. */
  sso: string | null;
}

/** A single sign-on token (`GetSSOToken`): whose it is, to open further sessions without the password. */
interface SsoToken {
  readonly id: string;
  lastUsed: number;
  readonly username: string;
  readonly handle: string | null;
}

/** A session id: 128 random bits written as a decimal number (APS's `sID` is a plain integer in the capture). */
function newSessionId(): string {
  return BigInt(`0x${randomBytes(16).toString("hex")}`).toString(10);
}

/** Smart View's wildcards in a member search (`*` any run, `?` one character), case-insensitive. */
function wildcard(pattern: string): RegExp {
  const body = pattern
    .trim()
    .split("")
    .map((c) => (c === "*" ? ".*" : c === "?" ? "." : c.replace(/[\\^$.|+()[\]{}]/g, "\\$&")))
    .join("");
  return new RegExp(`^${body}$`, "i");
}

/** The nodes of a tree under `top`, in outline order (pre-order), `top` itself first. */
function preorder(top: MemberNode): MemberNode[] {
  const out: MemberNode[] = [];
  const stack: MemberNode[] = [top];
  while (stack.length > 0) {
    const n = stack.pop() as MemberNode;
    out.push(n);
    for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i] as MemberNode);
  }
  return out;
}

/** The node a filter's `top` names (name, or alias of the request's table), its stored occurrence first. */
function nodeNamed(root: MemberNode, name: string): MemberNode | undefined {
  const key = name.trim().toLowerCase();
  const all = preorder(root).filter((n) => n.name.toLowerCase() === key || n.alias?.toLowerCase() === key);
  return all.find((n) => n.storage !== "shared") ?? all[0];
}

/** Essbase's words for an unknown member in a query, with its OLAP error number, as the capture shows them. */
function unknownMemberText(member: string): string {
  return `OLAP error (1260046): Unknown Member ${member.replace(/^\[|\]$/g, "").replace(/\]\.\[/g, ".")} used in query`;
}

/** The text of an element's child (`""` when absent). */
function text(e: XmlElement | undefined, name: string): string {
  return child(e, name)?.text ?? "";
}

/**
 * Smart View's XML provider protocol (Essbase APS 11.x, `/aps/SmartView`) over the embedded engine, answering
 * the messages public captures show, in their shape: one XML document per POST, request root `req_<Method>`,
 * answer root `res_<Method>` or `exception`. `ConnectToProvider` checks the user name and password and
 * answers a numeric `sID` that every later request carries; `OpenApplication`/`OpenCube` choose the cube
 * later requests are about; `ListServers`, `ListApplications`, `ListCubes` answer pipe lists; `EnumDims`,
 * `EnumAliasTables`, `EnumFilters` (Essbase's filter catalogue), `EnumMembers`; `EnumBusinessRules` lists the
 * cube's calc scripts as rules and `LaunchBusinessRule` runs one; `ExecuteQuery` runs MDX (a query without
 * `FROM` reads the open cube) and answers a grid; `Logout` ends the session. Any other message answers the
 * exception element: the captures show no other exchange.
 */
export async function smartViewEndpoint(app: FastifyInstance, options: SmartViewOptions): Promise<void> {
  const provider = options.provider;
  const throttle = options.loginThrottle ?? new LoginThrottle();
  const ops = provider.essbase;
  if (!ops) throw new Error("the Smart View endpoint needs a provider with Essbase operations");
  const essbase = ops;
  const connector = options.connector ?? "essbase";
  const owner = options.owner ?? ((u: string) => `smartview:${u}`);
  const about = options.about ?? { name: "QiBates", version: "" };
  const maxCells = options.maxCells ?? 500_000;
  const idleMs = (options.idleMinutes ?? 30) * 60_000;
  const sessions = new SessionStore<SvSession>({
    idleMs,
    max: options.maxSessions ?? 10_000,
    maxPerOwner: options.maxSessionsPerUser ?? 100,
    newId: newSessionId,
  });
  const tokens = new SessionStore<SsoToken>({
    idleMs,
    max: options.maxSessions ?? 10_000,
    maxPerOwner: options.maxSessionsPerUser ?? 100,
  });
  let nextBid = 1;
  const unregister = registerLiveSessions(
    (id) => id.startsWith("smartview-") && sessions.has(id.slice("smartview-".length)),
  );
  app.addHook("onClose", async () => unregister());

  await smartViewRoutes(
    app,
    { [SMARTVIEW_PATH]: answer },
    "smartview",
    { prefix: "/aps/", except: ["/aps/XMLA"] },
    (body) => sessions.find(namedSession(body) ?? undefined) !== null,
  );

  function session(req: XmlElement): SvSession {
    const id = text(req, "sID");
    const s = sessions.find(id);
    if (!s) throw new SvException(`Invalid session ${id}: log in again.`);
    return s;
  }

  function cubeOf(s: SvSession, cubeName?: string) {
    const cube = cubeName || s.cube;
    if (!s.server || !s.application || !cube) throw new SvException("No cube is open in this session.");
    return { server: s.server, application: s.application, cube };
  }

  async function answer(method: string, req: XmlElement, request: FastifyRequest): Promise<string> {
    switch (method) {
      case "ConnectToProvider": {
        const username = text(req, "usr");
        const address = new URL(`${request.protocol}://${request.headers.host ?? "localhost"}/aps/JAPI`);
        let login: { username: string; handle?: string | null };
        const sso = text(req, "sso");
        if (username === "" && sso !== "") {
          // A token from GetSSOToken stands for the user who logged in (agardiner/SmartView `connect(sso)`).
          const token = tokens.find(sso);
          if (!token) throw new SvException("Invalid login: the single sign-on token is not valid.");
          login = { username: token.username, handle: token.handle };
        } else {
          try {
            login = await throttle.attempt(
              request.ip,
              username,
              () => provider.login({ connector, username, password: text(req, "pwd"), address }),
              loginFailed,
            );
          } catch (e) {
            if (e instanceof ProviderError && e.code === "LOGIN_FAILED")
              throw new SvException("Invalid login: user name or password.");
            throw e;
          }
        }
        const s = sessions.add(
          (id, now) => ({
            id,
            lastUsed: now,
            provider: {
              id: `smartview-${id}`,
              ownerId: owner(login.username),
              connector,
              username: login.username,
              providerAddress: String(address),
              aliasTable: null,
              handle: login.handle ?? null,
            },
            server: null,
            application: null,
            cube: null,
            sso: null,
          }),
          sessionOwner(login.username, request.ip),
        );
        return `<sID>${s.id}</sID>\n<provider>Analytic Services (${esc(about.name)} ${esc(about.version)})</provider>`;
      }
      case "Logout": {
        const s = session(req);
        sessions.end(s.id);
        if (s.sso) tokens.end(s.sso);
        await provider.logout(s.provider);
        return "";
      }
      case "ListServers": {
        const s = session(req);
        const { servers } = await provider.servers(s.provider);
        return `<srvs enc="1">${pipes(servers.map((x) => x.name))}</srvs>`;
      }
      case "ListApplications": {
        const s = session(req);
        const { applications } = await provider.applications(s.provider, text(req, "srv"), false);
        return `<apps enc="1">${pipes(applications.map((a) => a.name))}</apps>`;
      }
      case "ListCubes": {
        const s = session(req);
        const ref = { server: text(req, "srv"), application: text(req, "app") };
        const { cubes } = await provider.cubes(s.provider, ref);
        return `<cubes enc="1">${pipes(cubes.map((c) => c.name))}</cubes>`;
      }
      case "GetSSOToken": {
        const s = session(req);
        if (!s.sso || !tokens.find(s.sso)) {
          const p = s.provider;
          s.sso = tokens.add(
            (id, now) => ({ id, lastUsed: now, username: p.username, handle: p.handle ?? null }),
            sessionOwner(p.username, request.ip),
          ).id;
        }
        return `<sso>${esc(s.sso)}</sso>`;
      }
      case "OpenApplication": {
        const s = session(req);
        const sso = text(req, "sso");
        if (sso !== "") {
          const token = tokens.find(sso);
          if (!token || token.username.toLowerCase() !== s.provider.username.toLowerCase())
            throw new SvException("Invalid login: the single sign-on token is not valid.");
        }
        const ref = { server: text(req, "srv"), application: text(req, "app") };
        const { server, application } = await provider.cubes(s.provider, ref);
        s.server = server;
        s.application = application;
        s.cube = null;
        return "";
      }
      case "OpenCube": {
        const s = session(req);
        const ref = { server: text(req, "srv"), application: text(req, "app") };
        const { server, application, cubes } = await provider.cubes(s.provider, ref);
        const cube = cubes.find((c) => c.name.toLowerCase() === text(req, "cube").toLowerCase());
        if (!cube) throw new SvException(`Cube ${text(req, "cube")} does not exist.`);
        s.server = server;
        s.application = application;
        s.cube = cube.name;
        return "";
      }
      case "EnumAliasTables": {
        const s = session(req);
        const { aliasTables } = await essbase.aliasTables(s.provider, cubeOf(s));
        return `<alstbls enc="1">${pipes(aliasTables.map((t) => t.name))}</alstbls>`;
      }
      case "EnumDims": {
        const s = session(req);
        const table = aliasTableOf(text(req, "alsTbl"));
        const list = await essbase.dimensions(s.provider, cubeOf(s), table ?? undefined);
        const dims = list.dimensions.map(
          (d, i) =>
            `  <dim id="${i}" name="${esc(d.name)}" type="${d.type === "attribute" ? "Attribute" : "None"}" alias="${esc((table && d.alias) || d.name)}"/>`,
        );
        return `<dimList>\n${dims.join("\n")}\n</dimList>`;
      }
      case "EnumFilters":
        session(req);
        return FILTER_CATALOGUE;
      case "EnumMembers":
        return enumMembers(session(req), req);
      case "FindMember":
        return findMember(session(req), req);
      case "GetDefaultPOV": {
        const s = session(req);
        const table = aliasTableOf(text(req, "alsTbl"));
        const list = await essbase.dimensions(s.provider, cubeOf(s), table ?? undefined);
        const base = list.dimensions.filter((d) => d.type !== "attribute");
        return [
          `<dims enc="1">${pipes(base.map((d) => d.name))}</dims>`,
          `<mbrs enc="1">${pipes(base.map((d) => (table && d.alias) || d.name))}</mbrs>`,
        ].join("\n");
      }
      case "GetDefaultGrid":
        return defaultGrid(session(req), req);
      case "Refresh": {
        const s = session(req);
        const g = readRequestGrid(child(req, "grid"), undefined, maxCells);
        if (!g) throw new SvException("Refresh needs a grid.");
        const { labels, left } = labelsOf(g);
        const sheet = sheetWithPov(labels, left, g.pov, [...g.rowDims, ...g.colDims]);
        return gridAnswer(s, req, (settings) => ({ action: "refresh", input: { grid: sheet, settings } }));
      }
      case "ProcessFreeFormGrid": {
        const s = session(req);
        const g = readRequestGrid(child(req, "grid"), child(req, "dims"), maxCells);
        if (!g) throw new SvException("ProcessFreeFormGrid needs a grid.");
        const pov = backgroundPov(req);
        for (const [d, m] of g.pov) pov.set(d, m);
        const { labels, left } = labelsOf(g);
        const sheet = sheetWithPov(labels, left, pov, [...g.rowDims, ...g.colDims]);
        // The grid comes back laid out without data (SVgem refreshes it next): navigation without data.
        return gridAnswer(s, req, (settings) => ({
          action: "refresh",
          input: { grid: sheet, settings: { ...settings, navigateWithoutData: true } },
        }));
      }
      case "EnumBusinessRules": {
        const s = session(req);
        // Essbase has no rules run on save: that list is empty.
        const list =
          text(req, "runOnSave") === "1"
            ? []
            : (await essbase.scripts(s.provider, cubeOf(s, text(req, "cube")))).scripts;
        const rules = list.map((r) => `  <rule type="type" rtp="0">${esc(r.name)}</rule>`);
        return `<sID>${s.id}</sID>\n<rules>\n${rules.join("\n")}\n</rules>`;
      }
      case "LaunchBusinessRule": {
        const s = session(req);
        if ((child(req, "prompts")?.children.length ?? 0) > 0)
          throw new SvException("Essbase calc scripts take no runtime prompts.");
        const ref = cubeOf(s, text(req, "cube"));
        try {
          await essbase.calculate(s.provider, ref, text(req, "rule"));
        } catch (e) {
          if (e instanceof ProviderError && e.code === "SCRIPT_UNKNOWN")
            throw new SvException(`Business rule ${text(req, "rule")} does not exist.`);
          throw e;
        }
        return `<bid>${nextBid++}</bid>`;
      }
      case "ExecuteQuery":
        return executeQuery(session(req), req);
      default:
        throw new SvException(`${method} is not supported by this provider.`);
    }
  }

  async function enumMembers(s: SvSession, req: XmlElement): Promise<string> {
    const aliasTable = aliasTableOf(text(req, "alsTbl"));
    const members = await filteredMembers(s, req);
    const names = members.map((m) => (aliasTable && m.alias) || m.name);
    return [
      "<overflow>0</overflow>",
      `<mbrs enc="1">${pipes(names)}</mbrs>`,
      `<atts enc="1">${pipes(members.map((m) => ((m.level ?? 0) > 0 ? 2 : 0)))}</atts>`,
      `<mbrDesc enc="1">${pipes(members.map(() => ""))}</mbrDesc>`,
    ].join("\n");
  }

  /** The members an `EnumMembers` request's filter chooses, in outline order. */
  async function filteredMembers(s: SvSession, req: XmlElement) {
    const ref = cubeOf(s);
    const dimension = text(req, "dim");
    const filter = child(child(req, "memberFilter"), "filter");
    const name = filter?.attrs.name ?? "Hierarchy";
    const arg = (id: string) =>
      filter?.children.find((a) => a.name === "arg" && a.attrs.id === id)?.text ?? "";
    const top = arg("0") || dimension;
    const aliasTable = aliasTableOf(text(req, "alsTbl")) ?? undefined;
    const run = (
      f: "CHILDREN" | "DESCENDANT" | "LEVEL" | "GENERATION" | "UDA",
      arg1: string | number | null,
    ) =>
      essbase.filterMembers(s.provider, ref, {
        dimension,
        filter: f,
        arg1,
        member: f === "CHILDREN" || f === "DESCENDANT" ? top : null,
        ...(aliasTable ? { aliasTable } : {}),
      });
    /** Members of a dimension-wide filter under `top` (itself included) when `top` is not the dimension. */
    const under = async (answer: Awaited<ReturnType<typeof run>>) => {
      if (top.toLowerCase() === dimension.toLowerCase()) return answer.members;
      const inside = new Set((await run("DESCENDANT", null)).members.map((m) => m.name.toLowerCase()));
      inside.add(top.toLowerCase());
      return answer.members.filter((m) => inside.has(m.name.toLowerCase()));
    };
    let members: { name: string; alias: string | null; level: number | null }[];
    const tree = async () => {
      const { root } = await essbase.dimensionTree(s.provider, ref, {
        dimension,
        ...(aliasTable ? { aliasTable } : {}),
      });
      const node = nodeNamed(root, top);
      if (!node) throw new SvException(`Member ${top} is not in dimension ${dimension}.`);
      return node;
    };
    switch (name) {
      case "Hierarchy":
        // allGenerations 1: every generation under the top (outline order); 0: its children, as captured.
        members =
          text(req, "allGenerations") === "1"
            ? preorder(await tree()).slice(1)
            : (await run("CHILDREN", null)).members;
        break;
      case "Children":
        members = (await run("CHILDREN", null)).members;
        break;
      case "SharedLevel": {
        const n = Number(arg("1"));
        members = preorder(await tree()).filter((m) => m.level === n);
        break;
      }
      case "Attribute":
        members = attributeMembers(ref, dimension, arg("0"), aliasTable ?? null);
        break;
      case "Descendants":
        // DESCENDANTS(%0), the catalogue's MDX: the member itself, then everything under it.
        members = preorder(await tree());
        break;
      case "Level":
        members = await under(await run("LEVEL", Number(arg("1"))));
        break;
      case "Generation":
        members = (await run("GENERATION", Number(arg("1")))).members;
        break;
      case "UDA":
        members = await under(await run("UDA", arg("1").replace(/^"(.*)"$/, "$1")));
        break;
      default:
        throw new SvException(`The member filter ${name} is not supported by this provider.`);
    }
    return members;
  }

  /**
   * `Attribute(name)`: the members of `dimension` associated with the attribute member `name` or a member
   * under it. The provider contract carries no attribute associations: read from the engine's outline.
   */
  function attributeMembers(
    ref: { server: string; application: string; cube: string },
    dimension: string,
    name: string,
    aliasTable: string | null,
  ) {
    const engines = provider.engine;
    if (!engines) throw new SvException("The member filter Attribute is not supported by this provider.");
    const outline = engines.engineCube(connector, ref).outline;
    const attr = outline.resolve(name, aliasTable ?? "Default");
    if (attr?.dimension.type !== "attribute") throw new SvException(`${name} is not an attribute member.`);
    const dim = outline.dimension(dimension);
    if (!dim) throw new SvException(`Dimension ${dimension} does not exist.`);
    const under = new Set([attr, ...attr.descendants()]);
    return dim.members
      .filter((m) => !m.isShared && [...m.attributes.values()].some((a) => under.has(a)))
      .map((m) => ({
        name: m.name,
        alias: aliasTable ? (m.aliases.get(aliasTable) ?? null) : null,
        level: m.level,
      }));
  }

  /**
   * `FindMember`: the members of the dimension within the filter (the whole hierarchy by default) whose name,
   * or alias in the request's table, matches `mbr` (`*` and `?` wildcards), each as its path from the
   * dimension down (agardiner/SmartView `find_member` reads `pathList/path/mbrs`).
   */
  async function findMember(s: SvSession, req: XmlElement): Promise<string> {
    const ref = cubeOf(s);
    const dimension = text(req, "dim");
    const aliasTable = aliasTableOf(text(req, "alsTbl")) ?? undefined;
    const { root } = await essbase.dimensionTree(s.provider, ref, {
      dimension,
      ...(aliasTable ? { aliasTable } : {}),
    });
    const filter = child(req, "filter");
    const name = filter?.attrs.name ?? "Hierarchy";
    // The filter's top member (arg 0, the dimension when absent) bounds the search, wherever it is a member.
    const topName = filter?.children.find((a) => a.name === "arg" && a.attrs.id === "0")?.text || dimension;
    const top = nodeNamed(root, topName);
    if (!top && name !== "Attribute") {
      throw new SvException(`Member ${topName} is not in dimension ${dimension}.`);
    }
    const under = new Set(preorder(top ?? root));
    let inScope: (n: MemberNode) => boolean = (n) => under.has(n);
    if (name !== "Hierarchy") {
      const enumReq: XmlElement = {
        name: "req_EnumMembers",
        ns: "",
        attrs: {},
        text: "",
        children: [
          { name: "dim", ns: "", attrs: {}, text: dimension, children: [] },
          { name: "memberFilter", ns: "", attrs: {}, text: "", children: filter ? [filter] : [] },
          { name: "alsTbl", ns: "", attrs: {}, text: text(req, "alsTbl"), children: [] },
          { name: "allGenerations", ns: "", attrs: {}, text: "1", children: [] },
        ],
      };
      const names = new Set((await filteredMembers(s, enumReq)).map((m) => m.name.toLowerCase()));
      // A shared occurrence is found only by the filter that lists them (SharedLevel).
      const shared = name === "SharedLevel";
      inScope = (n) => under.has(n) && names.has(n.name.toLowerCase()) && (shared || n.storage !== "shared");
    }
    const match = wildcard(text(req, "mbr"));
    const paths: string[] = [];
    const label = (n: MemberNode) => (aliasTable && n.alias) || n.name;
    const walk = (n: MemberNode, path: string[]) => {
      const here = [...path, label(n)];
      if (inScope(n) && (match.test(n.name) || (aliasTable && n.alias && match.test(n.alias)))) {
        paths.push(`  <path><mbrs enc="1">${pipes(here)}</mbrs></path>`);
      }
      for (const c of n.children) walk(c, here);
    };
    walk(root, []);
    return paths.length === 0 ? "<pathList/>" : `<pathList>\n${paths.join("\n")}\n</pathList>`;
  }

  /** `GetDefaultGrid`: the cube's default grid, its POV taken from `backgroundpov` where it names one. */
  async function defaultGrid(s: SvSession, req: XmlElement): Promise<string> {
    const wanted = backgroundPov(req);
    return gridAnswer(
      s,
      req,
      (settings) => ({ action: "initgrid", input: { settings } }),
      async (first, run) => {
        const pov = new Map(Object.entries(first.layout.pov));
        let changed = false;
        for (const [d, m] of wanted) {
          const at = [...pov.keys()].find((k) => k.toLowerCase() === d.toLowerCase());
          if (at !== undefined && (pov.get(at) ?? "").toLowerCase() !== m.toLowerCase()) {
            pov.set(at, m);
            changed = true;
          }
        }
        if (!changed) return first;
        const { layout } = first;
        const povRows = layout.headerRows - layout.columnDimensions.length;
        const labels = first.grid.slice(povRows).map((row, r) =>
          row.map((v, c) => {
            const kind = first.cellKinds[povRows + r]?.[c];
            return kind === "column-header" || kind === "row-header" ? String(v) : "";
          }),
        );
        const sheet = sheetWithPov(labels, layout.leftColumns, pov, [
          ...layout.rowDimensions,
          ...layout.columnDimensions,
        ]);
        return run({ action: "refresh", input: { grid: sheet } });
      },
    );
  }

  /**
   * A grid message's answer: the provider's grid call (with the request's preferences as settings, and the
   * cell cap) written as `sID` and `grid`, as `res_ExecuteQuery` is in the capture. A provider's refusal is
   * the capture's "Cannot perform cube view operation." exception.
   */
  async function gridAnswer(
    s: SvSession,
    req: XmlElement,
    call: (settings: Record<string, unknown>) => GridCall,
    then?: (
      first: Schemas["GridResponse"],
      run: (call: GridCall) => Promise<Schemas["GridResponse"]>,
    ) => Promise<Schemas["GridResponse"]>,
  ): Promise<string> {
    const ref = cubeOf(s);
    const prefs = preferencesOf(child(req, "preferences"));
    const settings = settingsOf(prefs);
    const run = async (c: GridCall) => {
      const withSettings = {
        ...c,
        input: { ...c.input, settings: { ...settings, ...(c.input.settings ?? {}) }, maxCells },
      } as GridCall;
      try {
        return await essbase.grid(s.provider, ref, withSettings);
      } catch (e) {
        if (e instanceof ProviderError)
          throw new SvException(`Cannot perform cube view operation. ${e.message}`);
        throw e;
      }
    };
    let answered = await run(call(settings));
    if (then) answered = await then(answered, run);
    const { dimensions } = await essbase.dimensions(s.provider, ref);
    const names = dimensions.filter((d) => d.type !== "attribute").map((d) => d.name);
    return `<sID>${s.id}</sID>\n${gridXml(answered, names, preferencesXml(prefs))}`;
  }

  async function executeQuery(s: SvSession, req: XmlElement): Promise<string> {
    const ref = cubeOf(s);
    const prefs = preferencesOf(child(req, "preferences"));
    const table = aliasTableOf(prefs.aliasTableName);
    const settings = {
      aliasTable: table,
      missingSuppression: prefs.suppress.missing === "1",
      repeatMemberLabels: prefs.repeatMemberLabels !== "0",
      missingLabel: "#MISSING",
      indentation: INDENTATION[prefs.essIndent] ?? "NONE",
    };
    const query = withFrom(text(req, "mdx"), ref.application, ref.cube);
    let answered: Awaited<ReturnType<typeof essbase.mdx>>;
    try {
      answered = await essbase.mdx(s.provider, ref, { query, settings });
    } catch (e) {
      if (e instanceof ProviderError) {
        const detail =
          e.code === "MEMBER_UNKNOWN" && typeof e.params?.member === "string"
            ? unknownMemberText(e.params.member)
            : e.message;
        throw new SvException(`Cannot perform cube view operation. ${detail}`);
      }
      throw e;
    }
    const { dimensions } = await essbase.dimensions(s.provider, ref);
    const names = dimensions.filter((d) => d.type !== "attribute").map((d) => d.name);
    return `<sID>${s.id}</sID>\n${gridXml(answered, names, preferencesXml(prefs))}`;
  }
}

/** `essIndent`: Smart View's three indentation options (the capture sends 1, its default, sub-items). */
const INDENTATION: Record<string, "NONE" | "SUBITEMS" | "TOTALS"> = {
  "0": "NONE",
  "1": "SUBITEMS",
  "2": "TOTALS",
};

/** `none` (or nothing) shows member names; any other value names an alias table. */
function aliasTableOf(value: string): string | null {
  return value === "" || value.toLowerCase() === "none" ? null : value;
}

/** `zoomin@mode`: Smart View's three zoom levels (agardiner/SmartView `preferences.rb`). */
const ZOOM: Record<string, string> = {
  children: "NEXT_LEVEL",
  descendents: "ALL_LEVELS",
  descendants: "ALL_LEVELS",
  base: "BOTTOM_LEVEL",
};

/** The grid settings a request's preferences stand for (`Refresh`, `GetDefaultGrid`, `ProcessFreeFormGrid`). */
function settingsOf(prefs: QueryPreferences): Record<string, unknown> {
  return {
    aliasTable: aliasTableOf(prefs.aliasTableName),
    missingSuppression: prefs.suppress.missing === "1",
    repeatMemberLabels: prefs.repeatMemberLabels !== "0",
    missingLabel: "#MISSING",
    indentation: INDENTATION[prefs.essIndent] ?? "NONE",
    zoomInMode: ZOOM[prefs.zoomin.mode.toLowerCase()] ?? "NEXT_LEVEL",
    ancestorPosition: prefs.zoomin.ancestor.toLowerCase() === "top" ? "TOP" : "BOTTOM",
    includeSelection: prefs.includeSelection !== "0",
    withinSelectedGroup: prefs.withinSelectedGroup === "1",
    removeUnselectedGroups: prefs.removeUnSelectedGroup === "1",
    navigateWithoutData: prefs.navigate === "0",
  };
}

/** `backgroundpov/dim@{name, pov}`: the POV a grid message asks for (dimension → member). */
function backgroundPov(req: XmlElement): Map<string, string> {
  const pov = new Map<string, string>();
  for (const d of child(req, "backgroundpov")?.children ?? []) {
    const name = d.attrs.name ?? "";
    const member = d.attrs.pov ?? "";
    if (d.name === "dim" && name !== "" && member !== "") pov.set(name, member);
  }
  return pov;
}

/** The request's preferences, with the capture's values where one is not sent. */
function preferencesOf(p: XmlElement | undefined): QueryPreferences {
  const at = (name: string, attr: string, fallback: string) => child(p, name)?.attrs[attr] ?? fallback;
  const val = (name: string, fallback: string) => at(name, "val", fallback);
  return {
    suppress: {
      zero: at("row_suppression", "zero", "0"),
      invalid: at("row_suppression", "invalid", "0"),
      missing: at("row_suppression", "missing", "0"),
      underscore: at("row_suppression", "underscore", "0"),
      noaccess: at("row_suppression", "noaccess", "0"),
    },
    celltext: val("celltext", "1"),
    zoomin: { ancestor: at("zoomin", "ancestor", "bottom"), mode: at("zoomin", "mode", "children") },
    navigate: at("navigate", "withData", "1"),
    includeSelection: val("includeSelection", "1"),
    repeatMemberLabels: val("repeatMemberLabels", "1"),
    withinSelectedGroup: val("withinSelectedGroup", "0"),
    // The capture spells it removeUnSelectedGroup, agardiner/SmartView removeUnselectedGroup.
    removeUnSelectedGroup: val("removeUnSelectedGroup", val("removeUnselectedGroup", "0")),
    includeDescriptionInLabel: val("includeDescriptionInLabel", "0"),
    missingLabelText: val("missingLabelText", "#Missing"),
    noAccessText: val("noAccessText", "#NoAccess"),
    aliasTableName: val("aliasTableName", "none"),
    essIndent: val("essIndent", "0"),
  };
}

/**
 * The query with `FROM [app].[cube]` (the open cube) when it names none, as the capture's queries do; names in
 * brackets and quoted strings are not read as keywords.
 */
export function withFrom(query: string, application: string, cube: string): string {
  const bare = query.replace(/\[[^\]]*(?:]][^\]]*)*]|"[^"]*"|'[^']*'/g, (m) => " ".repeat(m.length));
  if (/\bFROM\b/i.test(bare)) return query;
  const from = ` FROM [${application.replace(/]/g, "]]")}].[${cube.replace(/]/g, "]]")}] `;
  const where = /\bWHERE\b/i.exec(bare);
  return where ? `${query.slice(0, where.index)}${from}${query.slice(where.index)}` : `${query}${from}`;
}

/** Essbase's member filter catalogue, as `res_EnumFilters` answers it in the capture (`ess_mbr_sel_uda.log`). */
const FILTER_CATALOGUE = `<filterList>
  <filter name="Hierarchy" id="0" compose="" decompose="">
    <arg id="0" name="top" type="str" prompt="Member"/>
  </filter>
  <filter name="Children" id="1" compose="(%0.CHILDREN)" decompose="^\\((.+)\\.CHILDREN\\)$">
    <arg id="0" name="top" type="str" prompt="Member"/>
  </filter>
  <filter name="Level" id="2" compose="DESCENDANTS(%0,%0.DIMENSION.LEVELS(%1))" decompose="^DESCENDANTS\\((.+),.*\\.LEVELS\\((.+)\\)\\)$">
    <arg id="0" name="top" type="str" prompt="Member"/>
    <arg id="1" name="n" type="int" prompt="Level"/>
  </filter>
  <filter name="Descendants" id="3" compose="DESCENDANTS(%0)" decompose="^DESCENDANTS\\( *(.+) *\\)$">
    <arg id="0" name="top" type="str" prompt="Member"/>
  </filter>
  <filter name="Generation" id="4" compose="(%0.GENERATIONS(%1).MEMBERS)" decompose="^\\((.+)\\.GENERATIONS\\((.+)\\)\\.MEMBERS\\)$">
    <arg id="0" name="top" type="str" prompt="Member"/>
    <arg id="1" name="n" type="int" prompt="Generation"/>
  </filter>
  <filter name="UDA" id="5" compose="UDA(%0, %1)" decompose="^UDA\\((.+), *(.+)\\)$">
    <arg id="0" name="top" type="str" prompt="Top Dimension or Member"/>
    <arg id="1" name="uda" type="str" prompt="UDA"/>
  </filter>
  <filter name="Attribute" id="6" compose="ATTRIBUTE(%0)" decompose="^ATTRIBUTE\\( *(.+) *\\)$">
    <arg id="0" name="name" type="attribute" prompt="Attribute Member"/>
  </filter>
  <filter name="SharedLevel" id="7" compose="SHAREDLEVEL(%0,%0.DIMENSION.LEVELS(%1))" decompose="^SHAREDLEVEL\\((.+),.*\\.LEVELS\\((.+)\\)\\)$">
    <arg id="0" name="top" type="str" prompt="Member"/>
    <arg id="1" name="n" type="int" prompt="Level"/>
  </filter>
</filterList>`;
