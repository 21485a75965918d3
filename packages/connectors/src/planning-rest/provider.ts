import type { components } from "@qibates/client/schema";
import type { MemberSpec } from "@qibates/engine";
import { Outline } from "@qibates/engine";
import { enumerateMembers, MEMBER_FILTER_INFO } from "@qibates/engine/planning";
import { engineError } from "@qibates/grid-bridge";
import {
  ALL_DIMENSIONS_QUERY,
  DERIVED_VALUES_QUERY,
  exportDataSliceRequest,
  PLANNING_PATHS,
  planningPath,
  planningRestRoot,
  type MemberAsReceived as RestMember,
  readApplicationNames,
  readBusinessRules,
  readDataManagementDimensions,
  readDataManagementPlans,
  readDataSliceAnswer,
  readDimensionNames,
  readPlanTypeNames,
  readDataStorage as storageOf,
} from "@qibates/protocols/planning-rest";
import type {
  ApplicationRef,
  DataSlice,
  DataSliceInput,
  LoginInput,
  MemberProperties,
  OpenFormInput,
  PlanningOperations,
  Provider,
  ProviderSession,
  RuleRef,
  SubmitFormInput,
} from "@qibates/provider";
import {
  afterCellsWritten,
  applicationUnknown,
  CELLS_WRITTEN_BEFORE_FAILURE,
  cubeUnknown,
  ProviderError,
} from "@qibates/provider";
import { ListBudget } from "../net/list-budget.ts";
import { UNREADABLE } from "../net/unreadable.ts";
import { OUTLINE_TTL_MS, OutlineCache } from "../remote/outline-cache.ts";
import { RemoteProvider, type RemoteProviderOptions } from "../remote/provider-base.ts";
import { missing } from "../remote/unsupported.ts";
import { PlanningRestClient } from "./client.ts";
import { type DimensionInfo, type FormHost, openForm, submitCells } from "./forms.ts";
import { MemberCache, type MemberFacts } from "./member-cache.ts";
import { PlanningRuleJobs, type RuleJobOptions } from "./rule-jobs.ts";

type Schemas = components["schemas"];

/**
 * The `pbcs` (EPM Cloud Planning) and `planning` (Planning on premises, where it has the API) connectors over
 * the Planning REST API (`…/HyperionPlanning/rest/v3`, derived from the provider address
 * `…/HyperionPlanning/SmartView`). What the API has: applications, plan types, business rules launched as
 * `RULES` jobs and polled, dimension members (one call answers a member with its descendants), substitution
 * variables. What it has no documented call for answers `UNSUPPORTED`: forms and their on-save rules, task lists,
 * runtime-prompt definitions and alias tables (sources and reasons in `packages/connectors/NOTES-planning-rest.md`).
 */

/** Planning REST has no server level: one server per address, named as the demo names its Planning server. */
export const PLANNING_REST_SERVER = "Planning";

export interface PlanningRestOptions extends RemoteProviderOptions, RuleJobOptions {
  /** How long a dimension's members read from the server are reused within one session (default 10 minutes). */
  membersTtlMs?: number;
}

interface UpstreamSession {
  client: PlanningRestClient;
  /** Dimension trees as read (`root`) and as an engine outline, per `app\ndim` (lower case). */
  dimensions: OutlineCache<{ root: RestMember; outline: Outline }>;
  /** The members forms showed, read one by one, per `app\ndim\nmember` (lower case). */
  members: MemberCache;
  /**
   * Whether the server refused a member read for another reason than an unknown member (Get Member is the
   * Service Administrator's): forms then read the dimensions whole, as before, without asking again.
   */
  memberReadsRefused: boolean;
}

const enc = encodeURIComponent;

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

