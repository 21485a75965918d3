import type { components } from "@qibates/client/schema";
import type { BulkExportPort } from "./bulk-export.ts";
import type { CallContext } from "./call-context.ts";
import type { Connector } from "./connectors.ts";
import type { EnginePort } from "./engine-port.ts";
import type { ErrorLocale } from "./error-codes.ts";
import type { GridAnswer } from "./grid-answer.ts";
import type { GridSource } from "./grid-source.ts";
import type { JobAdmission } from "./jobs.ts";
import type { OlapPort } from "./olap.ts";
import type { CubeRef, ProviderSession, SessionVariable, VariableLevel } from "./session.ts";

/**
 * The provider contract: what the API server asks of a server, whatever its protocol. Inputs and answers are
 * the neutral models of the API contract (`openapi/qibates.yaml`: grids, members, forms…), without what only
 * the API carries (`loginid`, the connector header, spelling variants the API accepts). No HTTP here: a
 * provider throws `ProviderError`s with domain codes, and the server maps them to the registry.
 *
 * The embedded engine is one provider (the demo addresses); each server protocol gets its own.
 * See `ARCHITECTURE.md` (repository root) for the path of a call from route to provider and back.
 */

type Schemas = components["schemas"];

export interface LoginInput {
  connector: Connector;
  username: string;
  /** Kept in memory for the call only; never logged. */
  password: string;
  address: URL;
  /**
   * The call the login is made in (`ProviderSession.call`). Its `client`: the address of the client that logs in,
   * when a wire endpoint passes its login on to another server (`QIBATES_WIRE_UPSTREAM`): sent to that server as
   * `X-Forwarded-For`, so that a server that trusts this one as a proxy counts each client's failed logins, not
   * this server's.
   */
  call: CallContext;
}

export interface ApplicationRef {
  server: string;
  application: string;
}

type GridSettings = Pick<Schemas["GridRequest"], "settings" | "codeAliasParam">;

/** A grid and the display settings it was read with. */
export interface GridInput extends GridSettings {
  /** The request's grid: its rows, or the request's JSON text with the grid's span in it (`GridSource`). */
  grid: GridSource;
  /**
   * Largest answer the caller accepts, in cells: a provider that can stops as soon as the answer would
   * exceed it (`GRID_TOO_LARGE`) rather than building it.
   */
  maxCells?: number;
}

/** The Essbase-family ad hoc grid operations. */
export type GridCall =
  | { action: "refresh"; input: GridInput }
  | { action: "initgrid"; input: Partial<GridInput> }
  | {
      action: "zoomin" | "zoomout" | "keeponly" | "removeonly";
      input: GridInput & { cells: Schemas["CellRef"][] };
    }
  | { action: "pivot"; input: GridInput & { row: number; column: number; to?: "rows" | "columns" } }
  | { action: "pivottopov"; input: GridInput & { row: number; column: number } };

/** An MDX query (`action/mdx`) and the display settings its grid is laid out with. */
export interface MdxInput extends GridSettings {
  /** The MDX text: `SELECT … ON COLUMNS, … ON ROWS FROM app.cube WHERE (…)`. */
  query: string;
  /** Largest answer the caller accepts, in cells (`GRID_TOO_LARGE` beyond it), as for {@link GridInput}. */
  maxCells?: number;
}

export interface SaveInput extends GridInput {
  /** The cells the user changed; without it, every data cell of the grid is sent. */
  cells?: Schemas["CellRef"][];
  /**
   * The `dataVersion` of the answer the grid was read from: a provider that keeps one refuses (`SAVE_CONFLICT`)
   * to write cells changed since, unless `overwrite`. A provider without versions ignores both.
   */
  dataVersion?: string;
  overwrite?: boolean;
}

export interface FilterInput {
  dimension: string;
  aliasTable?: string;
  filter: Schemas["FilterRequest"]["action"]["filter"];
  arg1?: number | string | null;
  member?: string | null;
}

/** A member search (`nav/search`), with the contract's defaults filled in. */
export interface SearchInput {
  /** `null`: every dimension of the cube. */
  dimension: string | null;
  aliasTable?: string;
  keyword: string;
  matchWholeWord: boolean;
  searchIn: Schemas["SearchResponse"]["searchIn"];
  offset: number;
  limit: number;
}

/**
 * What `setVariable` did: the variable as set, and `session` when it holds for the calling session only (the
 * caller records it on the session and gives it back in {@link ProviderSession.variables}); `null` when the
 * server keeps it for everyone.
 */
