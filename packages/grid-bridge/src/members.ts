import type { components } from "@qibates/client/schema";
import type { Dimension, Member, Outline } from "@qibates/engine";
import { applyApiFilter } from "@qibates/engine/members";
import type { FilterInput } from "@qibates/provider";
import { ProviderError } from "@qibates/provider";
import { engineError } from "./engine-errors.ts";

type Schemas = components["schemas"];

/** An engine outline's members in the contract's terms, for the demo's outline and for one read from a server. */

const STORAGE: Record<Member["storage"], Schemas["MemberNode"]["storage"]> = {
  store: "store",
  "dynamic-calc": "dynamicCalc",
  "dynamic-calc-and-store": "dynamicCalcAndStore",
  "label-only": "labelOnly",
  shared: "shared",
  "never-share": "neverShare",
};

export function memberInfo(m: Member, table: string): Schemas["Member"] {
  return { name: m.name, alias: m.alias(table) ?? null, generation: m.generation, level: m.level };
}

export function memberNode(m: Member, table: string): Schemas["MemberNode"] {
  return {
    name: m.name,
    alias: m.alias(table) ?? null,
    generation: m.generation,
    level: m.level,
    consolidation: m.consolidation as Schemas["MemberNode"]["consolidation"],
    storage: STORAGE[m.storage],
    children: m.children.map((c) => memberNode(c, table)),
  };
}

/** `nav/filter` over an outline (the demo cube's, or a server's read by a connector). */
export function filterOutline(
  outline: Outline,
  dim: Dimension,
  table: string,
  input: FilterInput,
): Schemas["FilterResponse"] {
  let member: Member | undefined;
  if (input.member) {
    member = outline.resolve(input.member, table);
    if (!member || member.dimension !== dim) {
      throw new ProviderError(
        "MEMBER_UNKNOWN",
        `Unknown member ${input.member}.`,
        { member: input.member },
        "action.member",
      );
    }
  }
  let members: Member[];
  try {
    members = applyApiFilter(dim, input.filter, input.arg1 ?? null, member);
  } catch (e) {
    engineError(e);
  }
  return {
    dimension: input.dimension,
    filter: input.filter,
    arg1: input.arg1 ?? null,
    members: members.map((m) => memberInfo(m, table)),
  };
}

/** The alias table as the outline spells it (`Default` when none is given), or `ALIAS_TABLE_UNKNOWN`. */
export function knownAliasTable(tables: readonly string[], value: string | undefined, field: string): string {
  const table = value !== undefined && value !== "" ? value : "Default";
  const known = tables.find((t) => t.toLowerCase() === table.toLowerCase());
  if (!known) {
    throw new ProviderError(
      "ALIAS_TABLE_UNKNOWN",
      `Unknown alias table ${table}.`,
      { aliasTable: table },
      field,
    );
  }
  return known;
}
