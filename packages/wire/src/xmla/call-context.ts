import { XmlaFault } from "@qibates/protocols/xmla";
import type { OlapCube, ProviderSession } from "@qibates/provider";
import type { XmlaEndpointState } from "./endpoint-state.ts";
import type { LevelRule } from "./names.ts";

/** What one call reads from the provider: the server, its applications (catalogs) and their cubes. */
export class CallContext {
  private server: Promise<string> | null = null;
  private catalogList: Promise<string[]> | null = null;

  constructor(
    private readonly state: XmlaEndpointState,
    readonly session: ProviderSession,
    readonly catalog: string | null,
    /** How the address called numbers levels: from the root on Analysis Services', the leaves on Essbase's. */
    readonly levels: LevelRule = "root",
  ) {}

  serverName(): Promise<string> {
    this.server ??= this.state.provider.servers(this.session).then((s) => s.servers[0]?.name ?? "");
    return this.server;
  }

  catalogs(): Promise<string[]> {
    this.catalogList ??= this.serverName().then((server) =>
      this.state.provider
        .applications(this.session, server, false)
        .then((a) => a.applications.map((x) => x.name)),
    );
    return this.catalogList;
  }

  async checkCatalog(name: string): Promise<string> {
    const found = (await this.catalogs()).find((c) => c.toLowerCase() === name.toLowerCase());
    if (!found) throw new XmlaFault("unknown-cube", `The catalog ${name} does not exist.`);
    return found;
  }

  async cubes(catalog: string): Promise<string[]> {
    const server = await this.serverName();
    const list = await this.state.provider.cubes(this.session, { server, application: catalog });
    return list.cubes.map((c) => c.name);
  }

  async cube(catalog: string, cube: string): Promise<OlapCube> {
    const server = await this.serverName();
    // As this call's provider session: a demo user's writes land in a view of its own.
    return this.state.olap.cube(this.state.connector, { server, application: catalog, cube }, this.session);
  }

  /** The cube a statement's `FROM` names: `[App].[Cube]`, or a cube of the current catalog, or the one cube of that name. */
  async cubeOf(parts: readonly string[]): Promise<OlapCube> {
    const cube = parts[parts.length - 1] ?? "";
    if (parts.length === 2) return this.cube(await this.checkCatalog(parts[0] as string), cube);
    if (this.catalog !== null) return this.cube(await this.checkCatalog(this.catalog), cube);
    const holding: string[] = [];
    for (const c of await this.catalogs())
      if ((await this.cubes(c)).some((n) => n.toLowerCase() === cube.toLowerCase())) holding.push(c);
    if (holding.length !== 1)
      throw new XmlaFault(
        "unknown-cube",
        holding.length === 0
          ? `The cube ${cube} does not exist.`
          : `The cube ${cube} is in several catalogs (${holding.join(", ")}): name the catalog.`,
      );
    return this.cube(holding[0] as string, cube);
  }
}