export class PlanningRestProvider extends RemoteProvider<UpstreamSession> implements Provider {
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

/**
 * One dimension as an engine outline: names, the alias the server gives (as the Default table's), children, and
 * the substitution variables given (for the `Substitution` filter).
 */
function outlineOf(
  client: PlanningRestClient,
  root: RestMember,
  variables: readonly { name: string; value: string }[] = [],
  table = "Default",
): Outline {
  const spec = (m: RestMember): MemberSpec => {
    if (typeof m.name !== "string" || m.name === "") throw client.malformed(UNREADABLE.memberWithoutName());
    const kids = Array.isArray(m.children) ? (m.children as RestMember[]) : [];
    return {
      name: m.name,
      ...(typeof m.alias === "string" && m.alias !== "" ? { aliases: { [table]: m.alias } } : {}),
      ...(kids.length > 0 ? { children: kids.map(spec) } : {}),
    };
  };
  const top = spec(root);
  return new Outline({
    name: top.name,
    ...(variables.length > 0
      ? { substitutionVariables: Object.fromEntries(variables.map((x) => [x.name, x.value])) }
      : {}),
    dimensions: [
      {
        name: top.name,
        ...(top.aliases ? { aliases: top.aliases } : {}),
        members: top.children ?? [],
      },
    ],
  });
}

/** Requests sent at once when one is needed per plan type. */
const PARALLEL = 4;

class PlanningRestOperations implements PlanningOperations {
  /** The business rules run as jobs (`rule-jobs.ts`). */
  private readonly rules: PlanningRuleJobs;

  constructor(
    private readonly provider: PlanningRestProvider,
    readonly options: PlanningRestOptions,
  ) {
    this.rules = new PlanningRuleJobs(provider, options);
  }

  async listForms(session: ProviderSession): Promise<Schemas["FormList"]> {
    throw missing(session.connector, "forms", "nav/listforms", { because: "list" });
  }

  /** What the form code needs of this session: the client, plan types with their dimensions, hierarchies. */
  private async formHost(session: ProviderSession, ref: ApplicationRef): Promise<FormHost> {
    const app = await this.provider.application(session, ref);
    const { client } = this.provider.upstream(session);
    // Read once per call (a submit opens the form twice), for the application named as read above.
    let planTypes: Promise<{ cube: string; dims: string[] }[]> | null = null;
    const readPlanTypes = async () => {
      // One request per plan type the server lists, PARALLEL at a time, every answer counted against one
      // budget: a server that lists plan types without end is refused as malformed, not asked without end.
      const { cubes } = await this.provider.cubesOf(session, ref, app);
      const budget = new ListBudget(client);
      budget.take(cubes.length, "GET /plantypes");
      // A server without Get Dimensions for a Plan Type names every plan type's in one Data Management answer:
      // read once for all of them, not once per plan type.
      let dm: Promise<Record<string, unknown>> | null = null;
      const dataManagement = () => {
        dm ??= client.dataManagement<Record<string, unknown>>(`/applications/${enc(app)}`);
        return dm;
      };
      const out: { cube: string; dims: string[] }[] = [];
      for (let i = 0; i < cubes.length; i += PARALLEL) {
        const batch = cubes.slice(i, i + PARALLEL);
        const read = await Promise.all(
          batch.map(async (c) => {
            const dims = await this.planTypeDimensionsOf(session, app, c.name, dataManagement);
            budget.take(dims.length, `GET /plantypes/${c.name}/dimensions`);
            return { cube: c.name, dims };
          }),
        );
        out.push(...read);
      }
      return out;
    };
    return {
      client,
      app,
      planTypes: () => {
        planTypes ??= readPlanTypes();
        return planTypes;
      },
      dimensions: (cube, shown) => this.dimensionInfos(session, app, cube, shown),
      missing: (capability, operation, refusal) => missing(session.connector, capability, operation, refusal),
    };
  }

