import type { components } from "@qibates/client/schema";
import {
  JOB_STATUS,
  JOB_TYPE,
  type JobRequest,
  type JobStatusAsReceived as JobStatus,
  jobTypeQuery,
  JOB_RUNNING as RUNNING,
  readJobDefinitions,
  readJobId,
} from "@qibates/protocols/planning-rest";
import type { ApplicationRef, ProviderSession, RuleRef, SubmitFormInput } from "@qibates/provider";
import {
  afterJobLaunched,
  jobStillRunning,
  oneLine,
  onSaveRuleNotLaunched,
  onSaveRuleStillRunning,
  ProviderError,
  type ProviderText,
  ruleStillRunning,
  sentenceBefore,
  withRulesNotLaunched,
  withRulesNotLaunchedAfterFailure,
} from "@qibates/provider";
import { CONNECTOR_REASONS, UNREADABLE } from "../net/unreadable.ts";
import { retryWhileBusy, withAnswerDeadline, withinOneReadTimeout } from "../net/upstream.ts";
import type { PlanningRestClient } from "./client.ts";

type Schemas = components["schemas"];

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
const enc = encodeURIComponent;

/**
 * The wait before a job's first poll: a rule that ends in a few tens of milliseconds is heard of then, not
 * after a whole `pollMs` (200 ms by default, most of the user's wait for a short rule or a form's rules on save).
 */
export const FIRST_POLL_MS = 25;
/** A business rule or ruleset as the server names it, the job type it runs as, and its plan type if told. */
interface FoundRule {
  jobType: string;
  ruleName: string;
  /** The plan type the rule is deployed to, when its definition names it (`planTypeName`); else `null`. */
  planType: string | null;
}

/** A rule the application has neither as a business rule nor as a ruleset. */
function ruleUnknown(rule: string, cube: string): ProviderError {
  return new ProviderError("RULE_UNKNOWN", `Unknown business rule ${rule}.`, { rule, cube }, "ruleName");
}

/**
 * The reason of a form's rule on save whose job failed (`reason`: the server's words, or the job's number and
 * status), then that the cells of the form, written before the rule was launched, stay written: the server's job
 * details say nothing of them, and a caller who knows the demo (where a failing rule cancels the whole submit)
 * would think them lost.
 */
function cellsSavedBeforeRule(reason: string | ProviderText): ProviderText {
  const text = typeof reason === "string" ? { en: reason, fr: reason } : reason;
  return {
    en: `${sentenceBefore(text.en)}The cells of the form were saved before the rule ran.`,
    fr: `${sentenceBefore(text.fr)}Les cellules du formulaire ont été enregistrées avant l'exécution de la règle.`,
  };
}

/** What the rules' jobs need of the provider: a session's client, and the application a reference names. */
export interface RuleJobHost {
  upstream(session: ProviderSession): { client: PlanningRestClient };
  application(session: ProviderSession, ref: ApplicationRef): Promise<string>;
}

/** How long a rule's job is followed, and how often it is polled. */
export interface RuleJobOptions {
  /** How long a rule's job is polled before the call gives up. */
  jobTimeoutMs: number;
  /**
   * Longest time between two polls of a job (default 200 ms): the first poll comes after
   * {@link FIRST_POLL_MS} (or `pollMs` if shorter), each wait after it 1.5 times the last, up to `pollMs`.
   */
  pollMs?: number;
}

/**
 * A Planning application's business rules and rulesets run as jobs: found by name (`jobdefinitions`), launched
 * (`POST …/jobs`) and followed until they end or their deadline passes; a form's rules on save in turn within one
 * deadline.
 */
export class PlanningRuleJobs {
  constructor(
    private readonly provider: RuleJobHost,
    private readonly options: RuleJobOptions,
  ) {}

  /**
   * The application's business rules (`GET …/jobdefinitions?q={"jobType":"RULES"}`), each with its plan type
   * when the server names it.
   */
  private async ruleNames(
    session: ProviderSession,
    app: string,
    jobType: string = JOB_TYPE.rules,
  ): Promise<{ name: string; planType: string | null }[]> {
    const { client } = this.provider.upstream(session);
    const r = await client.get<unknown>(`/applications/${enc(app)}/jobdefinitions?${jobTypeQuery(jobType)}`);
    const definitions = readJobDefinitions(r, jobType);
    if (definitions === null) throw client.malformed(UNREADABLE.noItems("GET /jobdefinitions"));
    return definitions;
  }

