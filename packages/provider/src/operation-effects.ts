import type { EssbaseOperations, PlanningOperations } from "./provider.ts";

/**
 * What an operation of the provider contract does on the server, declared beside the contract rather than guessed
 * from its name: `read` (nothing changes), `write` (a change is asked: its outcome is unknown when a deadline cuts
 * the call), `long` (a calculation or a business rule: a change too, bounded by CALC_JOB_TIMEOUT_SECONDS rather
 * than by the call's deadline). Each table names every operation of its family, so that a new operation does not
 * typecheck until it says which it is.
 */
export type OperationEffect = "read" | "write" | "long";

export const ESSBASE_EFFECTS: Readonly<Record<keyof EssbaseOperations, OperationEffect>> = {
  dimensions: "read",
  dimensionTree: "read",
  filterMembers: "read",
  searchMembers: "read",
  variables: "read",
  setVariable: "write",
  memberUdas: "read",
  scripts: "read",
  aliasTables: "read",
  outlineIdentity: "read",
  calculate: "long",
  grid: "read",
  mdx: "read",
  save: "write",
};

export const PLANNING_EFFECTS: Readonly<Record<keyof PlanningOperations, OperationEffect>> = {
  listForms: "read",
  openForm: "read",
  submitForm: "write",
  listTaskLists: "read",
  setTaskStatus: "write",
  listOnSaveRules: "read",
  listAliasTables: "read",
  setAlias: "read",
  rulePrompts: "read",
  listRules: "read",
  planTypeVariables: "read",
  launchRule: "long",
  memberFilters: "read",
  members: "read",
  promptMembers: "read",
  memberProperties: "read",
  outlineIdentity: "read",
  planTypeDimensions: "read",
  exportDataSlice: "read",
  importDataSlice: "write",
};

/** The effect of the operation `name` of a family's table; `read` for a name it does not hold (no operation). */
export function operationEffect(
  effects: Readonly<Record<string, OperationEffect>>,
  name: string | symbol,
): OperationEffect {
  return typeof name === "string" && Object.hasOwn(effects, name)
    ? (effects[name] as OperationEffect)
    : "read";
}
