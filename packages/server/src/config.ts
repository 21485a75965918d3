/**
 * The server's settings read from the environment: every variable of the registry (`config-registry.ts`), parsed,
 * under its own name or its former one, and the checks across settings (`config-checks.ts`); one ConfigError
 * lists every bad value at once. What the rest of the server and the tools import of the settings comes from here.
 */

import { crossSettingProblems } from "./config-checks.ts";
import { type Config, ConfigError, redactCredentials, type Variable, variables } from "./config-registry.ts";

export { longestCallWaitSeconds } from "./config-checks.ts";
export * from "./config-registry.ts";

type Variables = typeof variables;

const isSet = (raw: string | undefined): raw is string => raw !== undefined && raw !== "";

/** The value of `v` in `env` and the name it was read under: its own, else its former name's (`formerly`). */
function setting(
  env: Record<string, string | undefined>,
  v: Variable<unknown>,
): { raw?: string; name: string } {
  const own = env[v.env];
  if (isSet(own) || (own === "" && v.emptyMeansNone)) return { raw: own, name: v.env };
  const former = v.formerly === undefined ? undefined : env[v.formerly];
  if (v.formerly !== undefined && isSet(former)) return { raw: former, name: v.formerly };
  return { name: v.env };
}

/**
 * What `env` sets under a setting's former name, one warning each for the start-up log: the former name still
 * works and names the new one; when both are set, the new name's value is the one used.
 */
export function formerNameWarnings(env: Record<string, string | undefined> = process.env): string[] {
  const warnings: string[] = [];
  for (const v of Object.values(variables) as Variable<unknown>[]) {
    if (v.formerly === undefined || !isSet(env[v.formerly])) continue;
    warnings.push(
      isSet(env[v.env])
        ? `${v.formerly} is ignored: it is the former name of ${v.env}, which is set too and wins; remove ${v.formerly}`
        : `${v.formerly} is the former name of ${v.env}: its value is used; rename the setting to ${v.env}`,
    );
  }
  return warnings;
}

/** Reads every variable from `env`; throws one ConfigError listing every bad value. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const errors: string[] = [];
  const out: Record<string, unknown> = {};
  // The settings whose value is wrong. A check across settings runs when every setting it reads has a value, so
  // that the message names each faulty setting at once, never one the administrator would meet at the next start.
  const wrong = new Set<keyof Variables>();
  const read = (...keys: (keyof Variables)[]): boolean => keys.every((k) => !wrong.has(k));
  for (const [key, v] of Object.entries(variables) as [keyof Variables, Variable<unknown>][]) {
    const { raw, name } = setting(env, v);
    if (raw === undefined) {
      out[key] = v.fallback;
      continue;
    }
    try {
      out[key] = v.parse(raw);
    } catch (e) {
      const shown = v.secret ? "" : ` (${redactCredentials(raw)})`;
      wrong.add(key);
      errors.push(`${name}${shown}: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  const config = out as Config;
  errors.push(...crossSettingProblems(config, read));
  if (errors.length > 0) throw new ConfigError(`Invalid configuration:\n  ${errors.join("\n  ")}`);
  return config;
}
