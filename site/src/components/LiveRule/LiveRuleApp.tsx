import { translate } from "@docusaurus/Translate";
import useDocusaurusContext from "@docusaurus/useDocusaurusContext";
import { createVisionPlanning } from "@qibates/engine/demo/planning";
import type {
  LaunchRuleResult,
  MemberInfo,
  PromptInfo,
  PromptInput,
  RulePromptsResult,
} from "@qibates/engine/planning";
import { formatNumber } from "@qibates/provider/error-codes";
import { type ReactNode, useId, useMemo, useRef, useState } from "react";
import { ruleFailureMessage } from "./failure";
import styles from "./styles.module.css";

type PlanningApplication = ReturnType<typeof createVisionPlanning>;

const CUBE = "Plan1";
const SERVER = "Planning";
const APPLICATION = "Vision";
/** Changed cells listed under a result. */
const SHOWN_CHANGES = 5;

/** What the reader typed or chose for one prompt: empty means "not sent", so the prompt takes its default. */
type Answer = string | string[];

type Outcome =
  | { kind: "idle" }
  | { kind: "running"; ruleName: string }
  | { kind: "completed"; result: LaunchRuleResult }
  | { kind: "failed"; ruleName: string; message: string };

const text = {
  title: () => translate({ id: "liveRule.title", message: "Live example: run a business rule on Vision" }),
  hint: () =>
    translate({
      id: "liveRule.hint",
      message:
        "The rules of plan type Plan1 of the Vision demo application, run by the QiBates engine in your browser, without calling any server. A prompt left empty takes its default value.",
    }),
  rule: () => translate({ id: "liveRule.rule", message: "Business rule" }),
  prompts: () => translate({ id: "liveRule.prompts", message: "Runtime prompts" }),
  noPrompts: () => translate({ id: "liveRule.noPrompts", message: "This rule has no runtime prompt." }),
  required: () => translate({ id: "liveRule.required", message: "required" }),
  optional: () => translate({ id: "liveRule.optional", message: "optional" }),
  byDefault: (value: string) => translate({ id: "liveRule.default", message: "Default: {value}" }, { value }),
  noDefault: () => translate({ id: "liveRule.noDefault", message: "No default" }),
  launch: () => translate({ id: "liveRule.launch", message: "Launch" }),
  reset: () => translate({ id: "liveRule.reset", message: "Reset the data" }),
  resetDone: () => translate({ id: "liveRule.resetDone", message: "The Vision data is back to its start." }),
  running: (rule: string) => translate({ id: "liveRule.running", message: "{rule}: running…" }, { rule }),
  completed: (rule: string, ms: number) =>
    translate(
      { id: "liveRule.completed", message: "{rule}: completed in {ms} ms" },
      { rule, ms: String(ms) },
    ),
  failed: (rule: string) => translate({ id: "liveRule.failed", message: "{rule}: failed" }, { rule }),
  changes: (shown: number, total: number) =>
    translate(
      {
        id: "liveRule.changes",
        message: "Stored cells changed, totals included: {total} (the first {shown} below).",
      },
      { shown: String(shown), total: String(total) },
    ),
  noChange: () => translate({ id: "liveRule.noChange", message: "No stored cell changed." }),
  value: () => translate({ id: "liveRule.value", message: "Value" }),
  planType: (cube: string) =>
    translate(
      {
        id: "liveRule.planType",
        message: "Plan type {cube}",
        description: "Caption of the table of the stored cells a rule changed in one plan type (cube)",
      },
      { cube },
    ),
  api: () => translate({ id: "liveRule.api", message: "The same with the API" }),
  apiHint: () =>
    translate({
      id: "liveRule.apiHint",
      message:
        "The bodies the API calls take for the rule and the answers chosen above (headers connector: planning and qibateskey; loginid from action/login).",
    }),
};