export interface VariableSet {
  variable: Schemas["Variable"];
  session: SessionVariable | null;
}

/** Essbase, Essbase 21c and SSAS: metadata, member queries, ad hoc grids, calc scripts, write-back. */
export interface EssbaseOperations {
  dimensions(session: ProviderSession, cube: CubeRef, aliasTable?: string): Promise<Schemas["DimensionList"]>;
  dimensionTree(
    session: ProviderSession,
    cube: CubeRef,
    input: { dimension: string; aliasTable?: string },
  ): Promise<Schemas["DimensionTree"]>;
  filterMembers(
    session: ProviderSession,
    cube: CubeRef,
    input: FilterInput,
  ): Promise<Schemas["FilterResponse"]>;
  /** Members found by part of their name or alias, one page of them (capability `memberSearch`). */
  searchMembers(
    session: ProviderSession,
    cube: CubeRef,
    input: SearchInput,
  ): Promise<Schemas["SearchResponse"]>;
  /** The substitution variables defined at `level` (capability `variables`). */
  variables(session: ProviderSession, level: VariableLevel): Promise<Schemas["VariableList"]>;
  /** Creates or changes a substitution variable at `level` (capability `variablesSet`). */
  setVariable(
    session: ProviderSession,
    level: VariableLevel,
    variable: Schemas["Variable"],
  ): Promise<VariableSet>;
  /**
   * The user-defined attributes of a dimension's members (member name → UDAs; members without any left
   * out), for clients that rebuild an outline (the Essbase REST endpoint's member answers carry them).
   */
  memberUdas(
    session: ProviderSession,
    cube: CubeRef,
    dimension: string,
  ): Promise<Record<string, readonly string[]>>;
  scripts(session: ProviderSession, cube: CubeRef): Promise<Schemas["ScriptList"]>;
  aliasTables(session: ProviderSession, cube: CubeRef): Promise<Schemas["AliasTableList"]>;
  /**
   * The outline `session` sees of a cube, as one object compared by identity: the sessions given the same object
   * get the same dimensions, members, aliases, UDAs and layer names, so what a wire endpoint read and indexed of
   * it for one of them serves them all; an outline that changed is another object. Absent, or null: what one
   * session sees may differ from another's (a remote server's filters), and nothing read for it serves another.
   * Throws as `dimensions` does for a cube the session cannot open.
   */
  outlineIdentity?(session: ProviderSession, cube: CubeRef): object | null;
  calculate(session: ProviderSession, cube: CubeRef, script: string): Promise<Schemas["CalculateResponse"]>;
  /** A grid operation's answer: the object, or its JSON as a grid worker wrote it (`GridAnswer`). */
  grid(session: ProviderSession, cube: CubeRef, call: GridCall): Promise<GridAnswer<Schemas["GridResponse"]>>;
  /**
   * Runs an MDX query and lays its answer out as a grid (capability `mdx`): the slicer and the dimensions no
   * axis names in the POV row, the columns axis across, the rows axis down. A query that is not MDX throws
   * `MDX_SYNTAX`; one that cannot run (unknown function, wrong argument) `MDX_INVALID`, both with params
   * `token`, `line`, `column` and `reason`.
   */
  mdx(session: ProviderSession, cube: CubeRef, input: MdxInput): Promise<GridAnswer<Schemas["GridResponse"]>>;
  save(
    session: ProviderSession,
    cube: CubeRef,
    input: SaveInput,
  ): Promise<GridAnswer<Schemas["SaveResponse"]>>;
}

export interface OpenFormInput {
  folder: string;
  formName: string;
  type?: Schemas["FormType"];
  preferences?: Schemas["Preferences"];
  pov?: Schemas["Pov"];
  subforms?: { folder: string; formName: string; pov?: Schemas["Pov"] }[];
}

export interface SubmitFormInput {
  folder: string;
  formName: string;
  type?: Schemas["FormType"];
  pov?: Schemas["Pov"];
  grid: Schemas["GridInput"];
  /**
   * The cells the client changed (`row`, `column` of `grid`, each once): only they are written, every other
   * cell of the grid is no edit whatever it holds. Without it, every non-empty writable data cell is written.
   */
  cells?: readonly { row: number; column: number }[];
  codes?: Schemas["Codes"];
  preferences?: Schemas["Preferences"];
  prompts?: Schemas["SubmitPromptGroup"][];
  enableLargeCellSubmit: boolean;
  /**
   * The caller's language, for the messages of the on-save rules a provider words itself (the demo's); a server's
   * own rule messages are answered as it gives them.
   */
  locale?: ErrorLocale;
}

