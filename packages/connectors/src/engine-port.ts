import type { DataExportOptions, Member, Outline } from "@qibates/engine";
import type { Expr, MdxOptions, MdxQuery, MdxResult, MdxUpdate } from "@qibates/engine/mdx";
import type { Connector, CubeRef, ProviderSession } from "@qibates/provider";

/**
 * The engine port: an optional extension of a provider (`Provider.engine`) for the wire endpoints whose
 * protocol is richer than the provider contract (XMLA: MDX over the outline, cell write-back, rowsets read
 * from the outline). A provider that keeps the engine's objects offers it (the embedded one); the others leave
 * it out, and an endpoint that needs it refuses to start without it. The engine's types and classes such an
 * endpoint reads are re-exported here, so that it depends on this port rather than on the engine.
 */
declare module "@qibates/provider" {
  interface Provider {
    /**
     * The engine's own objects, for the wire endpoints that need more than the contract (XMLA's MDX and
     * write-back, Smart View's attribute filter): offered by a provider that keeps them (the embedded one).
     */
    readonly engine?: EnginePort;
  }
}

export interface EnginePort {
  /**
   * The engine cube `ref` names, as `session` reads and writes it: a session the provider keeps apart (the
   * demo's own views) works on its own view of the data.
   */
  engineCube(connector: Connector, ref: CubeRef, session?: ProviderSession): EngineCube;
  /** Parses an MDX `SELECT` (throws `MdxError`). */
  parseMdx(text: string): MdxQuery;
  /** Parses an MDX `UPDATE CUBE` (throws `MdxError`). */
  parseMdxUpdate(text: string): MdxUpdate;
  /** Parses one MDX expression, e.g. a member's unique name (throws `MdxError`). */
  parseMdxExpression(text: string): Expr;
  /** The words the MDX parser reads as keywords, upper case (XMLA's DISCOVER_KEYWORDS). */
  readonly mdxKeywords: readonly string[];
}

/**
 * A cube of the provider seen as the engine sees it. Reads and writes go through the application as every
 * provider call does: after the changes other nodes journaled, writes journaled under the caller.
 */
export interface EngineCube {
  readonly application: string;
  readonly cube: string;
  readonly outline: Outline;
  /**
   * Runs the MDX query `text` over the cube's current data (`parsed`: the same text already parsed, when the
   * caller has it). As a grid call: a few cells at a time on the event loop, moved to a grid worker should it
   * outlast a few slices.
   */
  mdx(text: string, options?: Pick<MdxOptions, "maxCells">, parsed?: MdxQuery): Promise<MdxResult>;
  /**
   * Runs an `UPDATE CUBE` as one journaled change: its values are computed under the application's lock, each
   * cell is checked with the cube's write rule first and, when one cannot be written, nothing is and its reason
   * is thrown (`EngineCubeWriteError`). Answers the number of cells written.
   */
  update(ownerId: string, statement: MdxUpdate): Promise<number>;
  /**
   * The cube's data as Essbase's text export (`@qibates/engine` `dataExportChunks`), a few blocks per slice of
   * the event loop; `write` receives the text in order. Answers the number of values written.
   */
  exportData(options: DataExportOptions, write: (text: string) => void): Promise<{ cells: number }>;
  /**
   * Loads a free-form data file (`readDataFile`) as one journaled change. A line that cannot be read, or a value
   * whose intersection cannot be written, is rejected with its reason; with `abortOnError`, the first rejection
   * throws (`DataLoadError`) and nothing is written.
   */
  loadData(ownerId: string, text: string, abortOnError: boolean): Promise<DataLoadResult>;
  /** Clears data as Essbase's clear job does: `all` data, `upper`-level blocks, or `noninput` cells. */
  clearData(ownerId: string, which: "all" | "upper" | "noninput"): Promise<void>;
}

export interface DataLoadResult {
  loaded: number;
  rejected: { line: number; reason: string }[];
}

/** A data load stopped at its first rejected line (`abortOnError`). */
export class DataLoadError extends Error {
  override readonly name = "DataLoadError";
  constructor(
    readonly line: number,
    reason: string,
  ) {
    super(`Line ${line}: ${reason}`);
  }
}

/** A write the cube refuses (a dynamic, label-only or upper-level intersection…). */
export class EngineCubeWriteError extends Error {
  override readonly name = "EngineCubeWriteError";
  constructor(
    readonly tuple: readonly Member[],
    reason: string,
  ) {
    super(reason);
  }
}

export {
  type DataExportLevel,
  type DataExportOptions,
  type Dimension,
  layerNameOf,
  type Member,
  type Outline,
} from "@qibates/engine";
export { STEP_CELLS, type Steps } from "@qibates/engine/grid";
export {
  CalculatedMember,
  type Expr,
  MdxError,
  type MdxMember,
  type MdxQuery,
  type MdxResult,
  type MdxUpdate,
} from "@qibates/engine/mdx";
