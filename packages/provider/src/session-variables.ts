import type { LocalizedText } from "./error-codes.ts";
import type { CubeRef, SessionVariable, VariableLevel } from "./session.ts";

/**
 * Substitution variables a session set for itself (see {@link SessionVariable}): which of them a level holds,
 * what a grid of a cube sees, and the list a session keeps after one more is set. Names and levels match
 * without regard to case, as Essbase's do.
 */

const key = (text: string | null) => (text === null ? null : text.toLowerCase());

function sameLevel(a: VariableLevel, b: VariableLevel): boolean {
  return (
    key(a.server) === key(b.server) &&
    key(a.application) === key(b.application) &&
    key(a.cube) === key(b.cube)
  );
}

/** The session's variables defined at exactly `level` (not those above it). */
export function sessionVariablesAt(
  variables: readonly SessionVariable[] | undefined,
  level: VariableLevel,
): SessionVariable[] {
  return (variables ?? []).filter((v) => sameLevel(v, level));
}

/** The list a session keeps once `set` is set: a variable of the same name at the same level is replaced. */
export function withSessionVariable(
  variables: readonly SessionVariable[] | undefined,
  set: SessionVariable,
): SessionVariable[] {
  const name = set.name.toLowerCase();
  return [...(variables ?? []).filter((v) => !(sameLevel(v, set) && v.name.toLowerCase() === name)), set];
}

/**
 * `own` (the variables a level defines for everyone, name → value) with the session's at that level in their
 * place when they have the same name, sorted by name.
 */
export function levelVariables(
  own: readonly { name: string; value: string }[],
  variables: readonly SessionVariable[] | undefined,
  level: VariableLevel,
): { name: string; value: string }[] {
  const byName = new Map(own.map((v) => [v.name.toLowerCase(), { name: v.name, value: v.value }]));
  for (const v of sessionVariablesAt(variables, level)) {
    byName.set(v.name.toLowerCase(), { name: v.name, value: v.value });
  }
  return [...byName.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * What a grid of `cube` sees, as Essbase resolves a name: the cube's variable, else the application's, else
 * the server's; at each level the session's own hide the ones defined for everyone (`cubeOwn`: the cube's;
 * the demo's server and applications define none). `null` when the session set none that reaches the cube.
 */
export function cubeVariables(
  variables: readonly SessionVariable[] | undefined,
  cube: CubeRef,
  cubeOwn: readonly { name: string; value: string }[],
): Record<string, string> | null {
  const levels: VariableLevel[] = [
    { server: cube.server, application: null, cube: null },
    { server: cube.server, application: cube.application, cube: null },
    { server: cube.server, application: cube.application, cube: cube.cube },
  ];
  if (!levels.some((l) => sessionVariablesAt(variables, l).length > 0)) return null;
  const seen = new Map<string, { name: string; value: string }>();
  levels.forEach((level, i) => {
    const list = i === 2 ? levelVariables(cubeOwn, variables, level) : sessionVariablesAt(variables, level);
    for (const v of list) {
      seen.delete(v.name.toLowerCase());
      seen.set(v.name.toLowerCase(), { name: v.name, value: v.value });
    }
  });
  return Object.fromEntries([...seen.values()].map((v) => [v.name, v.value]));
}

/**
 * At most this many variables per session (every level together): they travel with the session record, read on
 * every call, so a session cannot make it grow without bound. Changing one it already set is always allowed.
 */
export const SESSION_VARIABLES_MAX = 64;

/** Essbase's limits on a substitution variable (Oracle's "Name and Related Artifact Limits" and naming rules). */
export const VARIABLE_NAME_MAX = 320;
export const VARIABLE_VALUE_MAX = 256;

/**
 * Why Essbase would refuse this variable (the field, a message and the reason in each language, as the API's
 * validation message ends), or `null`: the name is letters, digits and underscores, at most 320 characters; the
 * value is 1 to 256 characters and does not start with `&`.
 */
export function variableRefusal(variable: {
  name: string;
  value: string;
}): { field: "name" | "value"; message: string; reason: LocalizedText } | null {
  const { name, value } = variable;
  const refusal = (field: "name" | "value", reason: LocalizedText) => ({
    field,
    message: `${reason.en.charAt(0).toUpperCase()}${reason.en.slice(1)}.`,
    reason,
  });
  if (!/^[A-Za-z0-9_]+$/.test(name)) {
    return refusal("name", {
      en: `the variable name ${JSON.stringify(name)} may hold only letters, digits and underscores`,
      fr: `le nom de variable «\u00a0${name}\u00a0» ne peut contenir que des lettres, des chiffres et des traits de soulignement`,
    });
  }
  if (name.length > VARIABLE_NAME_MAX) {
    return refusal("name", {
      en: `the variable name is longer than ${VARIABLE_NAME_MAX} characters`,
      fr: `le nom de variable dépasse ${VARIABLE_NAME_MAX}\u00a0caractères`,
    });
  }
  if (value === "" || value.length > VARIABLE_VALUE_MAX) {
    return refusal("value", {
      en: `the variable value must hold 1 to ${VARIABLE_VALUE_MAX} characters`,
      fr: `la valeur de la variable doit compter de 1 à ${VARIABLE_VALUE_MAX}\u00a0caractères`,
    });
  }
  if (value.startsWith("&")) {
    return refusal("value", {
      en: "the variable value may not start with &",
      fr: "la valeur de la variable ne peut pas commencer par &",
    });
  }
  return null;
}