export interface RuleRef {
  cube: string;
  ruleName: string;
  ruleType?: string;
}

/**
 * One segment of a data slice's axis (or its POV): `members[i]` are the member selections of `dimensions[i]`
 * (a name, `&Variable` or a function such as `IDescendants(Q1)`), crossed, the first list outermost. Without
 * `dimensions`, each list's dimension is the one its first member belongs to.
 */
export interface DataSliceSegment {
  dimensions?: string[];
  members: string[][];
}

/** A data slice of a plan type to read (Planning REST's `exportdataslice` grid definition). */
export interface DataSliceInput {
  cube: string;
  /** One member per dimension; `null`: none. Dimensions the grid does not name take their default member. */
  pov: DataSliceSegment | null;
  columns: DataSliceSegment[];
  rows: DataSliceSegment[];
  suppressMissingBlocks: boolean;
  suppressMissingRows: boolean;
  suppressMissingColumns: boolean;
  /** Largest grid (rows × columns before suppression) the caller accepts. */
  maxCells?: number;
}

/** A data slice read: every cell a number, a text or Smart List label, or `null` (missing). */
export interface DataSlice {
  pov: string[];
  /** One list per column dimension, as long as there are columns. */
  columns: string[][];
  rows: { headers: string[]; data: (number | string | null)[] }[];
}

/** A member's storage (as an outline names it) and two-pass flag. */
export interface MemberProperties {
  storage: "store" | "dynamic-calc" | "dynamic-calc-and-store" | "label-only" | "shared" | "never-share";
  twoPass: boolean;
}

/** Planning and PBCS: forms, submit, business rules with runtime prompts, task lists, aliases, members. */
export interface PlanningOperations {
  listForms(session: ProviderSession, app: ApplicationRef, folder: string): Promise<Schemas["FormList"]>;
  openForm(
    session: ProviderSession,
    app: ApplicationRef,
    input: OpenFormInput,
  ): Promise<Schemas["FormResponse"]>;
  submitForm(
    session: ProviderSession,
    app: ApplicationRef,
    input: SubmitFormInput,
  ): Promise<Schemas["SubmitFormResponse"]>;
  listTaskLists(session: ProviderSession, app: ApplicationRef): Promise<Schemas["TaskListList"]>;
  setTaskStatus(
    session: ProviderSession,
    app: ApplicationRef,
    input: { taskListID: string; taskID: string; complete: boolean },
  ): Promise<Schemas["TaskStatusResponse"]>;
  /** `locale`: the caller's language, for prompt descriptions the provider words itself (the demo's). */
  listOnSaveRules(
    session: ProviderSession,
    app: ApplicationRef,
    input: { folder: string; formName: string; locale?: ErrorLocale },
  ): Promise<Schemas["OnSaveRuleList"]>;
  listAliasTables(session: ProviderSession, app: ApplicationRef): Promise<Schemas["PlanningAliasList"]>;
  /** Makes `aliasId` the session's alias table; the caller records it on the session. */
  setAlias(
    session: ProviderSession,
    app: ApplicationRef,
    aliasId: string,
  ): Promise<Schemas["PlanningAliasTable"]>;
  /** `locale`: the caller's language, for prompt descriptions the provider words itself (the demo's). */
  rulePrompts(
    session: ProviderSession,
    app: ApplicationRef,
    rule: RuleRef & { locale?: ErrorLocale },
  ): Promise<Schemas["RulePrompts"]>;
  /**
   * The business rules of the application with the plan type each is deployed to (no API call needs it:
   * wire endpoints list job definitions with it, and a Planning REST client finds a rule's plan type).
   */
  listRules(session: ProviderSession, app: ApplicationRef): Promise<{ rules: RuleRef[] }>;
  /**
   * The substitution variables a plan type sees, names as defined, for the `Substitution` member filter of a
   * client that reads them from a server, and for wire endpoints that serve them.
   */
  planTypeVariables(
    session: ProviderSession,
    app: ApplicationRef,
    cube: string,
  ): Promise<{ name: string; value: string }[]>;
  /**
   * Runs a business rule. `locale`: the caller's language, for a rule message the provider words itself (the
   * demo's); a server's own message is answered as it gives it.
   */
  launchRule(
    session: ProviderSession,
    app: ApplicationRef,
    input: RuleRef & { prompts: Schemas["PromptValue"][]; locale?: ErrorLocale },
  ): Promise<Schemas["RuleRun"]>;
  memberFilters(
    session: ProviderSession,
    app: ApplicationRef,
    input: { dim: string; aliasTable?: string; cube?: string },
  ): Promise<Schemas["MemberFilterList"]>;
  members(
    session: ProviderSession,
    app: ApplicationRef,
    input: {
      cube?: string;
      dim: string;
      filter: Schemas["MemberFilterName"];
      arg: string | null;
      aliasTable?: string;
    },
  ): Promise<Schemas["MemberList"]>;
  promptMembers(
    session: ProviderSession,
    app: ApplicationRef,
    input: { cube: string; ruleName: string; promptName: string; aliasTable?: string },
  ): Promise<Schemas["PromptMemberList"]>;
  /**
   * How each member of a dimension stores its data, and whether it is calculated in two passes (member name →
   * properties; a shared member's name gives its prototype's). No API call needs it: wire endpoints answer it
   * with members.
   */
  memberProperties(
    session: ProviderSession,
    app: ApplicationRef,
    input: { dim: string },
  ): Promise<Record<string, MemberProperties>>;
  /**
   * The outlines `session` sees of an application's plan types, as one object compared by identity, as
   * `EssbaseOperations.outlineIdentity` is for a cube: the same object, the same members and member properties
   * in `members` and `memberProperties` (for a given alias table); absent or null: nothing read for one session
   * serves another.
   */
  outlineIdentity?(session: ProviderSession, app: ApplicationRef): object | null;
  /** The base dimensions of a plan type, in outline order (no API call needs it: wire endpoints list them). */
  planTypeDimensions(session: ProviderSession, app: ApplicationRef, cube: string): Promise<string[]>;
  /** Reads a data slice of a plan type (no API call needs it: the Planning REST wire endpoint serves it). */
  exportDataSlice(session: ProviderSession, app: ApplicationRef, input: DataSliceInput): Promise<DataSlice>;
  /**
   * Writes a data grid into a plan type, cell by cell, rejected cells with their reasons, no on-save rule (no
   * API call needs it: the Planning REST wire endpoint's `importdataslice`). Absent where a provider cannot.
   */
  importDataSlice?(
    session: ProviderSession,
    app: ApplicationRef,
    input: DataSliceImportInput,
  ): Promise<DataSliceImportAnswer>;
}

