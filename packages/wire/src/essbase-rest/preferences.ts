import { type GridPreferences, PREFERENCE_ENUMS, ZOOM_IN_LEVELS } from "@qibates/protocols/essbase-rest";
import type { GridInput } from "@qibates/provider";
import { badRequest } from "./errors.ts";

/**
 * `PUT /preferences/grid`: the properties sent replace the session's, the others are kept. Each value must have
 * the type of the current one (and an enum value, case-sensitive, where the schema has an enum); unknown
 * properties are ignored.
 */
export function mergePreferences(current: GridPreferences, body: unknown): GridPreferences {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw badRequest("The grid preferences must be a JSON object.");
  }
  const merge = (target: Record<string, unknown>, patch: Record<string, unknown>, path: string) => {
    const out: Record<string, unknown> = { ...target };
    for (const [key, value] of Object.entries(patch)) {
      if (!(key in target) || value === null) continue;
      const name = path ? `${path}.${key}` : key;
      const was = target[key];
      if (typeof was === "object" && was !== null) {
        if (typeof value !== "object" || Array.isArray(value)) {
          throw badRequest(`Preference ${name} must be an object.`);
        }
        out[key] = merge(was as Record<string, unknown>, value as Record<string, unknown>, name);
        continue;
      }
      if (typeof value !== typeof was || (typeof value === "number" && !Number.isInteger(value))) {
        throw badRequest(
          `Preference ${name} must be ${typeof was === "number" ? "a whole number" : `a ${typeof was}`}.`,
        );
      }
      const allowed = PREFERENCE_ENUMS[name];
      if (allowed && !allowed.includes(value as string)) {
        throw badRequest(`Preference ${name} must be one of ${allowed.join(", ")}; got "${String(value)}".`);
      }
      out[key] = value;
    }
    return out;
  };
  return merge(
    current as unknown as Record<string, unknown>,
    body as Record<string, unknown>,
    "",
  ) as unknown as GridPreferences;
}

/**
 * The session's preferences and alias table as the provider contract's grid settings. `aliasTable` `null` shows
 * member names.
 */
export function gridSettings(p: GridPreferences, aliasTable: string | null): Pick<GridInput, "settings"> {
  return {
    settings: {
      indentation: p.indentation,
      zoomInMode: ZOOM_IN_LEVELS[p.zoomIn.mode],
      ancestorPosition: p.zoomIn.ancestor === "top" ? "TOP" : "BOTTOM",
      includeSelection: p.includeSelection,
      withinSelectedGroup: p.withinSelectedGroup,
      removeUnselectedGroups: p.removeUnSelectedGroup,
      repeatMemberLabels: p.repeatMemberLabels,
      missingSuppression: p.rowSupression.missing,
      missingLabel: p.missingText,
      navigateWithoutData: !p.navigate,
      aliasTable,
      memberDisplay: aliasTable === null ? "NAME" : p.includeDescriptionLabel ? "NAME_AND_ALIAS" : "ALIAS",
    },
  };
}
