/** The suppression flags of `rowSupression` / `columnSupression` (one "p", as on the wire). */
export interface Suppression {
  zero: boolean;
  missing: boolean;
  underScore: boolean;
  derived: boolean;
  noAccess: boolean;
  emptyBlocks: boolean;
  invalid: boolean;
  error: boolean;
}

/** The grid preferences of a session (`GET/PUT /preferences/grid`, schema `Preferences`). */
export interface GridPreferences {
  maxRows: number;
  indentation: "NONE" | "SUBITEMS" | "TOTALS";
  cellText: boolean;
  columnSupression: Suppression;
  zoomIn: { ancestor: "top" | "bottom"; mode: "children" | "descendents" | "base" };
  navigate: boolean;
  includeSelection: boolean;
  repeatMemberLabels: boolean;
  withinSelectedGroup: boolean;
  removeUnSelectedGroup: boolean;
  includeDescriptionLabel: boolean;
  missingText: string;
  noAccessText: string;
  rowSupression: Suppression;
  maxColumns: number;
  formulaRetention: { comments: boolean; zoom: boolean; focus: boolean; retrive: boolean; fill: boolean };
}

/** What `PUT /preferences/grid` may send: any of the properties, each object in part. */
export type GridPreferencesPatch = {
  [K in keyof GridPreferences]?: GridPreferences[K] extends object
    ? Partial<GridPreferences[K]>
    : GridPreferences[K];
};

const noSuppression = (): Suppression => ({
  zero: false,
  missing: false,
  underScore: false,
  derived: false,
  noAccess: false,
  emptyBlocks: false,
  invalid: false,
  error: false,
});

/** Essbase's defaults, as `GET /preferences/grid` answers them on a new session. */
export function defaultPreferences(): GridPreferences {
  return {
    maxRows: 0,
    indentation: "SUBITEMS",
    cellText: true,
    columnSupression: noSuppression(),
    zoomIn: { ancestor: "top", mode: "children" },
    navigate: true,
    includeSelection: true,
    repeatMemberLabels: true,
    withinSelectedGroup: false,
    removeUnSelectedGroup: false,
    includeDescriptionLabel: false,
    missingText: "#Missing",
    noAccessText: "#No Access",
    rowSupression: noSuppression(),
    maxColumns: 0,
    formulaRetention: { comments: false, zoom: false, focus: false, retrive: false, fill: false },
  };
}

/** The enumerated preferences (case-sensitive), by their dotted path. */
export const PREFERENCE_ENUMS: Record<string, readonly string[]> = {
  indentation: ["NONE", "SUBITEMS", "TOTALS"],
  "zoomIn.ancestor": ["top", "bottom"],
  "zoomIn.mode": ["children", "descendents", "base"],
};

/** The zoom-in depth each `zoomIn.mode` stands for, in Essbase's grid terms. */
export const ZOOM_IN_LEVELS = {
  children: "NEXT_LEVEL",
  descendents: "ALL_LEVELS",
  base: "BOTTOM_LEVEL",
} as const;

/** The `zoomIn.mode` of a zoom-in depth (`children` for any other). */
export function zoomInModeOf(level: string): GridPreferences["zoomIn"]["mode"] {
  for (const [mode, l] of Object.entries(ZOOM_IN_LEVELS))
    if (l === level) return mode as GridPreferences["zoomIn"]["mode"];
  return "children";
}