/** A data grid to write (Planning REST's `dataGrid`). */
export interface DataSliceImportInput {
  cube: string;
  pov: string[];
  columns: string[][];
  rows: { headers: string[]; data: (string | number | null)[] }[];
  aggregateEssbaseData: boolean;
}

export interface DataSliceImportAnswer {
  numAcceptedCells: number;
  numUpdateCells: number;
  numRejectedCells: number;
  rejectedCells: { memberNames: string[]; readOnlyReasons: string[]; otherReasons: string[] }[];
}

/** One provider: a way to reach servers of one or more connector values. */
export interface Provider {
  /** Recorded on the sessions it serves (`embedded` for the demo). */
  readonly id: string;
  /**
   * Checks the credentials with the server; throws `LOGIN_FAILED` when it refuses them. A provider that keeps
   * an upstream session answers a `handle`, recorded on the API session and given back in `ProviderSession`.
   */
  login(input: LoginInput): Promise<{ username: string; handle?: string }>;
  logout(session: ProviderSession): Promise<void>;
  servers(session: ProviderSession): Promise<Schemas["ServerList"]>;
  applications(session: ProviderSession, server: string, sort: boolean): Promise<Schemas["ApplicationList"]>;
  cubes(session: ProviderSession, app: ApplicationRef): Promise<Schemas["CubeList"]>;
  /** `null` when the provider serves no Essbase-family connector. */
  readonly essbase: EssbaseOperations | null;
  /** `null` when the provider serves no planning-family connector. */
  readonly planning: PlanningOperations | null;
  /**
   * The OLAP port (`olap.ts`): metadata, member queries and MDX as plain data, for the wire endpoints richer than
   * this contract (XMLA, Smart View's attribute filter). Offered by the embedded provider and by a remote one
   * whose server answers them.
   */
  readonly olap?: OlapPort;
  /** The engine's data jobs (`engine-port.ts`), offered by a provider that keeps the engine's cubes (the embedded one). */
  readonly engine?: EnginePort;
  /** The server's own export of a cube's data (`bulk-export.ts`), where its protocol has one (Essbase 21c REST). */
  readonly bulkExport?: BulkExportPort;
  /**
   * The queue of background jobs (`jobs.ts`) of a provider that runs them itself (the embedded one): the wire
   * endpoints admit a job there before they answer that it started, so that a refusal comes at once.
   */
  readonly jobs?: JobAdmission;
}