  /**
   * What a form needs of the members it shows, all read at once: each dimension member by member
   * ({@link dimensionInfo}), the fewest members to read first, as long as they add up to at most
   * {@link MEMBER_READS_PER_FORM} (about two rounds of the connection pool); a dimension past that is read whole,
   * once per session, with each member's storage (the member read of its root, the member selector's): a large
   * form costs at most one round trip more than a small one, never one request per row. The first refusal in the
   * form's order of the dimensions is the call's.
   */
  private async dimensionInfos(
    session: ProviderSession,
    app: string,
    cube: string,
    shown: ReadonlyMap<string, readonly string[]>,
  ): Promise<Map<string, DimensionInfo>> {
    const s = this.provider.upstream(session);
    const table = session.aliasTable ?? "Default";
    const plans = [...shown].map(([dim, list]) => {
      const names = [...new Map(list.filter((m) => m !== "").map((m) => [m.toLowerCase(), m])).values()];
      const toRead = names.filter((m) => !s.members.has(memberKey(app, dim, m))).length;
      return { dim, names, toRead };
    });
    const whole = new Set<string>();
    let budget = MEMBER_READS_PER_FORM;
    for (const p of [...plans].sort((a, b) => a.toRead - b.toRead)) {
      if (p.toRead <= budget) budget -= p.toRead;
      else whole.add(p.dim);
    }
    const reads = await Promise.allSettled(
      plans.map((p) =>
        whole.has(p.dim)
          ? this.wholeDimensionInfo(session, app, cube, p.dim, table, true)
          : this.dimensionInfo(session, app, cube, p.dim, p.names),
      ),
    );
    const out = new Map<string, DimensionInfo>();
    reads.forEach((r, i) => {
      if (r.status === "rejected") throw r.reason;
      out.set((plans[i] as { dim: string }).dim, r.value);
    });
    return out;
  }

  /**
   * The aliases of the members a form shows and which take entries (what the form shows, not its
   * dimensions). Each member is read once per session (`GET …/dimensions/{dim}/members/{member}`, all at once:
   * one round trip): its `alias` (the Default table's), its `children` and `dataStorage` — a member with
   * children, Dynamic Calc or Label Only takes no entry (Planning's bottom-up rule). Another alias table's
   * aliases are only in Get Dimension Details, read whole once per session and table, under the member
   * selector's key (shared with it). Where the server refuses a member read (Oracle lists Get Member for the
   * Service Administrator only), the dimension is read whole as before: Get Dimension Details (any role), else the
   * member read of its root; what it lacks (`dataStorage`) leaves only upper levels read-only.
   */
  private async dimensionInfo(
    session: ProviderSession,
    app: string,
    cube: string,
    dim: string,
    shown: readonly string[],
  ): Promise<DimensionInfo> {
    const s = this.provider.upstream(session);
    const table = session.aliasTable ?? "Default";
    const names = shown;
    const facts = new Map<string, MemberFacts>();
    let refused = s.memberReadsRefused;
    if (!refused) {
      const reads = await Promise.allSettled(names.map((m) => this.memberFacts(session, app, dim, m)));
      reads.forEach((r, i) => {
        if (r.status === "fulfilled") facts.set((names[i] as string).toLowerCase(), r.value);
        else if (r.reason instanceof MemberReadRefused) refused = true;
        else throw r.reason;
      });
    }
    if (refused) return this.wholeDimensionInfo(session, app, cube, dim, table, false);
    const labels = same(table, "Default")
      ? null
      : await this.provider
          .details(session, app, cube, dim, table)
          .then((h) => aliasesOf(h.root))
          // As before: a table the server does not give leaves the Default table's aliases.
          .catch(() => null);
    return {
      label: (name) => {
        const key = name.toLowerCase();
        return (labels ? labels.get(key) : facts.get(key)?.alias) ?? name;
      },
      writable: (name) => facts.get(name.toLowerCase())?.writable ?? false,
    };
  }

  /** One member's alias and whether it takes entries, read once per session (see {@link dimensionInfo}). */
  private memberFacts(
    session: ProviderSession,
    app: string,
    dim: string,
    member: string,
  ): Promise<MemberFacts> {
    const s = this.provider.upstream(session);
    return s.members.get(memberKey(app, dim, member), async () => {
      const r = await s.client.attempt<RestMember>(
        "GET",
        planningPath(PLANNING_PATHS.member, { app, dim, member }),
      );
      if (!r.ok) {
        // An unknown member is the form's (a member the server shows and does not know): not a refusal of the
        // call, so it is read-only and labelled by its name, as the whole dimension's read leaves it.
        if (r.status === 400 && /^The member\b/i.test(r.message)) return { alias: null, writable: false };
        s.memberReadsRefused = true;
        throw new MemberReadRefused(r.message);
      }
      const m = r.value ?? {};
      const kids = Array.isArray(m.children) ? m.children : [];
      const storage = storageOf(m.dataStorage);
      return {
        alias: typeof m.alias === "string" && m.alias !== "" ? m.alias : null,
        writable: kids.length === 0 && storage !== "dynamic-calc" && storage !== "label-only",
      };
    });
  }

