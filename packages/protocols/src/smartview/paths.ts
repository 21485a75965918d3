/** Where Essbase's Provider Services (APS 11.x) answers Smart View. */
export const SMARTVIEW_PATH = "/aps/SmartView";
/**
 * Where an independent Essbase 21c deployment answers Smart View (Oracle, "Essbase URLs": the Smart View URL
 * is `https://host/essbase/smartview`), the same protocol as APS's.
 */
export const SMARTVIEW_21C_PATH = "/essbase/smartview";
/** The Java API address APS names as the login address of its Essbase servers. */
export const JAPI_PATH = "/aps/JAPI";
/** Where Hyperion Planning answers Smart View. */
export const PLANNING_SMARTVIEW_PATH = "/HyperionPlanning/SmartView";
/** Where EPM Workspace hands out the single sign-on token and the provider list. */
export const SMARTVIEW_PROVIDERS_PATH = "/workspace/SmartViewProviders";
