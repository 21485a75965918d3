import type { components } from "@qibates/client/schema";
import { leaf, type SvElement, svChild, svList, svText } from "@qibates/protocols/smartview";
import { esc } from "@qibates/protocols/xml";
import type {
  ApplicationRef,
  LoginInput,
  PlanningOperations,
  Provider,
  ProviderSession,
  RuleRef,
} from "@qibates/provider";
import { ProviderError, type ProviderText } from "@qibates/provider";
import { UNREADABLE } from "../net/unreadable.ts";
import type { UpstreamCall, Upstreams } from "../net/upstream.ts";
import { withinOneReadTimeout } from "../net/upstream.ts";
import type { Credentials } from "../remote/client-base.ts";
import { RemoteProvider, type RemoteProviderOptions } from "../remote/provider-base.ts";
import { type TrackedActivity, trackUse } from "../remote/sessions.ts";
import { missing } from "../remote/unsupported.ts";

type Schemas = components["schemas"];

/**
 * The `planning` connector (Hyperion Planning on premises): Planning REST for what it has (applications, plan
 * types, members and member filters, substitution variables, rules launched as jobs; `PlanningRestProvider`),
 * and Smart View's XML provider protocol at the same address (`…/HyperionPlanning/SmartView`) for what only it
 * has: the alias tables (`EnumAliasTables`) and whether a rule prompts (`EnumBusinessRules`,
 * `EnumRunTimePrompts`). A login logs in to both. Sources in `packages/connectors/NOTES-planning-smartview.md`.
 */
export interface PlanningSmartViewOptions extends RemoteProviderOptions {
  /**
   * Opens the Smart View session of a login at the provider address (not yet connected): the Smart View
   * connector's `planningSmartViewClient`, given by whoever builds the provider so that this connector reaches
   * the Smart View protocol through the provider type alone.
   */
  smartView: (upstreams: Upstreams, address: URL, credentials: Credentials) => PlanningSmartViewSession;
}

/** What this connector asks of a Smart View session with Planning. */
export interface PlanningSmartViewSession {
  /** When its last request started or ended, and how many wait for an answer (`UpstreamState`). */
  readonly lastUsed: number;
  readonly inFlight: number;
  /** Logs in (`LOGIN_FAILED` when refused). */
  connect(): Promise<void>;
  /** The same session, its requests sent within `call` (`RemoteClient.within`). */
  within(call: UpstreamCall): PlanningSmartViewSession;
  logout(): Promise<void>;
  /** One call in the session, with the application open on `cube` when given. */
  call(
    method: string,
    body: string,
    cube?: { server: string; application: string; cube: string },
  ): Promise<SvElement>;
  malformed(reason: ProviderText): ProviderError;
}

/** The Planning REST side this connector wraps (`PlanningRestProvider`). */
export type PlanningRestSide = Provider & { readonly planning: PlanningOperations };

interface Upstream {
  client: PlanningSmartViewSession;
  /** The login's handle in the Planning REST provider. */
  restHandle: string | null;
  /** The login's calls through Planning REST (`viaRest`): the login is idle only when they and Smart View are. */
  also: TrackedActivity;
  /** The user name Planning REST answered. */
  restUser: string;
  /** Smart View's server name (`ListServers`), read once. */
  server: Promise<string> | null;
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The one alias table Planning REST's member read gives (a member's `alias`, read as the Default table's). */
const REST_ALIAS_TABLE = "Default";

export class PlanningSmartViewProvider extends RemoteProvider<Upstream> implements Provider {
  readonly id = "planning-smartview";
  readonly essbase = null;
  readonly planning: PlanningOperations;

  constructor(
    private readonly rest: PlanningRestSide,
    private readonly options: PlanningSmartViewOptions,
  ) {
    super(options, "Planning");
    this.planning = new PlanningSmartViewOperations(this, rest.planning);
  }

  /** Logs in to Planning REST, then to Smart View (logging out of the first when the second refuses). */
  protected async open(input: LoginInput): Promise<Upstream> {
    const rest = await this.rest.login(input);
    const url = new URL(String(input.address));
    url.search = "";
    url.hash = "";
    const client = this.options.smartView(this.upstreams, url, input);
    try {
      await client.within(input.call).connect();
    } catch (e) {
      await this.rest.logout({
        id: "",
        ownerId: "",
        connector: input.connector,
        username: rest.username,
        providerAddress: String(input.address),
        aliasTable: null,
        call: input.call,
        handle: rest.handle ?? null,
      });
      throw e;
    }
    return {
      client,
      restHandle: rest.handle ?? null,
      also: { lastUsed: Date.now(), inFlight: 0 },
      restUser: rest.username,
      server: null,
    };
  }