  /**
   * A dimension read whole, kept for the session (the member selector's reads). With `storage` (a form showing
   * more members than it reads one by one), the member read of its root first: each member's `dataStorage`,
   * another alias table's aliases from Get Dimension Details. Where member reads are refused, Get Dimension
   * Details (any role), else the member read of its root; no `dataStorage` in the first: only upper levels are
   * read-only then.
   */
  private async wholeDimensionInfo(
    session: ProviderSession,
    app: string,
    cube: string,
    dim: string,
    table: string,
    storage: boolean,
  ): Promise<DimensionInfo> {
    const s = this.provider.upstream(session);
    const details = () => this.provider.details(session, app, cube, dim, table);
    const memberRead = () => this.provider.dimension(session, app, dim);
    const byMembers = storage && !s.memberReadsRefused;
    const { root } = await (byMembers ? memberRead().catch(details) : details().catch(memberRead));
    const labels =
      byMembers && !same(table, "Default")
        ? await details()
            .then((h) => aliasesOf(h.root))
            .catch(() => null)
        : null;
    const members = new Map<string, { alias: string | null; writable: boolean }>();
    const walk = (m: RestMember) => {
      if (typeof m.name !== "string") return;
      const kids = Array.isArray(m.children) ? (m.children as RestMember[]) : [];
      const storage = storageOf(m.dataStorage);
      const key = m.name.toLowerCase();
      if (!members.has(key)) {
        members.set(key, {
          alias: typeof m.alias === "string" && m.alias !== "" ? m.alias : null,
          writable: kids.length === 0 && storage !== "dynamic-calc" && storage !== "label-only",
        });
      }
      for (const k of kids) walk(k);
    };
    walk(root);
    return {
      label: (name) => {
        const key = name.toLowerCase();
        return (labels ? labels.get(key) : members.get(key)?.alias) ?? name;
      },
      writable: (name) => members.get(name.toLowerCase())?.writable ?? false,
    };
  }

  /** Export Form Data (see `forms.ts`); a composite form or a refused call is the typed unsupported error. */
  async openForm(
    session: ProviderSession,
    ref: ApplicationRef,
    input: OpenFormInput,
  ): Promise<Schemas["FormResponse"]> {
    return (await openForm(await this.formHost(session, ref), input)).response;
  }

