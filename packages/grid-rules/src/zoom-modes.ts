/** How Zoom In expands a member: Smart View's seven modes (`settings.zoomInMode` in the API). */
export type ZoomMode =
  | "NEXT_LEVEL"
  | "ALL_LEVELS"
  | "BOTTOM_LEVEL"
  | "SIBLING_LEVEL"
  | "SAME_LEVEL"
  | "SAME_GENERATION"
  | "CALC_LEVEL";

/** Every zoom-in mode, in the order the capability table and the documentation list them. */
export const ZOOM_MODES: readonly ZoomMode[] = [
  "NEXT_LEVEL",
  "ALL_LEVELS",
  "BOTTOM_LEVEL",
  "SIBLING_LEVEL",
  "SAME_LEVEL",
  "SAME_GENERATION",
  "CALC_LEVEL",
];

/** Other names clients give the modes (Smart View's and Essbase's older words), written without `_`. */
const ZOOM_MODE_WORDS: Readonly<Record<string, string>> = {
  CHILDREN: "NEXTLEVEL",
  NEXT: "NEXTLEVEL",
  DESCENDENTS: "ALLLEVELS",
  DESCENDANTS: "ALLLEVELS",
  ALL: "ALLLEVELS",
  BASE: "BOTTOMLEVEL",
  SIBLINGS: "SIBLINGLEVEL",
  FORMULAS: "CALCLEVEL",
};

/**
 * The zoom-in mode a client wrote, case, spaces, `_` and `-` ignored (`nextLevel`, `Next_Level`, `next-level`),
 * older words accepted (`Children`, `Descendants`, `Base`…); `fallback` for anything else.
 */
export function zoomModeOf(raw: unknown, fallback: ZoomMode = "NEXT_LEVEL"): ZoomMode {
  if (typeof raw !== "string") return fallback;
  const key = raw.replace(/[_\s-]/g, "").toUpperCase();
  const wanted = ZOOM_MODE_WORDS[key] ?? key;
  return ZOOM_MODES.find((m) => m.replace(/_/g, "") === wanted) ?? fallback;
}

/**
 * What a Zoom In of a member reads beyond the member, by mode: its `children` (next level); its `subtree` (all
 * levels, bottom level); its parent's children (`siblings`, sibling level); its whole `dimension` (same level,
 * same generation, the formula level).
 */
export type ZoomReach = "children" | "subtree" | "siblings" | "dimension";

const REACH: Readonly<Record<ZoomMode, ZoomReach>> = {
  NEXT_LEVEL: "children",
  ALL_LEVELS: "subtree",
  BOTTOM_LEVEL: "subtree",
  SIBLING_LEVEL: "siblings",
  SAME_LEVEL: "dimension",
  SAME_GENERATION: "dimension",
  CALC_LEVEL: "dimension",
};

/** The members a Zoom In in `mode` needs besides the one it opens ({@link ZoomReach}). */
export function zoomReach(mode: ZoomMode): ZoomReach {
  return REACH[mode];
}
