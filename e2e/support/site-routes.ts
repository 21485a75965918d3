// Every route of the documentation site (product spec §2), without the locale prefix. The French site has
// the same routes under /fr.

const docs: Record<string, string[]> = {
  "QiBates/activation": ["Activate-on-Docs", "Activate-on-Excel"],
  QiBates: ["features-compatibility", "qibates-legacy-to-new-qibates"],
  "QiBates/features/actions": [
    "AdHoc",
    "Cascade",
    "KeepRemoveOnly",
    "OpenForm",
    "Pivot",
    "Refresh",
    "RunRule",
    "Submit",
    "TaskLists",
    "Zoom",
  ],
  "QiBates/features/features": [
    "ConnectionsView",
    "DataIntegration",
    "FormLinks",
    "MemberSelection",
    "POV",
    "Prediction",
    "Types",
  ],
  "QiBates/features/settings": [
    "ColorCoding",
    "DefaultPositionNewGrid",
    "DisplayCodeAndAlias",
    "Freeze",
    "KeepConditionnalFormatting",
    "MergeCells",
    "MissingLabel",
    "MissingSuppression",
    "MissingZero",
    "NavigationWithoutData",
    "NumberPrecision",
    "ResizeColumns",
    "SubmitWithLargeCell",
    "UnknownMemberIndication",
    "WithoutIndentation",
  ],
  "QiBates/understanding-the-app/understanding-essbase-ssas": [
    "Applications",
    "BurgerMenu",
    "Connections",
    "DataIntegration",
    "FormsLibrary",
    "Login",
    "MemberSelection",
    "Predictions",
    "Settings",
    "ToastFlow",
  ],
  "QiBates/understanding-the-app/understanding-planning-pbcs": [
    "Applications",
    "BurgerMenu",
    "Connections",
    "Login",
    "Pov",
    "Settings",
    "ToastFlow",
  ],
};

export const categorySlugs = [
  "actions",
  "activate-the-plugin",
  "features",
  "features-1",
  "settings",
  "understanding-essbase--ssas",
  "understanding-planning--pbcs",
  "understanding-the-application",
] as const;

/** The spec's routes in the default locale (`/`, `/docs/intro`, …). */
export const siteRoutes: readonly string[] = [
  "/",
  "/api/qibates",
  "/qibates-changelog",
  "/docs",
  "/docs/intro",
  ...categorySlugs.map((slug) => `/docs/category/${slug}`),
  ...Object.entries(docs).flatMap(([dir, pages]) => pages.map((page) => `/docs/${dir}/${page}`)),
];

/** The French twin of a default-locale route. */
export function fr(route: string): string {
  return route === "/" ? "/fr/" : `/fr${route}`;
}
