import { enumMembersBody, svList } from "@qibates/protocols/smartview";
import type { ListBudget } from "../net/list-budget.ts";
import type { OpenCube, SmartViewClient } from "./client.ts";

/**
 * A member filter asked of the server (`EnumMembers`): what the members read on demand (`members.ts`) cannot
 * say, such as a UDA filter (the members read carry no UDAs). The cube's members themselves are read as calls
 * need them (`members.ts`), never the whole outline.
 */

/** The member names an `EnumMembers` answers, counted against the call's `budget` when there is one. */
export async function enumMembers(
  client: SmartViewClient,
  cube: OpenCube,
  dim: string,
  filter: string,
  args: string[],
  budget?: ListBudget,
): Promise<string[]> {
  const answer = await client.read("EnumMembers", enumMembersBody(dim, filter, args), cube);
  const names = svList(answer, "mbrs").filter((m) => m !== "");
  budget?.take(names.length, `EnumMembers ${filter} of ${dim}`);
  return names;
}