  /** The user name as Planning REST answered it. */
  protected override userName(_input: LoginInput, state: Upstream): string {
    return state.restUser;
  }

  override async logout(session: ProviderSession): Promise<void> {
    const s = session.handle ? this.sessionOrNull(session) : null;
    await super.logout(session);
    if (s) await this.rest.logout({ ...session, handle: s.restHandle });
  }

  private sessionOrNull(session: ProviderSession): Upstream | null {
    try {
      return this.upstream(session);
    } catch {
      return null;
    }
  }

  /**
   * `run` given the API session as the Planning REST provider knows it (its own handle), counted as the login's
   * use until it ends: a login busy on the REST side only is not idle.
   */
  async viaRest<T>(session: ProviderSession, run: (rest: ProviderSession) => Promise<T>): Promise<T> {
    const s = this.upstream(session);
    return trackUse(s.also, () => run({ ...session, handle: s.restHandle }));
  }

  servers(session: ProviderSession) {
    return this.viaRest(session, (r) => this.rest.servers(r));
  }

  applications(session: ProviderSession, server: string, sort: boolean) {
    return this.viaRest(session, (r) => this.rest.applications(r, server, sort));
  }

  cubes(session: ProviderSession, ref: ApplicationRef) {
    return this.viaRest(session, (r) => this.rest.cubes(r, ref));
  }

  /**
   * One Smart View call with the application open on plan type `cube` (the first plan type when not told). A
   * Smart View session the server ended (idle there while the login worked through Planning REST, or a restart)
   * is opened again once, through Workspace, by the client (`SmartViewClient.call`).
   */
  async call(session: ProviderSession, ref: ApplicationRef, method: string, body: string, cube?: string) {
    const s = this.upstream(session);
    const { application, cubes } = await this.cubes(session, ref);
    const planType = cube ?? cubes[0]?.name;
    if (!planType) throw new ProviderError("CUBE_UNKNOWN", `Application ${application} has no plan type.`);
    s.server ??= s.client.call("ListServers", "").then((r) => {
      const first = svList(r, "srvs")[0];
      if (!first) throw s.client.malformed(UNREADABLE.noServer());
      return first;
    });
    const server = await s.server.catch((e: unknown) => {
      s.server = null;
      throw e;
    });
    return s.client.call(method, body, { server, application, cube: planType });
  }
}

class PlanningSmartViewOperations implements PlanningOperations {
  constructor(
    private readonly provider: PlanningSmartViewProvider,
    private readonly rest: PlanningOperations,
  ) {}

  /** A Planning REST call of the login (`PlanningSmartViewProvider.viaRest`). */
  private via<T>(session: ProviderSession, run: (rest: ProviderSession) => Promise<T>): Promise<T> {
    return this.provider.viaRest(session, run);
  }

  // Planning REST: forms, task lists and on-save rules answer its typed error; members, variables, rules.
  listForms(session: ProviderSession, ref: ApplicationRef, folder: string) {
    return this.via(session, (r) => this.rest.listForms(r, ref, folder));
  }
  openForm(
    session: ProviderSession,
    ref: ApplicationRef,
    input: Parameters<PlanningOperations["openForm"]>[2],
  ) {
    return this.via(session, (r) => this.rest.openForm(r, ref, input));
  }
  submitForm(
    session: ProviderSession,
    ref: ApplicationRef,
    input: Parameters<PlanningOperations["submitForm"]>[2],
  ) {
    return this.via(session, (r) => this.rest.submitForm(r, ref, input));
  }
  listTaskLists(session: ProviderSession, ref: ApplicationRef) {
    return this.via(session, (r) => this.rest.listTaskLists(r, ref));
  }
  setTaskStatus(
    session: ProviderSession,
    ref: ApplicationRef,
    input: Parameters<PlanningOperations["setTaskStatus"]>[2],
  ) {
    return this.via(session, (r) => this.rest.setTaskStatus(r, ref, input));
  }
  listOnSaveRules(
    session: ProviderSession,
    ref: ApplicationRef,
    input: { folder: string; formName: string },
  ) {
    return this.via(session, (r) => this.rest.listOnSaveRules(r, ref, input));
  }
  listRules(session: ProviderSession, ref: ApplicationRef) {
    return this.via(session, (r) => this.rest.listRules(r, ref));
  }
  planTypeVariables(session: ProviderSession, ref: ApplicationRef, cube: string) {
    return this.via(session, (r) => this.rest.planTypeVariables(r, ref, cube));
  }
  async launchRule(
    session: ProviderSession,
    ref: ApplicationRef,
    input: RuleRef & { prompts: Schemas["PromptValue"][] },
  ) {
    // Planning REST runs a rule by name alone, on the plan type it is deployed to: the rule is first looked for
    // in the plan type named (Smart View lists each plan type's rules, with their kind), so that a plan type
    // that is not the rule's, or a kind that is not its own, is refused as on the demo server rather than the
    // rule run on another plan type than the one the user chose.
    // A Rules job takes any parameter name, and no public source says what a server does with one the rule
    // does not have (Oracle's Rules page: prompts not given take their defaults): the names sent are checked
    // against the rule's prompts (`EnumRunTimePrompts`, which names them) before the launch, as the demo
    // server checks them, rather than the rule running on its defaults.
    // These checks and Planning REST's own look-up of the rule share one PROVIDER_READ_TIMEOUT_SECONDS.
    const checking = { ...session, call: withinOneReadTimeout(session.call) };
    if (input.prompts.length > 0) await this.checkPromptNames(checking, ref, input);
    else
      await this.listedRule(checking, ref, input).catch((e: unknown) =>
        this.unlisted(checking, ref, input, e),
      );
    return this.via(checking, (r) => this.rest.launchRule(r, ref, input));
  }