  /**
   * The form opened for the grid's POV, its writable cells written through `importdataslice`, then the rules
   * its definition runs on save launched as `RULES` jobs (prompts as sent; the server's defaults otherwise).
   * Where the definition cannot be read (Service Administrator only), no rule runs and `rules` is empty. Unlike
   * a Smart View form save, the import and the rules are separate calls: a failing rule leaves the cells saved.
   */
  async submitForm(
    session: ProviderSession,
    ref: ApplicationRef,
    input: SubmitFormInput,
  ): Promise<Schemas["SubmitFormResponse"]> {
    const host = await this.formHost(session, ref);
    const form = await openForm(
      host,
      {
        folder: input.folder,
        formName: input.formName,
        ...(input.type ? { type: input.type } : {}),
        ...(input.pov ? { pov: input.pov } : {}),
        ...(input.preferences ? { preferences: input.preferences } : {}),
      },
      "action/submitform",
    );
    // The definition its opening read: its rules on save (Service Administrator only; none where refused).
    const definition = form.definition;
    const onSave = definition.ok ? readBusinessRules(definition.value) : [];
    (input.prompts ?? []).forEach((p, i) => {
      const name = String(p?.ruleinfo?.ruleName ?? "");
      if (definition.ok && !onSave.some((r) => same(r, name))) {
        // The rule may well exist: this form does not run it on save, so its prompts have no place here.
        const field = `prompts[${i}].ruleinfo.ruleName`;
        const runs = onSave.join(", ");
        throw new ProviderError(
          "INVALID_INPUT",
          `Rule "${name}" is not run on save by form "${input.formName}".`,
          {
            field,
            sentence: {
              en: `The form "${input.formName}" does not run the rule "${name}" on save (${runs === "" ? "it runs none" : `it runs ${runs}`})`,
              fr: `Le formulaire «\u00a0${input.formName}\u00a0» n'exécute pas la règle «\u00a0${name}\u00a0» à l'enregistrement (${runs === "" ? "il n'en exécute aucune" : `il exécute ${runs}`})`,
            },
          },
          field,
        );
      }
      // The form's on-save rules run on its plan type: a prompt naming another one is not for them.
      const cube = p?.ruleinfo?.cube === undefined ? form.cube : String(p.ruleinfo.cube);
      if (!same(cube, form.cube)) {
        const field = `prompts[${i}].ruleinfo.cube`;
        throw new ProviderError(
          "INVALID_INPUT",
          `Rule "${name}" runs on save on plan type ${form.cube} of form "${input.formName}", not "${cube}".`,
          {
            field,
            sentence: {
              en: `The rule "${name}" runs on save on the plan type of the form "${input.formName}", ${form.cube}, not "${cube}"`,
              fr: `La règle «\u00a0${name}\u00a0» s'exécute à l'enregistrement sur le type de plan du formulaire «\u00a0${input.formName}\u00a0», ${form.cube}, et non «\u00a0${cube}\u00a0»`,
            },
          },
          field,
        );
      }
    });
    const cells = await submitCells(host, form, input);
    const written = cells.some((c) => c.status === "written" || c.status === "truncated");
    // The cells are saved: a server lost while the rules run or the form is read again says so.
    const saved = (e: unknown): never => {
      throw written ? afterCellsWritten(e, CELLS_WRITTEN_BEFORE_FAILURE.form) : e;
    };
    const rules = await this.rules
      .runOnSave(session, ref, form.cube, onSave, input.prompts ?? [], written)
      .catch(saved);
    const after = await openForm(
      host,
      {
        folder: input.folder,
        formName: input.formName,
        pov: form.response.pov,
        ...(input.preferences ? { preferences: input.preferences } : {}),
      },
      "action/submitform",
      form.definition,
    ).catch(saved);
    const r = after.response;
    return {
      formName: r.formName,
      submitted: cells.filter((c) => c.status === "written" || c.status === "truncated").length,
      cells,
      rules,
      pov: r.pov,
      grid: r.grid,
      codes: r.codes,
      cellKinds: r.cellKinds,
    };
  }

  /**
   * Runs the rule as a `RULES` job and follows it (`PlanningRuleJobs.launch`, `rule-jobs.ts`).
   */
  launchRule(
    session: ProviderSession,
    ref: ApplicationRef,
    input: RuleRef & { prompts: Schemas["PromptValue"][] },
  ): Promise<Schemas["RuleRun"]> {
    return this.rules.launch(session, ref, input);
  }

  async listOnSaveRules(session: ProviderSession): Promise<Schemas["OnSaveRuleList"]> {
    throw missing(session.connector, "businessRules", "nav/listonsaverules", { because: "onSaveRules" });
  }

  async listTaskLists(session: ProviderSession): Promise<Schemas["TaskListList"]> {
    throw missing(session.connector, "taskLists", "nav/listtasks");
  }

  async setTaskStatus(session: ProviderSession): Promise<Schemas["TaskStatusResponse"]> {
    throw missing(session.connector, "taskLists", "action/taskstatus");
  }

  async listAliasTables(session: ProviderSession): Promise<Schemas["PlanningAliasList"]> {
    throw missing(session.connector, "planningAliasTables", "nav/listalias", { because: "list" });
  }