  /**
   * The business rules named (`RULES`), else the rulesets (`RULESET`, Oracle's "Ruleset" page: prompts optional,
   * defaults from Calculation Manager), each with the name and job type it runs as (`undefined`: unknown). Their
   * calls share one PROVIDER_READ_TIMEOUT_SECONDS (`withinOneReadTimeout`): with the jobs' own wait, a call that
   * launches them lasts at most CALC_JOB_TIMEOUT_SECONDS + PROVIDER_READ_TIMEOUT_SECONDS (and the connect
   * timeout), however slowly the server responds to each.
   */
  async findRules(
    session: ProviderSession,
    ref: ApplicationRef,
    names: readonly string[],
  ): Promise<{ app: string; found: (FoundRule | undefined)[] }> {
    const finding = { ...session, call: withinOneReadTimeout(session.call) };
    const app = await this.provider.application(finding, ref);
    if (names.length === 0) return { app, found: [] };
    const rules = await this.ruleNames(finding, app);
    const inRules = names.map((name) => rules.find((n) => same(n.name, name)));
    const rulesets = inRules.every((r) => r !== undefined)
      ? []
      : await this.ruleNames(finding, app, JOB_TYPE.ruleset);
    const found = names.map((name, i): FoundRule | undefined => {
      const rule = inRules[i];
      if (rule) return { jobType: JOB_TYPE.rules, ruleName: rule.name, planType: rule.planType };
      // A ruleset spans plan types: none is checked.
      const ruleset = rulesets.find((n) => same(n.name, name));
      return ruleset ? { jobType: JOB_TYPE.ruleset, ruleName: ruleset.name, planType: null } : undefined;
    });
    return { app, found };
  }

  /**
   * Runs the rule as a `RULES` job (`POST …/jobs`, prompts as `parameters`; it runs on the plan type it is
   * deployed to) and polls `GET …/jobs/{id}` until it ends, CALC_JOB_TIMEOUT_SECONDS at most from its launch.
   * A rule whose definition names another plan type than the one asked is unknown there, as on the demo server:
   * it is not run on a plan type the caller did not choose. A server that does not name it runs the rule on its
   * own plan type, whichever was asked.
   */
  async launch(
    session: ProviderSession,
    ref: ApplicationRef,
    input: RuleRef & { prompts: Schemas["PromptValue"][] },
  ): Promise<Schemas["RuleRun"]> {
    const { app, found } = await this.findRules(session, ref, [input.ruleName]);
    const rule = found[0];
    if (!rule || (rule.planType !== null && !same(rule.planType, input.cube))) {
      throw ruleUnknown(input.ruleName, input.cube);
    }
    const seconds = Math.round(this.options.jobTimeoutMs / 1000);
    return this.runJob(session, app, rule, input.prompts, Date.now() + this.options.jobTimeoutMs, (jobId) =>
      jobId === undefined ? ruleStillRunning(seconds) : jobStillRunning(seconds, jobId),
    );
  }

  /**
   * Launches `rule` and follows its job until `deadline` (a time in ms, as `Date.now()`): the launch's answer and
   * every poll's are waited for within it (`withAnswerDeadline`), so the caller hears "still running" (`stillRunning`,
   * given the job number when the server gave one) then, however slowly the server responds. A job that fails is
   * `RULE_FAILED` with the server's words, or its number and status, as `failedReason` completes them.
   */
  private async runJob(
    session: ProviderSession,
    app: string,
    rule: FoundRule,
    prompts: readonly Schemas["PromptValue"][],
    deadline: number,
    stillRunningReason: (jobId?: string | number) => ProviderText,
    failedReason: (reason: string | ProviderText) => string | ProviderText = (reason) => reason,
  ): Promise<Schemas["RuleRun"]> {
    // The launch's answer and every poll's are waited for until `deadline` (`withAnswerDeadline`).
    const { client } = this.provider.upstream({
      ...session,
      call: withAnswerDeadline(session.call, deadline),
    });
    const { jobType, ruleName } = rule;
    const started = Date.now();
    const parameters = Object.fromEntries(prompts.map((p) => [p.name, p.value]));
    const request: JobRequest = { jobType, jobName: ruleName, parameters };
    const stillRunning = (jobId?: string | number) => {
      const reason = stillRunningReason(jobId);
      return new ProviderError("RULE_FAILED", `The business rule ${ruleName} was ${reason.en}.`, {
        rule: ruleName,
        reason,
      });
    };
    const waited = <T>(work: () => Promise<T>, jobId?: string | number): Promise<T> =>
      work().catch((e: unknown) => {
        // The request's own wait ends at the deadline, never before it (a timer of Node's, `exchange` in net/upstream.ts).
        throw e instanceof ProviderError && e.answerWaitEnded === true ? stillRunning(jobId) : e;
      });
    let job = await waited(() => client.post<JobStatus>(`/applications/${enc(app)}/jobs`, request));
    const jobId = readJobId(job);
    if (jobId === null) throw client.malformed(UNREADABLE.launchWithoutJobId());
    const longest = this.options.pollMs ?? 200;
    let wait = Math.min(FIRST_POLL_MS, longest);
    while (typeof job.status === "number" && RUNNING.has(job.status)) {
      const left = deadline - Date.now();
      if (left <= 0) throw stillRunning(jobId);
      await new Promise((r) => setTimeout(r, Math.min(wait, left)));
      wait = Math.min(wait * 1.5, longest);
      job = await retryWhileBusy(
        deadline,
        () => waited(() => client.get<JobStatus>(`/applications/${enc(app)}/jobs/${jobId}`), jobId),
        () => stillRunning(jobId),
      ).catch((e: unknown) => {
        throw afterJobLaunched(e, jobId);
      });
    }
    const details = typeof job.details === "string" && job.details.trim() !== "" ? job.details.trim() : null;
    // The server's words in an error, bounded as every upstream message is (one line, 300 characters).
    const failure = details === null ? null : oneLine(details);
    if (job.status === JOB_STATUS.completed) {
      return { ruleName, status: "completed", durationMs: Date.now() - started, message: details };
    }
    if (job.status === JOB_STATUS.invalidParameter) {
      // The registry's message in the caller's language, then the server's own reason in its words when it gives
      // one, completed as a failure is (at a submit: the cells saved, the rules after it not launched).
      const reason = failedReason(failure ?? "");
      const en = typeof reason === "string" ? reason : reason.en;
      if (en !== "") throw new ProviderError("PROMPT_INVALID", en, { rule: ruleName, reason }, "prompts");
      throw new ProviderError(
        "PROMPT_INVALID",
        `The business rule "${ruleName}" refused a runtime prompt value.`,
        { rule: ruleName },
        "prompts",
      );
    }
    if (typeof job.status !== "number") throw client.malformed(UNREADABLE.statusWithoutCode());
    const reason = failedReason(failure ?? CONNECTOR_REASONS.jobEnded(jobId, job.status));
    const en = typeof reason === "string" ? reason : reason.en;
    // The field is the rule's name, as on the demo server: the rule failed, not a value of the call.
    throw new ProviderError(
      "RULE_FAILED",
      `The business rule ${ruleName} failed: ${en}`,
      { rule: ruleName, reason },
      "ruleName",
    );
  }