  /** Each prompt value's name is one of the rule's runtime prompts, else `PROMPT_UNKNOWN` on `prompts[i].name`. */
  private async checkPromptNames(
    session: ProviderSession,
    ref: ApplicationRef,
    input: RuleRef & { prompts: Schemas["PromptValue"][] },
  ): Promise<void> {
    const { found, prompts } = await this.runtimePrompts(session, ref, input);
    const names = prompts.map((c) => svText(c, "name"));
    input.prompts.forEach((p, i) => {
      const name = String(p.name);
      if (names.some((n) => same(n, name))) return;
      throw new ProviderError(
        "PROMPT_UNKNOWN",
        `The business rule "${found.text}" has no runtime prompt "${name}".`,
        { rule: found.text, prompt: name },
        `prompts[${i}].name`,
      );
    });
  }
  memberFilters(
    session: ProviderSession,
    ref: ApplicationRef,
    input: Parameters<PlanningOperations["memberFilters"]>[2],
  ) {
    return this.via(session, (r) => this.rest.memberFilters(r, ref, input));
  }
  members(
    session: ProviderSession,
    ref: ApplicationRef,
    input: Parameters<PlanningOperations["members"]>[2],
  ) {
    return this.via(session, (r) => this.rest.members(r, ref, input));
  }
  promptMembers(
    session: ProviderSession,
    ref: ApplicationRef,
    input: Parameters<PlanningOperations["promptMembers"]>[2],
  ) {
    return this.via(session, (r) => this.rest.promptMembers(r, ref, input));
  }
  memberProperties(session: ProviderSession, ref: ApplicationRef, input: { dim: string }) {
    return this.via(session, (r) => this.rest.memberProperties(r, ref, input));
  }
  planTypeDimensions(session: ProviderSession, ref: ApplicationRef, cube: string) {
    return this.via(session, (r) => this.rest.planTypeDimensions(r, ref, cube));
  }
  exportDataSlice(
    session: ProviderSession,
    ref: ApplicationRef,
    input: Parameters<PlanningOperations["exportDataSlice"]>[2],
  ) {
    return this.via(session, (r) => this.rest.exportDataSlice(r, ref, input));
  }

  // Smart View.

  /** `EnumAliasTables`, in the server's order; the session's table (Default when none was set) is active. */
  async listAliasTables(
    session: ProviderSession,
    ref: ApplicationRef,
  ): Promise<Schemas["PlanningAliasList"]> {
    const names = await this.aliasTableNames(session, ref);
    const active = session.aliasTable ?? REST_ALIAS_TABLE;
    return { aliasTables: names.map((name) => ({ aliasId: name, name, active: same(name, active) })) };
  }

  /**
   * An alias table the server lists, made the session's; another than Default only where Planning REST's
   * dimension details give its aliases (member lists are read there).
   */
  async setAlias(session: ProviderSession, ref: ApplicationRef, aliasId: string) {
    const name = (await this.aliasTableNames(session, ref)).find((n) => same(n, aliasId));
    if (!name) {
      throw new ProviderError(
        "ALIAS_TABLE_UNKNOWN",
        `Unknown alias table ${aliasId}.`,
        { aliasTable: aliasId },
        "aliasId",
      );
    }
    // Member lists come from Planning REST: its dimension details give another table's aliases (the REST
    // provider checks the table there; a server without them keeps Default only).
    if (!same(name, REST_ALIAS_TABLE)) await this.via(session, (r) => this.rest.setAlias(r, ref, name));
    return { aliasId: name, name, active: true };
  }

  private async aliasTableNames(session: ProviderSession, ref: ApplicationRef): Promise<string[]> {
    const answer = await this.provider.call(session, ref, "EnumAliasTables", "");
    return svList(answer, "alstbls").filter((n) => n !== "");
  }

