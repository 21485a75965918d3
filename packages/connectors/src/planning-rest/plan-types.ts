import {
  ALL_DIMENSIONS_QUERY,
  readDataManagementDimensions,
  readDimensionNames,
} from "@qibates/protocols/planning-rest";
import type { ApplicationRef, ProviderSession } from "@qibates/provider";
import { cubeUnknown } from "@qibates/provider";
import { ListBudget } from "../net/list-budget.ts";
import { UNREADABLE } from "../net/unreadable.ts";
import type { PlanningRestHost } from "./host.ts";

// The base dimensions of an application's plan types, one plan type or all of them.

const enc = encodeURIComponent;

/** Requests sent at once when one is needed per plan type. */
const PARALLEL = 4;

/**
 * `GET …/plantypes/{cube}/dimensions?limit=-1` (Oracle's "Get Dimensions for a Plan Type", 26.04), attribute
 * dimensions left out; a server without it (404) names them in Data Management's application
 * (`appDimensions[]` with `validForPlan1` … `validForPlan6` against `plan1Name` … `plan6Name`).
 */
export async function planTypeDimensions(
  host: PlanningRestHost,
  session: ProviderSession,
  ref: ApplicationRef,
  cube: string,
): Promise<string[]> {
  return planTypeDimensionsOf(host, session, await host.application(session, ref), cube);
}

/** {@link planTypeDimensions} of the application `app`, its name as the server spells it (read already). */
async function planTypeDimensionsOf(
  host: PlanningRestHost,
  session: ProviderSession,
  app: string,
  cube: string,
  dataManagement?: () => Promise<Record<string, unknown>>,
): Promise<string[]> {
  const { client } = host.upstream(session);
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

/**
 * Every plan type of the application `app` (its name as the server spells it) with its base dimensions: one
 * request per plan type the server lists, {@link PARALLEL} at a time, every answer counted against one budget: a
 * server that lists plan types without end is refused as malformed, not asked without end.
 */
export async function planTypesWithDimensions(
  host: PlanningRestHost,
  session: ProviderSession,
  ref: ApplicationRef,
  app: string,
): Promise<{ cube: string; dims: string[] }[]> {
  const { client } = host.upstream(session);
  const { cubes } = await host.cubesOf(session, ref, app);
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
        const dims = await planTypeDimensionsOf(host, session, app, c.name, dataManagement);
        budget.take(dims.length, `GET /plantypes/${c.name}/dimensions`);
        return { cube: c.name, dims };
      }),
    );
    out.push(...read);
  }
  return out;
}
