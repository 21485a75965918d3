import type { components } from "@qibates/client/schema";
import { exportDataSliceRequest, readDataSliceAnswer } from "@qibates/protocols/planning-rest";
import type {
  ApplicationRef,
  DataSlice,
  DataSliceInput,
  MemberProperties,
  OpenFormInput,
  PlanningOperations,
  ProviderSession,
  RuleRef,
  SubmitFormInput,
} from "@qibates/provider";
import { ProviderError } from "@qibates/provider";
import { missing } from "../remote/unsupported.ts";
import { formHost } from "./form-members.ts";
import { submitForm } from "./form-save.ts";
import { openForm } from "./forms.ts";
import type { PlanningRestHost } from "./host.ts";
import { memberFilters, memberProperties, members } from "./member-selector.ts";
import { planTypeDimensions } from "./plan-types.ts";
import { PlanningRuleJobs, type RuleJobOptions } from "./rule-jobs.ts";

type Schemas = components["schemas"];

const enc = encodeURIComponent;

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * The Planning calls of the `pbcs` and `planning` connectors: each reads the application through the provider
 * ({@link PlanningRestHost}) and hands its work to the file of its concept (forms, their save, rules' jobs,
 * plan types, the member selector); what the API has no documented call for is the typed unsupported error.
 */
export class PlanningRestOperations implements PlanningOperations {
  /** The business rules run as jobs (`rule-jobs.ts`). */
  private readonly rules: PlanningRuleJobs;

  constructor(
    private readonly provider: PlanningRestHost,
    options: RuleJobOptions,
  ) {
    this.rules = new PlanningRuleJobs(provider, options);
  }

  async listForms(session: ProviderSession): Promise<Schemas["FormList"]> {
    throw missing(session.connector, "forms", "nav/listforms", { because: "list" });
  }

  /** Export Form Data (see `forms.ts`); a composite form or a refused call is the typed unsupported error. */
  async openForm(
    session: ProviderSession,
    ref: ApplicationRef,
    input: OpenFormInput,
  ): Promise<Schemas["FormResponse"]> {
    return (await openForm(await formHost(this.provider, session, ref), input)).response;
  }

  /** Writes the form's cells, then runs its rules on save (`form-save.ts`). */
  submitForm(
    session: ProviderSession,
    ref: ApplicationRef,
    input: SubmitFormInput,
  ): Promise<Schemas["SubmitFormResponse"]> {
    return submitForm(this.provider, this.rules, session, ref, input);
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
    const dims = cube ? await planTypeDimensions(this.provider, session, ref, cube) : [];
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

  /** The storage and two-pass flag of a dimension's members (`member-selector.ts`). */
  memberProperties(
    session: ProviderSession,
    ref: ApplicationRef,
    input: { dim: string },
  ): Promise<Record<string, MemberProperties>> {
    return memberProperties(this.provider, session, ref, input);
  }

  /** A plan type's base dimensions (`plan-types.ts`). */
  planTypeDimensions(session: ProviderSession, ref: ApplicationRef, cube: string): Promise<string[]> {
    return planTypeDimensions(this.provider, session, ref, cube);
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

  /** The member filters of the member selector (`member-selector.ts`). */
  memberFilters(
    session: ProviderSession,
    ref: ApplicationRef,
    input: { dim: string; aliasTable?: string; cube?: string },
  ): Promise<Schemas["MemberFilterList"]> {
    return memberFilters(this.provider, session, ref, input);
  }

  /** A member filter applied over the dimension read from the server (`member-selector.ts`). */
  members(
    session: ProviderSession,
    ref: ApplicationRef,
    input: Parameters<PlanningOperations["members"]>[2],
  ): Promise<Schemas["MemberList"]> {
    return members(this.provider, session, ref, input);
  }
}