  /** The rule as listed (`EnumBusinessRules`) and its runtime prompts' elements (`EnumRunTimePrompts`). */
  private async runtimePrompts(session: ProviderSession, ref: ApplicationRef, rule: RuleRef) {
    const listed = await this.listedRule(session, ref, rule);
    const { cube, found, ruleType } = listed;
    const answer = await this.provider.call(
      session,
      ref,
      "EnumRunTimePrompts",
      [leaf("cube", cube), `<rule type="${esc(ruleType)}">${esc(found.text)}</rule>`].join("\n"),
      cube,
    );
    return {
      ...listed,
      prompts: (svChild(answer, "prompts")?.children ?? []).filter((c) => c.name === "rtp"),
    };
  }

  /**
   * The rule's prompts from `EnumRunTimePrompts` (its type from `EnumBusinessRules`): a rule without prompts
   * answers an empty list. Public sources show a prompt's name, description, dimension, default and whether it
   * may be left empty, but not which kind of value it takes (one member, several, a number, a text…), so a rule
   * with prompts answers the typed unsupported error naming them.
   */
  async rulePrompts(
    session: ProviderSession,
    ref: ApplicationRef,
    rule: RuleRef,
  ): Promise<Schemas["RulePrompts"]> {
    const { cube, found, ruleType, prompts } = await this.runtimePrompts(session, ref, rule);
    if (prompts.length > 0) {
      throw missing(session.connector, "runtimePrompts", "nav/enumprompt", {
        because: "prompted",
        values: { rule: found.text, prompts: prompts.map((p) => svText(p, "name")).join(", ") },
      });
    }
    return { ruleName: found.text, cube, ruleType, prompts: [] };
  }

  /**
   * A rule the plan type named does not list (`e`, `RULE_UNKNOWN`): refused when another plan type lists it (it
   * is that plan type's); else left to Planning REST, which knows rulesets too (Smart View's list may not).
   */
  private async unlisted(session: ProviderSession, ref: ApplicationRef, rule: RuleRef, e: unknown) {
    if (!(e instanceof ProviderError && e.code === "RULE_UNKNOWN" && rule.ruleType === undefined)) throw e;
    const { cubes } = await this.provider.cubes(session, ref);
    for (const { name: cube } of cubes) {
      if (same(cube, rule.cube)) continue;
      const listed = await this.provider.call(
        session,
        ref,
        "EnumBusinessRules",
        [leaf("cube", cube), leaf("runOnSave", 0)].join("\n"),
        cube,
      );
      const rules = svChild(listed, "rules")?.children ?? [];
      if (rules.some((r) => r.name === "rule" && same(r.text, rule.ruleName))) throw e;
    }
  }

  /**
   * The rule as `EnumBusinessRules` lists it on its plan type, with its kind (`type`); a `ruleType` sent that
   * names another kind is refused on `ruleType`, as on the demo server.
   */
  private async listedRule(session: ProviderSession, ref: ApplicationRef, rule: RuleRef) {
    const { cubes } = await this.provider.cubes(session, ref);
    const cube = cubes.find((c) => same(c.name, rule.cube))?.name;
    if (!cube)
      throw new ProviderError("CUBE_UNKNOWN", `Unknown plan type ${rule.cube}.`, { cube: rule.cube }, "cube");
    const listed = await this.provider.call(
      session,
      ref,
      "EnumBusinessRules",
      [leaf("cube", cube), leaf("runOnSave", 0)].join("\n"),
      cube,
    );
    const found = (svChild(listed, "rules")?.children ?? []).find(
      (r) => r.name === "rule" && same(r.text, rule.ruleName),
    );
    if (!found) {
      throw new ProviderError(
        "RULE_UNKNOWN",
        `Unknown business rule ${rule.ruleName}.`,
        { rule: rule.ruleName, cube },
        "ruleName",
      );
    }
    const ruleType = found.attrs.type ?? "";
    const sent = rule.ruleType;
    if (sent !== undefined && ruleType !== "" && !same(sent, ruleType)) {
      throw new ProviderError(
        "INVALID_INPUT",
        `Rule ${found.text} of plan type ${cube} is a ${ruleType} rule, not "${sent}".`,
        {
          field: "ruleType",
          sentence: {
            en: `The rule "${found.text}" of plan type ${cube} is a ${ruleType} rule, not "${sent}"`,
            fr: `La règle «\u00a0${found.text}\u00a0» du type de plan ${cube} est de type ${ruleType}, et non «\u00a0${sent}\u00a0»`,
          },
        },
        "ruleType",
      );
    }
    return { cube, found, ruleType };
  }
}
