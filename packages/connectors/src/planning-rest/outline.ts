import type { MemberSpec } from "@qibates/engine";
import { Outline } from "@qibates/engine";
import type { MemberAsReceived as RestMember } from "@qibates/protocols/planning-rest";
import { UNREADABLE } from "../net/unreadable.ts";
import type { PlanningRestClient } from "./client.ts";

/**
 * One dimension as an engine outline: names, the alias the server gives (as the Default table's), children, and
 * the substitution variables given (for the `Substitution` filter).
 */
export function outlineOf(
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
