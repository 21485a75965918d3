import type { Connector } from "./connectors.ts";
import type { CubeRef, ProviderSession } from "./session.ts";

/**
 * The engine port: an optional extension of a provider (`Provider.engine`) for the one wire feature that needs
 * the engine's own data files, Essbase REST's data jobs (export, load, clear). A provider that keeps the engine's
 * cubes offers it (the embedded one); the others leave it out, and those jobs are refused. It names no engine
 * type: what the endpoints read of a cube (metadata, members, MDX) goes through the OLAP port (`olap.ts`,
 * `Provider.olap`), which any provider may offer.
 */
export interface EnginePort {
  /**
   * The cube `ref` names, as `session` reads and writes it: a session the provider keeps apart (the demo's own
   * views) works on its own view of the data.
   */
  dataCube(connector: Connector, ref: CubeRef, session?: ProviderSession): EngineDataCube;
}

/**
 * A cube's data as Essbase's data jobs read and write it. Writes go through the application as every provider
 * call does: after the changes other nodes journaled, journaled under the caller.
 */
export interface EngineDataCube {
  readonly application: string;
  readonly cube: string;
  /**
   * The cube's data as Essbase's text export, a few blocks per slice of the event loop; `write` receives the
   * text in order. Answers the number of values written.
   */
  exportData(options: DataExportOptions, write: (text: string) => void): Promise<{ cells: number }>;
  /**
   * Loads a free-form data file as one journaled change. A line that cannot be read, or a value whose
   * intersection cannot be written, is rejected with its reason; with `abortOnError`, the first rejection throws
   * (`DataLoadError`) and nothing is written.
   */
  loadData(ownerId: string, text: string, abortOnError: boolean): Promise<DataLoadResult>;
  /** Clears data as Essbase's clear job does: `all` data, `upper`-level blocks, or `noninput` cells. */
  clearData(ownerId: string, which: "all" | "upper" | "noninput"): Promise<void>;
}

/** Which blocks an export writes: `all`, `level0` (level-0 sparse members), `input` (blocks holding input). */
export type DataExportLevel = "all" | "level0" | "input";

export interface DataExportOptions {
  level: DataExportLevel;
  /** Column format: every line names a member of each dimension but the columns'. */
  columns: boolean;
  /** Blocks per chunk of text (default 256). */
  blocksPerChunk?: number;
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
