export {
  type ApplicationBean,
  type ApplicationTree,
  type CubeBean,
  DATA_STORAGE,
  type DimensionBean,
  type GenerationLevel,
  getLink,
  type MemberBean,
  page,
  type RestCollection,
  type RestLink,
  type ScriptBean,
  type Variable,
} from "./beans.ts";
export { ERROR_TYPE, type ErrorBody, errorBody, errorMessageOf, MESSAGES } from "./errors.ts";
export {
  CELL_TYPE,
  type CellType,
  cellAt,
  GRID_ACTIONS,
  type GridAction,
  type GridMdxInput,
  type GridOperation,
  gridSlice,
  isGridAction,
  type RestGrid,
  type RestGridDimension,
  type RestGridRange,
  rangeCells,
  readSlice,
  SLICE_FAULTS,
  SLICE_MAX_CELLS,
  type SliceFault,
  type SliceSheet,
} from "./grid.ts";
export { javaDataText, javaDouble } from "./java-double.ts";
export {
  CALC_JOB_TYPE,
  calcScriptName,
  JOB_ORDER_FIELDS,
  JOB_STATUS,
  type JobInput,
  type JobRecord,
  type JobStatistics,
  type JobStatus,
} from "./jobs.ts";
export { MDX_FORMATS, type MdxFormat, type MdxInput, type MdxJson } from "./mdx.ts";
export {
  applicationVariablesPath,
  COOKIE_PATH,
  cubePath,
  ESSBASE_JAPI,
  ESSBASE_REST_BASE,
  ESSBASE_ROOT,
  LINKS_NONE,
  outlinePath,
  ROUTES,
  SESSION_COOKIE,
} from "./paths.ts";
export {
  defaultPreferences,
  type GridPreferences,
  type GridPreferencesPatch,
  PREFERENCE_ENUMS,
  type Suppression,
  ZOOM_IN_LEVELS,
  zoomInModeOf,
} from "./preferences.ts";
export type { About, AboutInstance, SessionAttributes, Urls, UserSession } from "./sessions.ts";
