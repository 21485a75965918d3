import {
  bidXml,
  LIST_ELEMENT,
  listElement,
  promptsAnswerXml,
  readPromptValues,
  readRule,
  rulesAnswerXml,
  SvException,
  svText,
} from "@qibates/protocols/smartview";
import type { ApplicationRef, PlanningOperations, Provider } from "@qibates/provider";
import { listHandlers } from "./connection.ts";
import type { PlanningSessions, PlanningSvSession } from "./planning-session.ts";
import type { SvHandler, SvHandlers } from "./protocol.ts";

/**
 * Planning's messages after login: `ListServers`, `ListApplications`, `OpenApplication`, `ListCubes`,
 * `OpenCube`, `EnumAliasTables`, `EnumBusinessRules` (`runOnSave` 0), `EnumRunTimePrompts`,
 * `LaunchBusinessRule`.
 */
export function planningHandlers(
  provider: Provider,
  planning: PlanningOperations,
  { session }: PlanningSessions,
): SvHandlers {
  let nextBid = 1;

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

  const open =
    (method: "OpenApplication" | "OpenCube"): SvHandler =>
    async (req, request) => {
      const s = session(req, request);
      const { server, application, cubes } = await provider.cubes(s.provider, {
        server: svText(req, "srv"),
        application: svText(req, "app"),
      });
      if (
        method === "OpenCube" &&
        !cubes.some((c) => c.name.toLowerCase() === svText(req, "cube").toLowerCase())
      )
        throw new SvException(`Plan type ${svText(req, "cube")} does not exist.`);
      s.app = { server, application };
      return "";
    };

  return {
    ...listHandlers(provider, session),
    OpenApplication: open("OpenApplication"),
    OpenCube: open("OpenCube"),
    async EnumAliasTables(req, request) {
      const s = session(req, request);
      const { aliasTables } = await planning.listAliasTables(s.provider, appOf(s));
      return listElement(
        LIST_ELEMENT.EnumAliasTables,
        aliasTables.map((t) => t.name),
      );
    },
    async EnumBusinessRules(req, request) {
      const s = session(req, request);
      // No public capture or client asks for the rules run on save (runOnSave is always 0 there).
      if (svText(req, "runOnSave") === "1")
        throw new SvException("Rules run on save are not listed by this provider.");
      const cube = await planType(s, svText(req, "cube"));
      const { rules } = await planning.listRules(s.provider, appOf(s));
      const listed = [];
      for (const r of rules.filter((x) => x.cube === cube)) {
        const { prompts } = await planning.rulePrompts(s.provider, appOf(s), r);
        listed.push({ type: r.ruleType ?? "", prompts: prompts.length > 0, name: r.ruleName });
      }
      return rulesAnswerXml(s.id, listed);
    },
    async EnumRunTimePrompts(req, request) {
      const s = session(req, request);
      const cube = await planType(s, svText(req, "cube"));
      const rule = readRule(req);
      const { prompts } = await planning.rulePrompts(s.provider, appOf(s), {
        cube,
        ruleName: rule.name,
        ...(rule.type ? { ruleType: rule.type } : {}),
      });
      return promptsAnswerXml(
        prompts.map((p) => ({
          name: p.name,
          description: p.description ?? "",
          dimension: p.dimension ?? "",
          defaultValue: p.defaultValue ?? "",
          cube,
          required: !!p.required,
        })),
      );
    },
    async LaunchBusinessRule(req, request) {
      const s = session(req, request);
      const cube = await planType(s, svText(req, "cube"));
      const rule = readRule(req);
      await planning.launchRule(s.provider, appOf(s), {
        cube,
        ruleName: rule.name,
        ...(rule.type ? { ruleType: rule.type } : {}),
        prompts: readPromptValues(req),
      });
      return bidXml(nextBid++);
    },
  };
}