const PROMPT_TYPES: Record<PromptInfo["type"], () => string> = {
  member: () => translate({ id: "liveRule.type.member", message: "member" }),
  members: () => translate({ id: "liveRule.type.members", message: "members" }),
  numeric: () => translate({ id: "liveRule.type.numeric", message: "number" }),
  string: () => translate({ id: "liveRule.type.string", message: "text" }),
  dimension: () => translate({ id: "liveRule.type.dimension", message: "dimension name" }),
};

/**
 * A changed cell's value as the page's language writes numbers (1 823,74 in French, 1,823.74 in English), to six
 * decimals at most as the live form shows its cells.
 */
function cellValue(value: number | null, locale: "en" | "fr"): string {
  if (value === null) return "#Missing";
  return formatNumber(Number.parseFloat(value.toFixed(6)), locale);
}

const memberLabel = (m: MemberInfo): string => (m.alias ? `${m.name} — ${m.alias}` : m.name);

/** The first answer a prompt shows: its default, when the default is one of the choices (or a number). */
function initialAnswer(p: PromptInfo, choices: readonly MemberInfo[] | undefined): Answer {
  const d = p.defaultValue ?? "";
  if (!choices) return p.type === "numeric" ? d : "";
  const names = new Set(choices.map((m) => m.name));
  if (p.type === "members") {
    const list = d.split(",").map((s) => s.trim());
    return list.every((n) => names.has(n)) ? list : [];
  }
  return names.has(d) ? d : "";
}

/** The prompt values to send: answered prompts only, typed as the API takes them. */
function promptValues(rule: RulePromptsResult, answers: Record<string, Answer>): PromptInput[] {
  const out: PromptInput[] = [];
  for (const p of rule.prompts) {
    const a = answers[p.name];
    if (a === undefined || a.length === 0) continue;
    if (Array.isArray(a)) out.push({ name: p.name, value: a });
    else if (p.type === "numeric" && a.trim() !== "" && Number.isFinite(Number(a)))
      out.push({ name: p.name, value: Number(a) });
    else out.push({ name: p.name, value: a });
  }
  return out;
}

function PromptField({
  prompt,
  choices,
  answer,
  onChange,
}: {
  prompt: PromptInfo;
  choices: readonly MemberInfo[] | undefined;
  answer: Answer;
  onChange: (a: Answer) => void;
}): ReactNode {
  const id = useId();
  const hint = `${PROMPT_TYPES[prompt.type]()}, ${prompt.required ? text.required() : text.optional()} — ${prompt.description}. ${
    prompt.defaultValue === null ? text.noDefault() : text.byDefault(prompt.defaultValue)
  }`;
  let control: ReactNode;
  if (choices && prompt.type === "members") {
    control = (
      <select
        id={id}
        multiple
        size={Math.min(choices.length, 6)}
        value={Array.isArray(answer) ? answer : []}
        aria-describedby={`${id}-hint`}
        onChange={(e) => onChange(Array.from(e.target.selectedOptions, (o) => o.value))}
      >
        {choices.map((m) => (
          <option key={m.name} value={m.name}>
            {memberLabel(m)}
          </option>
        ))}
      </select>
    );
  } else if (choices) {
    control = (
      <select
        id={id}
        value={typeof answer === "string" ? answer : ""}
        aria-describedby={`${id}-hint`}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="">{text.byDefault(prompt.defaultValue ?? "—")}</option>
        {choices.map((m) => (
          <option key={m.name} value={m.name}>
            {memberLabel(m)}
          </option>
        ))}
      </select>
    );
  } else {
    control = (
      <input
        id={id}
        type={prompt.type === "numeric" ? "number" : "text"}
        maxLength={prompt.type === "string" ? 255 : undefined}
        value={typeof answer === "string" ? answer : ""}
        aria-describedby={`${id}-hint`}
        onChange={(e) => onChange(e.target.value)}
      />
    );
  }
  return (
    <div className={styles.field} data-prompt={prompt.name}>
      <label htmlFor={id}>{prompt.name}</label>
      {control}
      <small id={`${id}-hint`}>{hint}</small>
    </div>
  );
}

