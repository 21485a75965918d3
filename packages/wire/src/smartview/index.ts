import { ProviderError, type ProviderSession } from "@qibates/connectors";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { WireEndpointOptions } from "../options.ts";
import { SessionStore } from "../session-store.ts";
import { child, esc, type XmlElement } from "../xmla/xml.ts";
import { gridXml, pipes, preferencesXml, type QueryPreferences } from "./grid.ts";
import { SvException, smartViewRoutes } from "./protocol.ts";

/** Where Essbase's Provider Services (APS 11.x) answers Smart View. */
export const SMARTVIEW_PATH = "/aps/SmartView";

/**
 * Options of the Smart View endpoint: `provider` answers as the embedded engine does; `connector` defaults to
 * `essbase` (the capability table's Essbase 11.x profile); writes are journaled as `smartview:<user>`.
 */
export type SmartViewOptions = WireEndpointOptions;

interface SvSession {
  readonly id: string;
  lastUsed: number;
  readonly provider: ProviderSession;
  server: string | null;
  application: string | null;
  cube: string | null;
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
  const ops = provider.essbase;
  if (!ops) throw new Error("the Smart View endpoint needs a provider with Essbase operations");
  const essbase = ops;
  const connector = options.connector ?? "essbase";
  const owner = options.owner ?? ((u: string) => `smartview:${u}`);
  const about = options.about ?? { name: "QiBates", version: "" };
  let nextId = 1 + Math.floor(Math.random() * 90_000);
  const sessions = new SessionStore<SvSession>({
    idleMs: (options.idleMinutes ?? 30) * 60_000,
    max: options.maxSessions ?? 1000,
    newId: () => String(nextId++),
  });
  let nextBid = 1;

  await smartViewRoutes(app, { [SMARTVIEW_PATH]: answer }, "smartview");

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
        let login: { username: string; handle?: string };
        try {
          login = await provider.login({ connector, username, password: text(req, "pwd"), address });
        } catch (e) {
          if (e instanceof ProviderError && e.code === "LOGIN_FAILED")
            throw new SvException("Invalid login: user name or password.");
          throw e;
        }
        const s = sessions.add((id, now) => ({
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
        }));
        return `<sID>${s.id}</sID>\n<provider>Analytic Services (${esc(about.name)} ${esc(about.version)})</provider>`;
      }
      case "Logout": {
        const s = session(req);
        sessions.end(s.id);
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
      case "OpenApplication": {
        const s = session(req);
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
    let members: Awaited<ReturnType<typeof run>>["members"];
    switch (name) {
      case "Hierarchy":
      case "Children":
        members = (await run("CHILDREN", null)).members;
        break;
      case "Descendants":
        members = (await run("DESCENDANT", null)).members;
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
    const names = members.map((m) => (aliasTable && m.alias) || m.name);
    return [
      "<overflow>0</overflow>",
      `<mbrs enc="1">${pipes(names)}</mbrs>`,
      `<atts enc="1">${pipes(members.map((m) => ((m.level ?? 0) > 0 ? 2 : 0)))}</atts>`,
      `<mbrDesc enc="1">${pipes(members.map(() => ""))}</mbrDesc>`,
    ].join("\n");
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
    removeUnSelectedGroup: val("removeUnSelectedGroup", "0"),
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
</filterList>`;
