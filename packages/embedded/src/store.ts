import type { TaskCompletion } from "@qibates/engine/planning";

/** A task's completion as a store keeps it (taskStatuses, saveTaskStatus): part of the store's contract. */
export type { TaskCompletion };

/** One change of an embedded application, as journaled: replayed in order after the checkpoint it follows. */
export interface JournalEntry {
  kind: string;
  payload: unknown;
}

/** A journal entry as stored: its position (increasing in commit order per application) and its size. */
export interface StoredEntry extends JournalEntry {
  position: number;
  /** Bytes of the stored payload (JSON), to know when a checkpoint is due. */
  bytes: number;
}

/** A checkpoint's place in the journal, without its data. */
export interface CheckpointInfo {
  /** The state after every entry at or below this position. */
  position: number;
  /** Entries at or below this position were deleted when the checkpoint was committed. */
  compactedThrough: number;
}

/** What the journal holds for one application, read in or out of a write transaction. */
export interface JournalReader {
  /** Position of the newest entry (0 when there is none): one indexed lookup, to know whether to read more. */
  head(application: string): Promise<number>;
  /** Entries after `after` (exclusive), oldest first. */
  entriesAfter(application: string, after: number): Promise<StoredEntry[]>;
  /** Checkpoints kept, newest first (at most two: the newest and the one before it). */
  checkpoints(application: string): Promise<CheckpointInfo[]>;
  /** The bytes of one checkpoint (null when it is gone). */
  checkpointData(application: string, position: number): Promise<Uint8Array | null>;
}

/** The write side, inside a transaction that holds the application's lock. */
export interface JournalWriter extends JournalReader {
  /** Appends an entry; answers its position and size. Committed with the transaction. */
  append(application: string, writtenBy: string, entry: JournalEntry): Promise<StoredEntry>;
}

/**
 * Where the embedded provider keeps what users change, so that it survives restarts and reaches every API
 * node: the journal of each application, its checkpoints, and each user's planning state. The API server
 * implements it over its database (PGlite or PostgreSQL); tests keep it in memory. No SQL in the provider.
 */
export interface EmbeddedStore extends JournalReader {
  /**
   * True when other processes may append to the same journal (several API nodes over one PostgreSQL): an
   * application then reads what it has not applied yet before every call. False for a store only this process
   * uses (PGlite, memory).
   */
  readonly shared: boolean;
  /**
   * Runs `fn` in one transaction holding the application's write lock: one writer at a time across every
   * process, so entries are appended (and positioned) in the order their changes were applied. What `fn`
   * appends is committed with it, or nothing is when it throws.
   */
  locked<T>(application: string, fn: (journal: JournalWriter) => Promise<T>): Promise<T>;
  /**
   * Commits a checkpoint of the state after `position` under the application's lock, unless a checkpoint at or
   * beyond it exists (answers false then). Compaction in the same transaction: the checkpoint before this one
   * is kept as a fallback, older checkpoints and the entries the previous checkpoint covers are deleted.
   */
  saveCheckpoint(application: string, position: number, data: Uint8Array): Promise<boolean>;
  /** Deletes an application's journal entries, checkpoints and task statuses (a session's view, when the session ends). */
  dropApplication(application: string): Promise<void>;
  /** The applications with journal entries whose name starts with `prefix`. */
  applicationsNamed(prefix: string): Promise<string[]>;
  taskStatuses(owner: string, application: string): Promise<TaskCompletion[]>;
  saveTaskStatus(owner: string, application: string, status: TaskCompletion): Promise<void>;
  preference(owner: string, application: string, name: string): Promise<string | null>;
  savePreference(owner: string, application: string, name: string, value: string): Promise<void>;
}