/** The live launcher: rule list, prompts with their allowed members, launch, status and what changed. */
export default function LiveRuleApp(): ReactNode {
  const titleId = useId();
  const ruleId = useId();
  const { i18n } = useDocusaurusContext();
  const locale = i18n.currentLocale === "fr" ? "fr" : "en";
  const app = useRef<PlanningApplication | null>(null);
  if (!app.current) app.current = createVisionPlanning();
  // The prompts described in the page's language, as nav/enumprompt describes them to a caller in it.
  const rules = useMemo(() => app.current?.listRules(CUBE, locale) ?? [], [locale]);
  const [ruleName, setRuleName] = useState(rules[0]?.ruleName ?? "");
  const rule = rules.find((r) => r.ruleName === ruleName);
  // The members each member, members or dimension prompt allows (nav/enummembersrule).
  const choices = useMemo(() => {
    const out: Record<string, MemberInfo[]> = {};
    for (const p of rule?.prompts ?? []) {
      if (p.type === "numeric" || p.type === "string") continue;
      out[p.name] =
        app.current?.enumPromptMembers({ cube: CUBE, ruleName, promptName: p.name }).members ?? [];
    }
    return out;
  }, [rule, ruleName]);
  const [answers, setAnswers] = useState<Record<string, Answer>>({});
  const [outcome, setOutcome] = useState<Outcome>({ kind: "idle" });
  const [note, setNote] = useState("");

  const answerOf = (p: PromptInfo): Answer => answers[p.name] ?? initialAnswer(p, choices[p.name]);
  const current: Record<string, Answer> = Object.fromEntries(
    (rule?.prompts ?? []).map((p) => [p.name, answerOf(p)]),
  );
  const prompts = rule ? promptValues(rule, current) : [];

  const chooseRule = (name: string): void => {
    setRuleName(name);
    setAnswers({});
    setOutcome({ kind: "idle" });
    setNote("");
  };

  const launch = (): void => {
    if (!rule) return;
    const request = { cube: CUBE, ruleName: rule.ruleName, ruleType: rule.ruleType, prompts };
    setNote("");
    setOutcome({ kind: "running", ruleName: rule.ruleName });
    // Let the status show before the engine takes the main thread (a few hundred milliseconds).
    setTimeout(() => {
      try {
        // The rule's message in the page's language, as the API answers a caller in it.
        const result = app.current?.launchRule({ ...request, locale });
        if (result) setOutcome({ kind: "completed", result });
      } catch (e) {
        // The API's message for the same refusal, in the page's language, as the page quotes it.
        setOutcome({
          kind: "failed",
          ruleName: rule.ruleName,
          message: ruleFailureMessage(e, locale),
        });
      }
    }, 30);
  };

  const reset = (): void => {
    app.current = createVisionPlanning();
    setOutcome({ kind: "idle" });
    setNote(text.resetDone());
  };

  const base = { loginid: "<loginid>", server: SERVER, application: APPLICATION, cube: CUBE };
  const firstChoice = rule?.prompts.find((p) => choices[p.name]);
  const apiCalls = rule
    ? [
        [
          "POST /qibates/api/v2/nav/enumprompt",
          { ...base, ruleName: rule.ruleName, ruleType: rule.ruleType },
        ],
        ...(firstChoice
          ? [
              [
                "POST /qibates/api/v2/nav/enummembersrule",
                { ...base, aliastable: "Default", ruleName: rule.ruleName, promptName: firstChoice.name },
              ],
            ]
          : []),
        [
          "POST /qibates/api/v2/action/launchrule",
          { ...base, ruleName: rule.ruleName, ruleType: rule.ruleType, prompts },
        ],
      ]
    : [];

  let status = note;
  if (outcome.kind === "running") status = text.running(outcome.ruleName);
  else if (outcome.kind === "completed")
    status = text.completed(outcome.result.ruleName, outcome.result.durationMs);
  else if (outcome.kind === "failed") status = text.failed(outcome.ruleName);
  const changes = outcome.kind === "completed" ? outcome.result.changes.filter((c) => !c.text) : [];
  // The first changes, by plan type: a rule may write to another plan type (PushRevenueToPlan2 writes Plan2),
  // whose cells have that plan type's dimensions.
  const shownByCube = new Map<string, typeof changes>();
  for (const c of changes.slice(0, SHOWN_CHANGES))
    shownByCube.set(c.cube, [...(shownByCube.get(c.cube) ?? []), c]);

  return (
    <section className={styles.liveRule} aria-labelledby={titleId} data-live-rule>
      <h3 id={titleId} className={styles.title}>
        {text.title()}
      </h3>
      <p className={styles.hint}>{text.hint()}</p>
      <div className={styles.field}>
        <label htmlFor={ruleId}>{text.rule()}</label>
        <select id={ruleId} value={ruleName} onChange={(e) => chooseRule(e.target.value)}>
          {rules.map((r) => (
            <option key={r.ruleName} value={r.ruleName}>
              {r.ruleName}
            </option>
          ))}
        </select>
      </div>
      <fieldset className={styles.prompts}>
        <legend>{text.prompts()}</legend>
        {rule && rule.prompts.length === 0 && <p>{text.noPrompts()}</p>}
        {rule?.prompts.map((p) => (
          <PromptField
            key={`${rule.ruleName}/${p.name}`}
            prompt={p}
            choices={choices[p.name]}
            answer={answerOf(p)}
            onChange={(a) => setAnswers((prev) => ({ ...prev, [p.name]: a }))}
          />
        ))}
      </fieldset>
      <div className={styles.toolbar}>
        <button
          type="button"
          className="button button--primary"
          disabled={outcome.kind === "running"}
          onClick={launch}
        >
          {text.launch()}
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={outcome.kind === "running"}
          onClick={reset}
        >
          {text.reset()}
        </button>
      </div>
      <p
        role="status"
        aria-live="polite"
        className={`${styles.status} ${outcome.kind === "failed" ? styles.failed : ""}`}
        data-rule-status={outcome.kind}
      >
        {status}
      </p>
      {outcome.kind === "failed" && <p data-rule-message>{outcome.message}</p>}
      {outcome.kind === "completed" && (
        <div className={styles.changes}>
          <p data-rule-message>{outcome.result.message}</p>
          {changes.length === 0 ? (
            <p>{text.noChange()}</p>
          ) : (
            <>
              <p>{text.changes(Math.min(SHOWN_CHANGES, changes.length), changes.length)}</p>
              {[...shownByCube].map(([cube, cells]) => {
                const dimensions = app.current?.outline(cube).dimensions.map((d) => d.name) ?? [];
                return (
                  <div key={cube} style={{ overflowX: "auto" }}>
                    <table data-rule-changes={cube}>
                      <caption>{text.planType(cube)}</caption>
                      <thead>
                        <tr>
                          {dimensions.map((d) => (
                            <th key={d} scope="col">
                              {d}
                            </th>
                          ))}
                          <th scope="col">{text.value()}</th>
                        </tr>
                      </thead>
                      <tbody>
                        {cells.map((c) => (
                          <tr key={c.members.join("|")}>
                            {c.members.map((m, i) => (
                              <td key={`${dimensions[i] ?? i}`}>{m}</td>
                            ))}
                            <td>{cellValue(c.value, locale)}</td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                );
              })}
            </>
          )}
        </div>
      )}
      <details className={styles.api}>
        <summary>{text.api()}</summary>
        <p className={styles.hint}>{text.apiHint()}</p>
        {apiCalls.map(([route, body]) => (
          <div key={String(route)}>
            <code>{String(route)}</code>
            <pre>
              <code>{JSON.stringify(body, null, 2)}</code>
            </pre>
          </div>
        ))}
      </details>
    </section>
  );
}
