import type { TaskCompletion } from "@qibates/engine/planning";

/** One change of an embedded application, as journaled: replayed in order at start-up. */
export interface JournalEntry {
  kind: string;
  payload: unknown;
}

/**
 * Where the embedded provider keeps what users change, so that it survives restarts: the journal of each
 * application and each user's planning state. The API server implements it over its database (PGlite or
 * PostgreSQL); tests may keep it in memory. No SQL in the provider.
 */
export interface EmbeddedStore {
  /** Every journal entry of `application`, oldest first. */
  journal(application: string): Promise<JournalEntry[]>;
  /**
   * Runs `change` in one transaction: the entry it returns is appended to the journal and committed with it,
   * or nothing is when `change` throws.
   */
  journaled<T>(
    application: string,
    writtenBy: string,
    change: () => { result: T; entry: JournalEntry | null },
  ): Promise<T>;
  taskStatuses(owner: string, application: string): Promise<TaskCompletion[]>;
  saveTaskStatus(owner: string, application: string, status: TaskCompletion): Promise<void>;
  preference(owner: string, application: string, name: string): Promise<string | null>;
  savePreference(owner: string, application: string, name: string, value: string): Promise<void>;
}
