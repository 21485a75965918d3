import { type MdxFunction, type MdxMethod, type MdxNavigation, tableOf } from "./call.ts";
import { HIERARCHY_FUNCTIONS } from "./hierarchy-functions.ts";
import { LOGICAL_FUNCTIONS } from "./logical-functions.ts";
import { MEMBER_FUNCTIONS } from "./member-functions.ts";
import { METHODS, NAVIGATION } from "./methods.ts";
import { MORE_SET_FUNCTIONS } from "./more-set-functions.ts";
import { NUMERIC_FUNCTIONS } from "./numeric-functions.ts";
import { SCALAR_FUNCTIONS } from "./scalar-functions.ts";
import { SET_FUNCTIONS } from "./set-functions.ts";

/**
 * The MDX function library, apart from the evaluator that dispatches through it: a function is added to its
 * family's module, and the evaluator does not change.
 */
export const FUNCTIONS: ReadonlyMap<string, MdxFunction> = tableOf(
  SET_FUNCTIONS,
  MEMBER_FUNCTIONS,
  NUMERIC_FUNCTIONS,
  LOGICAL_FUNCTIONS,
  HIERARCHY_FUNCTIONS,
  MORE_SET_FUNCTIONS,
  SCALAR_FUNCTIONS,
);

/** Methods that read their target as it is (`.Members`, `.Levels(n)`, `.CurrentMember`, `.Name`…). */
export const METHOD_TABLE: ReadonlyMap<string, MdxMethod> = tableOf(METHODS);

/** Methods from a member to its neighbours (`.Children`, `.Parent`…). */
export const NAVIGATION_TABLE: ReadonlyMap<string, MdxNavigation> = tableOf(NAVIGATION);
