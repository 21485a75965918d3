import {
  aliasTableOf,
  bidXml,
  dimListXml,
  LIST_ELEMENT,
  listElement,
  rulesAnswerXml,
  SvException,
  svChild,
  svText,
} from "@qibates/protocols/smartview";
import { ProviderError } from "@qibates/provider";
import type { SvContext } from "./context.ts";
import type { SvHandlers } from "./protocol.ts";
import { cubeOf } from "./session.ts";

/**
 * The open cube: `EnumAliasTables`, `EnumDims`, `GetDefaultPOV`; `EnumBusinessRules` lists the cube's calc
 * scripts as rules and `LaunchBusinessRule` runs one.
 */
export function cubeHandlers({ essbase, sessions }: SvContext): SvHandlers {
  const { session } = sessions;
  let nextBid = 1;
  return {
    async EnumAliasTables(req, request) {
      const s = session(req, request);
      const { aliasTables } = await essbase.aliasTables(s.provider, cubeOf(s));
      return listElement(
        LIST_ELEMENT.EnumAliasTables,
        aliasTables.map((t) => t.name),
      );
    },
    async EnumDims(req, request) {
      const s = session(req, request);
      const table = aliasTableOf(svText(req, "alsTbl"));
      const list = await essbase.dimensions(s.provider, cubeOf(s), table ?? undefined);
      return dimListXml(
        list.dimensions.map((d) => ({
          name: d.name,
          type: d.type === "attribute" ? "attribute" : "regular",
          alias: (table && d.alias) || d.name,
        })),
      );
    },
    async GetDefaultPOV(req, request) {
      const s = session(req, request);
      const table = aliasTableOf(svText(req, "alsTbl"));
      const list = await essbase.dimensions(s.provider, cubeOf(s), table ?? undefined);
      const base = list.dimensions.filter((d) => d.type !== "attribute");
      return [
        listElement(
          "dims",
          base.map((d) => d.name),
        ),
        listElement(
          "mbrs",
          base.map((d) => (table && d.alias) || d.name),
        ),
      ].join("\n");
    },
    async EnumBusinessRules(req, request) {
      const s = session(req, request);
      // Essbase has no rules run on save: that list is empty.
      const list =
        svText(req, "runOnSave") === "1"
          ? []
          : (await essbase.scripts(s.provider, cubeOf(s, svText(req, "cube")))).scripts;
      return rulesAnswerXml(
        s.id,
        list.map((r) => ({ type: "type", prompts: false, name: r.name })),
      );
    },
    async LaunchBusinessRule(req, request) {
      const s = session(req, request);
      if ((svChild(req, "prompts")?.children.length ?? 0) > 0)
        throw new SvException("Essbase calc scripts take no runtime prompts.");
      const ref = cubeOf(s, svText(req, "cube"));
      try {
        await essbase.calculate(s.provider, ref, svText(req, "rule"));
      } catch (e) {
        if (e instanceof ProviderError && e.code === "SCRIPT_UNKNOWN")
          throw new SvException(`Business rule ${svText(req, "rule")} does not exist.`);
        throw e;
      }
      return bidXml(nextBid++);
    },
  };
}
