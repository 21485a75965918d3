import type { Outline } from "@qibates/engine";
import {
  DERIVED_VALUES_QUERY,
  PLANNING_PATHS,
  planningRestRoot,
  type MemberAsReceived as RestMember,
  readApplicationNames,
  readDataManagementPlans,
  readPlanTypeNames,
} from "@qibates/protocols/planning-rest";
import type {
  ApplicationRef,
  LoginInput,
  PlanningOperations,
  Provider,
  ProviderSession,
} from "@qibates/provider";
import { applicationUnknown, ProviderError } from "@qibates/provider";
import { ListBudget } from "../net/list-budget.ts";
import { UNREADABLE } from "../net/unreadable.ts";
import { OUTLINE_TTL_MS, OutlineCache } from "../remote/outline-cache.ts";
import { RemoteProvider, type RemoteProviderOptions } from "../remote/provider-base.ts";
import { missing } from "../remote/unsupported.ts";
import { PlanningRestClient } from "./client.ts";
import type { PlanningRestHost, UpstreamSession } from "./host.ts";
import { MemberCache } from "./member-cache.ts";
import { outlineOf } from "./outline.ts";
import { PlanningRestOperations } from "./planning-operations.ts";
import type { RuleJobOptions } from "./rule-jobs.ts";

/**
 * The `pbcs` (EPM Cloud Planning) and `planning` (Planning on premises, where it has the API) connectors over
 * the Planning REST API (`…/HyperionPlanning/rest/v3`, derived from the provider address
 * `…/HyperionPlanning/SmartView`). What the API has: applications, plan types, business rules launched as
 * `RULES` jobs and polled, dimension members (one call answers a member with its descendants), substitution
 * variables, forms read through Export Form Data and saved through Import Data Slice. What it has no documented
 * call for answers `UNSUPPORTED`: the list of forms, a form's on-save rules listed, task lists, runtime-prompt
 * definitions and the list of alias tables (sources and reasons in `packages/connectors/NOTES-planning-rest.md`).
 *
 * This file is the cube side (applications, plan types, dimensions, variables, read and kept per session); the
 * Planning calls are `planning-operations.ts`, each handing its work to the file of its concept.
 */

/** Planning REST has no server level: one server per address, named as the demo names its Planning server. */
export const PLANNING_REST_SERVER = "Planning";

export interface PlanningRestOptions extends RemoteProviderOptions, RuleJobOptions {
  /** How long a dimension's members read from the server are reused within one session (default 10 minutes). */
  membersTtlMs?: number;
}

const enc = encodeURIComponent;

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