  /**
   * The Default table, which every Planning application has and whose aliases the member reads give, is
   * accepted (kept by the client: Planning REST has no session alias table); another name cannot be checked.
   */
  async setAlias(
    session: ProviderSession,
    ref: ApplicationRef,
    aliasId: string,
  ): Promise<Schemas["PlanningAliasTable"]> {
    if (same(aliasId, "Default")) return { aliasId: "Default", name: "Default", active: true };
    // Another table: Planning REST cannot list them, but Get Dimension Details refuses an unknown one (a
    // live-tested client reads other tables' aliases that way); one small dimension read checks it.
    const app = await this.provider.application(session, ref);
    const { cubes } = await this.provider.cubes(session, ref);
    const cube = cubes[0]?.name;
    const dims = cube ? await this.planTypeDimensions(session, ref, cube) : [];
    const dim = dims[0];
    if (!cube || !dim) {
      throw missing(session.connector, "planningAliasTables", `action/setalias (aliasId ${aliasId})`, {
        because: "noDimension",
      });
    }
    try {
      await this.provider.hierarchy(session, ref, app, dim, aliasId, cube);
    } catch (e) {
      if (e instanceof ProviderError && e.code === "ALIAS_TABLE_UNKNOWN") {
        throw new ProviderError(
          "ALIAS_TABLE_UNKNOWN",
          `Unknown alias table "${aliasId}".`,
          { aliasTable: aliasId },
          "aliasId",
        );
      }
      if (e instanceof ProviderError && e.code === "UNSUPPORTED") {
        throw missing(session.connector, "planningAliasTables", `action/setalias (aliasId ${aliasId})`, {
          because: "unchecked",
        });
      }
      throw e;
    }
    return { aliasId, name: aliasId, active: true };
  }

  async rulePrompts(session: ProviderSession): Promise<Schemas["RulePrompts"]> {
    throw missing(session.connector, "runtimePrompts", "nav/enumprompt");
  }

  async promptMembers(session: ProviderSession): Promise<Schemas["PromptMemberList"]> {
    throw missing(session.connector, "runtimePrompts", "nav/enummembersrule");
  }

  /** Job definitions give no plan type: a rule's deployment cannot be listed. */
  async listRules(session: ProviderSession): Promise<{ rules: RuleRef[] }> {
    throw missing(session.connector, "businessRules", "listRules", { because: "ruleList" });
  }

  async planTypeVariables(session: ProviderSession, ref: ApplicationRef, cube: string) {
    const app = await this.provider.application(session, ref);
    return this.provider.variables(session, app, cube);
  }

  /**
   * Storage and two-pass flag of the dimension's members, from the same read as the member selector's
   * (`GET …/dimensions/{dim}/members/{dim}`: `dataStorage`, `twoPass` of each member). `dataStorage` is read in
   * the spellings a live-tested client knows ("Store Data", "Dynamic Calc", …) and Oracle's example's
   * (`STOREDATA`), without case, spaces or underscores; a member without one is stored.
   */
  async memberProperties(
    session: ProviderSession,
    ref: ApplicationRef,
    input: { dim: string },
  ): Promise<Record<string, MemberProperties>> {
    const app = await this.provider.application(session, ref);
    const { root } = await this.provider.dimension(session, app, input.dim);
    const out: Record<string, MemberProperties> = {};
    const walk = (m: RestMember) => {
      if (typeof m.name === "string" && !(m.name in out)) {
        out[m.name] = { storage: storageOf(m.dataStorage), twoPass: m.twoPass === true };
      }
      if (Array.isArray(m.children)) for (const c of m.children as RestMember[]) walk(c);
    };
    walk(root);
    return out;
  }

  /**
   * `GET …/plantypes/{cube}/dimensions?limit=-1` (Oracle's "Get Dimensions for a Plan Type", 26.04), attribute
   * dimensions left out; a server without it (404) names them in Data Management's application
   * (`appDimensions[]` with `validForPlan1` … `validForPlan6` against `plan1Name` … `plan6Name`).
   */
  async planTypeDimensions(session: ProviderSession, ref: ApplicationRef, cube: string): Promise<string[]> {
    return this.planTypeDimensionsOf(session, await this.provider.application(session, ref), cube);
  }

  /** {@link planTypeDimensions} of the application `app`, its name as the server spells it (read already). */
  private async planTypeDimensionsOf(
    session: ProviderSession,
    app: string,
    cube: string,
    dataManagement?: () => Promise<Record<string, unknown>>,
  ): Promise<string[]> {
    const { client } = this.provider.upstream(session);
    const r = await client.getIfFound<unknown>(
      `/applications/${enc(app)}/plantypes/${enc(cube)}/dimensions?${ALL_DIMENSIONS_QUERY}`,
    );
    if (r !== null) {
      const names = readDimensionNames(r);
      if (names === null) throw client.malformed(UNREADABLE.noItems("GET /dimensions"));
      return names;
    }
    const dm = await (dataManagement?.() ??
      client.dataManagement<Record<string, unknown>>(`/applications/${enc(app)}`));
    const dims = readDataManagementDimensions(dm, cube);
    if (dims === null) {
      throw cubeUnknown(cube, app);
    }
    return dims;
  }

