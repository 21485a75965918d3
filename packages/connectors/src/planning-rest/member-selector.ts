import type { components } from "@qibates/client/schema";
import { enumerateMembers, MEMBER_FILTER_INFO } from "@qibates/engine/planning";
import { engineError } from "@qibates/grid-bridge";
import {
  type MemberAsReceived as RestMember,
  readDataStorage as storageOf,
} from "@qibates/protocols/planning-rest";
import type {
  ApplicationRef,
  MemberProperties,
  PlanningOperations,
  ProviderSession,
} from "@qibates/provider";
import { ProviderError } from "@qibates/provider";
import type { PlanningRestHost } from "./host.ts";
import { outlineOf } from "./outline.ts";

// The member selector of a Planning application: a dimension's members through a filter, the filters, and
// the members' storage, each over the dimension read from the server with the engine's rules.

type Schemas = components["schemas"];

/**
 * Storage and two-pass flag of the dimension's members, from the same read as the member selector's
 * (`GET …/dimensions/{dim}/members/{dim}`: `dataStorage`, `twoPass` of each member). `dataStorage` is read in
 * the spellings a live-tested client knows ("Store Data", "Dynamic Calc", …) and Oracle's example's
 * (`STOREDATA`), without case, spaces or underscores; a member without one is stored.
 */
export async function memberProperties(
  host: PlanningRestHost,
  session: ProviderSession,
  ref: ApplicationRef,
  input: { dim: string },
): Promise<Record<string, MemberProperties>> {
  const app = await host.application(session, ref);
  const { root } = await host.dimension(session, app, input.dim);
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

/** The member filters of the member selector, once the server knows the dimension. */
export async function memberFilters(
  host: PlanningRestHost,
  session: ProviderSession,
  ref: ApplicationRef,
  input: { dim: string; aliasTable?: string; cube?: string },
): Promise<Schemas["MemberFilterList"]> {
  const app = await host.application(session, ref);
  const { outline } = await host.hierarchy(session, ref, app, input.dim, "Default", input.cube);
  return {
    dimension: outline.dimensions[0]?.name ?? input.dim,
    filters: MEMBER_FILTER_INFO.map((f) => ({ ...f })) as Schemas["MemberFilterList"]["filters"],
  };
}

/** A member filter applied with the engine's rules over the dimension read from the server. */
export async function members(
  host: PlanningRestHost,
  session: ProviderSession,
  ref: ApplicationRef,
  input: Parameters<PlanningOperations["members"]>[2],
): Promise<Schemas["MemberList"]> {
  const table = input.aliasTable ?? session.aliasTable ?? "Default";
  const app = await host.application(session, ref);
  const read = await host.hierarchy(session, ref, app, input.dim, table, input.cube);
  let outline = read.outline;
  let names: string[] = [];
  if (input.filter.toLowerCase() === "substitution") {
    // The variables of the plan type named, else of the application's first plan type (as the demo does).
    const cube = input.cube ?? (await host.cubes(session, ref)).cubes[0]?.name;
    const variables = cube ? await host.variables(session, app, cube) : [];
    outline = outlineOf(host.upstream(session).client, read.root, variables, table);
    names = variables.map((x) => x.name);
  }
  const dimension = outline.dimensions[0];
  if (!dimension) {
    const cube = input.cube ?? (await host.cubes(session, ref)).cubes.map((c) => c.name).join(", ");
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