export class PlanningRestProvider
  extends RemoteProvider<UpstreamSession>
  implements Provider, PlanningRestHost
{
  readonly id = "planning-rest";
  readonly essbase = null;
  readonly planning: PlanningOperations;

  constructor(private readonly options: PlanningRestOptions) {
    super(options, "Planning");
    this.planning = new PlanningRestOperations(this, options);
  }

  protected async open(input: LoginInput): Promise<UpstreamSession> {
    const client = new PlanningRestClient(this.upstreams, planningRestRoot(input.address), input);
    await client.within(input.call).login();
    return {
      client,
      dimensions: new OutlineCache(this.options.membersTtlMs),
      members: new MemberCache(this.options.membersTtlMs ?? OUTLINE_TTL_MS),
      memberReadsRefused: false,
    };
  }

  async servers(session: ProviderSession) {
    return this.oneServer(session, PLANNING_REST_SERVER);
  }

  private checkServer(server: string): void {
    this.checkOneServer(server, PLANNING_REST_SERVER);
  }

  private async applicationNames(session: ProviderSession): Promise<string[]> {
    const { client } = this.upstream(session);
    const names = readApplicationNames(await client.get<unknown>(PLANNING_PATHS.applications));
    if (names === null) throw client.malformed(UNREADABLE.noItems("GET /applications"));
    return names;
  }

  async applications(session: ProviderSession, server: string, sort: boolean) {
    this.checkServer(server);
    const names = await this.applicationNames(session);
    if (sort) names.sort((a, b) => a.localeCompare(b, "en", { sensitivity: "base" }));
    return { server: PLANNING_REST_SERVER, applications: names.map((name) => ({ name })) };
  }

  /** The application's name as the server spells it, or `APPLICATION_UNKNOWN`. */
  async application(session: ProviderSession, ref: ApplicationRef): Promise<string> {
    this.checkServer(ref.server);
    const name = (await this.applicationNames(session)).find((n) => same(n, ref.application));
    if (!name) {
      throw applicationUnknown(ref.application, PLANNING_REST_SERVER);
    }
    return name;
  }

  /**
   * The application's plan types: `GET …/plantypes` (Oracle's "Get Plan Types", release 26.04); a server
   * without it (404) names them in Data Management's application (`GET /aif/rest/V1/applications/{app}`,
   * `plan1Name` … `plan6Name`), where a live-tested client reads them.
   */
  async cubes(session: ProviderSession, ref: ApplicationRef) {
    return this.cubesOf(session, ref, await this.application(session, ref));
  }

  /** {@link cubes} of the application `app`, its name as the server spells it (read already). */
  async cubesOf(session: ProviderSession, ref: ApplicationRef, app: string) {
    const { client } = this.upstream(session);
    const r = await client.getIfFound<unknown>(`/applications/${enc(app)}/plantypes`);
    let names: string[];
    if (r !== null) {
      const read = readPlanTypeNames(r);
      if (read === null) throw client.malformed(UNREADABLE.noItems("GET /plantypes"));
      names = read;
    } else {
      const dm = await client.dataManagement<Record<string, unknown>>(`/applications/${enc(app)}`);
      names = readDataManagementPlans(dm);
      if (names.length === 0) throw client.malformed(UNREADABLE.noPlanNames());
    }
    return {
      server: ref.server,
      application: app,
      cubes: names.sort((a, b) => a.localeCompare(b)).map((name) => ({ name })),
    };
  }

  /**
   * A dimension of the application, from `GET …/dimensions/{dim}/members/{dim}` (the root member with its
   * descendants nested in `children`), as read and as an engine outline; read once per session (and again after
   * `membersTtlMs`).
   */
  dimension(
    session: ProviderSession,
    app: string,
    dim: string,
  ): Promise<{ root: RestMember; outline: Outline }> {
    // Read within the context of the calls that share the read (the latest of their deadlines).
    return this.unboundUpstream(session).dimensions.get(
      `${app}\n${dim}`.toLowerCase(),
      session.call,
      (call) => {
        const s = this.upstream({ ...session, call });
        return s.client
          .get<RestMember>(`/applications/${enc(app)}/dimensions/${enc(dim)}/members/${enc(dim)}`)
          .then((root) => ({ root, outline: outlineOf(s.client, root) }));
      },
    );
  }

  /**
   * A dimension's hierarchy with one alias table's aliases: Get Dimension Details (26.04, any role;
   * `GET …/plantypes/{cube}/dimensions/{dim}?fields=name,alias,children&aliasTableName={table}`) on the plan
   * type named, else the first that has the dimension; a server without it (404), the member read (Default
   * aliases only). Read once per session and table (and again after `membersTtlMs`).
   */
  hierarchy(
    session: ProviderSession,
    ref: ApplicationRef,
    app: string,
    dim: string,
    table: string,
    cube?: string,
  ): Promise<{ root: RestMember; outline: Outline }> {
    return this.unboundUpstream(session).dimensions.get(
      hierarchyKey(app, cube, dim, table),
      session.call,
      async (call) => {
        const shared = { ...session, call };
        const s = this.upstream(shared);
        // The application's name as read by the caller: not asked of the server a second time.
        const cubes = (await this.cubesOf(shared, ref, app)).cubes.map((c) => c.name);
        const order = cube ? [cube, ...cubes.filter((c) => !same(c, cube))] : cubes;
        // One plan type after another, as long as the server refuses: bounded as every list read from it is.
        const budget = new ListBudget(s.client);
        budget.take(order.length, "GET /plantypes");
        let refusal = "";
        for (const pt of order) {
          const r = await s.client.attempt<RestMember>(
            "GET",
            `/applications/${enc(app)}/plantypes/${enc(pt)}/dimensions/${enc(dim)}?fields=name,alias,children&aliasTableName=${enc(table)}`,
          );
          budget.take(0, `GET /plantypes/${pt}/dimensions/${dim}`);
          if (r.ok) return { root: r.value, outline: outlineOf(s.client, r.value, [], table) };
          if (r.status === 404) break;
          if (/alias/i.test(r.message)) {
            throw new ProviderError(
              "ALIAS_TABLE_UNKNOWN",
              `Unknown alias table "${table}": ${r.message}`,
              { aliasTable: table },
              "aliastable",
            );
          }
          refusal = r.message;
        }
        if (refusal !== "") {
          // Looked for in the plan type named, then the others: named, that one; else every plan type.
          throw new ProviderError(
            "DIMENSION_UNKNOWN",
            `Unknown dimension ${dim}: ${refusal}`,
            { dimension: dim, cube: cube ?? order.join(", ") },
            "dim",
          );
        }
        if (!same(table, "Default")) {
          throw missing(session.connector, "planningAliasTables", `nav/enummembers (aliastable ${table})`, {
            because: "membersDefaultOnly",
          });
        }
        return this.dimension(shared, app, dim);
      },
    );
  }

  /**
   * Get Dimension Details of one plan type (no other tried), kept under {@link hierarchy}'s key for that plan
   * type: what a form reads of a dimension where member reads are refused, shared with the member selector.
   */
  details(
    session: ProviderSession,
    app: string,
    cube: string,
    dim: string,
    table: string,
  ): Promise<{ root: RestMember; outline: Outline }> {
    return this.unboundUpstream(session).dimensions.get(
      hierarchyKey(app, cube, dim, table),
      session.call,
      async (call) => {
        const s = this.upstream({ ...session, call });
        const root = await s.client.get<RestMember>(
          `/applications/${enc(app)}/plantypes/${enc(cube)}/dimensions/${enc(dim)}?fields=name,alias,children&aliasTableName=${enc(table)}`,
        );
        return { root, outline: outlineOf(s.client, root, [], table) };
      },
    );
  }

  /** A plan type's substitution variables (`GET …/plantypes/{cube}/substitutionvariables?q={"derivedValues":true}`). */
  async variables(
    session: ProviderSession,
    app: string,
    cube: string,
  ): Promise<{ name: string; value: string }[]> {
    const { client } = this.upstream(session);
    const r = await client.get<{ items?: { name?: unknown; value?: unknown }[] }>(
      `/applications/${enc(app)}/plantypes/${enc(cube)}/substitutionvariables?${DERIVED_VALUES_QUERY}`,
    );
    if (!Array.isArray(r.items)) throw client.malformed(UNREADABLE.noItems("GET /substitutionvariables"));
    return r.items.flatMap((x) =>
      typeof x.name === "string" && typeof x.value === "string" ? [{ name: x.name, value: x.value }] : [],
    );
  }
}

/** Where {@link PlanningRestProvider.hierarchy} keeps a dimension read with one alias table's aliases. */
function hierarchyKey(app: string, cube: string | undefined, dim: string, table: string): string {
  return `h\n${app}\n${cube ?? ""}\n${dim}\n${table}`.toLowerCase();
}