  /** `POST …/plantypes/{cube}/exportdataslice`: the grid definition as given; cells read back as numbers or text. */
  async exportDataSlice(
    session: ProviderSession,
    ref: ApplicationRef,
    input: DataSliceInput,
  ): Promise<DataSlice> {
    const app = await this.provider.application(session, ref);
    const { client } = this.provider.upstream(session);
    const r = await client.post<unknown>(
      `/applications/${enc(app)}/plantypes/${enc(input.cube)}/exportdataslice`,
      exportDataSliceRequest(input),
    );
    return client.read(readDataSliceAnswer, r);
  }

  /** The member filters of the member selector, once the server knows the dimension. */
  async memberFilters(
    session: ProviderSession,
    ref: ApplicationRef,
    input: { dim: string; aliasTable?: string; cube?: string },
  ): Promise<Schemas["MemberFilterList"]> {
    const app = await this.provider.application(session, ref);
    const { outline } = await this.provider.hierarchy(session, ref, app, input.dim, "Default", input.cube);
    return {
      dimension: outline.dimensions[0]?.name ?? input.dim,
      filters: MEMBER_FILTER_INFO.map((f) => ({ ...f })) as Schemas["MemberFilterList"]["filters"],
    };
  }

  /** A member filter applied with the engine's rules over the dimension read from the server. */
  async members(
    session: ProviderSession,
    ref: ApplicationRef,
    input: Parameters<PlanningOperations["members"]>[2],
  ): Promise<Schemas["MemberList"]> {
    const table = input.aliasTable ?? session.aliasTable ?? "Default";
    const app = await this.provider.application(session, ref);
    const read = await this.provider.hierarchy(session, ref, app, input.dim, table, input.cube);
    let outline = read.outline;
    let names: string[] = [];
    if (input.filter.toLowerCase() === "substitution") {
      // The variables of the plan type named, else of the application's first plan type (as the demo does).
      const cube = input.cube ?? (await this.provider.cubes(session, ref)).cubes[0]?.name;
      const variables = cube ? await this.provider.variables(session, app, cube) : [];
      outline = outlineOf(this.provider.upstream(session).client, read.root, variables, table);
      names = variables.map((x) => x.name);
    }
    const dimension = outline.dimensions[0];
    if (!dimension) {
      const cube =
        input.cube ?? (await this.provider.cubes(session, ref)).cubes.map((c) => c.name).join(", ");
      throw new ProviderError(
        "DIMENSION_UNKNOWN",
        `Unknown dimension ${input.dim}.`,
        { dimension: input.dim, cube },
        "dim",
      );
    }
    try {
      const r = enumerateMembers(outline, dimension, input.filter, input.arg, table, names);
      return {
        dimension: dimension.name,
        filter: r.filter,
        arg: input.arg,
        members: r.members,
      } as Schemas["MemberList"];
    } catch (e) {
      engineError(e);
    }
  }
}

/**
 * The most members one Open Form reads one by one (about two rounds of the connection pool's 16): past it, the
 * dimensions showing the most are read whole, once per session.
 */
const MEMBER_READS_PER_FORM = 32;

/** Where a session keeps what it read of one member (see `MemberCache`). */
function memberKey(app: string, dim: string, member: string): string {
  return `${app}\n${dim}\n${member}`.toLowerCase();
}

/** A member read the server refused for another reason than an unknown member (see `memberReadsRefused`). */
class MemberReadRefused extends Error {}

/** Each member's alias in a dimension read whole (lower-case names; a shared member's are its prototype's). */
function aliasesOf(root: RestMember): Map<string, string> {
  const out = new Map<string, string>();
  const stack = [root];
  for (let m = stack.pop(); m; m = stack.pop()) {
    if (typeof m.name === "string" && typeof m.alias === "string" && m.alias !== "") {
      const key = m.name.toLowerCase();
      if (!out.has(key)) out.set(key, m.alias);
    }
    // One at a time: a parent of 100,000 children is more arguments than a call takes.
    if (Array.isArray(m.children)) for (const c of m.children as RestMember[]) stack.push(c);
  }
  return out;
}