  /**
   * The form's rules on save, in turn, sharing ONE CALC_JOB_TIMEOUT_SECONDS counted from the first one's launch
   * (the calls that find them share one PROVIDER_READ_TIMEOUT_SECONDS before it), so that a submit keeps the bound
   * of a single rule: CALC_JOB_TIMEOUT_SECONDS + PROVIDER_CONNECT_TIMEOUT_SECONDS + PROVIDER_READ_TIMEOUT_SECONDS
   * for its rules. A rule still running when that time runs out is `RULE_FAILED` "still running", naming the rules
   * after it, which are not launched; a rule whose turn comes after it ran out is `RULE_FAILED` "not launched".
   * A rule that fails says, after the server's reason, that the form's cells were saved (`written`: some were),
   * then names the rules after it, which are not launched.
   */
  async runOnSave(
    session: ProviderSession,
    ref: ApplicationRef,
    cube: string,
    onSave: readonly string[],
    prompts: NonNullable<SubmitFormInput["prompts"]>,
    written: boolean,
  ): Promise<Schemas["RuleRun"][]> {
    if (onSave.length === 0) return [];
    const { app, found } = await this.findRules(session, ref, onSave);
    const waitMs = this.options.jobTimeoutMs;
    const seconds = Math.round(waitMs / 1000);
    let deadline: number | undefined;
    const rules: Schemas["RuleRun"][] = [];
    for (const [i, ruleName] of onSave.entries()) {
      const rule = found[i];
      if (!rule) throw ruleUnknown(ruleName, cube);
      const after = onSave.slice(i + 1);
      if (deadline !== undefined && Date.now() >= deadline) {
        const reason = onSaveRuleNotLaunched(seconds, after);
        throw new ProviderError("RULE_FAILED", `The business rule ${rule.ruleName} was ${reason.en}.`, {
          rule: rule.ruleName,
          reason,
        });
      }
      const first = deadline === undefined;
      deadline ??= Date.now() + waitMs;
      const sent = prompts.find((p) => same(String(p.ruleinfo.ruleName), ruleName));
      const run = await this.runJob(
        session,
        app,
        rule,
        (sent?.prompts ?? []) as Schemas["PromptValue"][],
        deadline,
        (jobId) =>
          withRulesNotLaunched(
            first
              ? jobId === undefined
                ? ruleStillRunning(seconds)
                : jobStillRunning(seconds, jobId)
              : onSaveRuleStillRunning(seconds, jobId),
            after,
          ),
        (reason) => withRulesNotLaunchedAfterFailure(written ? cellsSavedBeforeRule(reason) : reason, after),
      );
      rules.push(run);
    }
    return rules;
  }
}
