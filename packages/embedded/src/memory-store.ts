import type { TaskCompletion } from "@qibates/engine/planning";
import type { CheckpointInfo, EmbeddedStore, JournalEntry, JournalWriter, StoredEntry } from "./store.ts";

interface MemoryEntry extends StoredEntry {
  application: string;
  writtenBy: string;
  entry: JournalEntry;
}

interface MemoryCheckpoint extends CheckpointInfo {
  application: string;
  data: Uint8Array;
}

/**
 * An {@link EmbeddedStore} in memory, with the same journal, checkpoint and compaction rules as the server's
 * database store: for tests, and for an embedded provider that keeps nothing. `shared` tells the applications
 * to read what they have not applied before every call, as API nodes over one PostgreSQL do.
 */
export function memoryStore(options: { shared?: boolean } = {}): EmbeddedStore & {
  entries: MemoryEntry[];
  checkpointsKept: MemoryCheckpoint[];
} {
  const entries: MemoryEntry[] = [];
  const checkpointsKept: MemoryCheckpoint[] = [];
  const tasks = new Map<string, TaskCompletion[]>();
  const preferences = new Map<string, string>();
  let position = 0;
  let lock: Promise<void> = Promise.resolve();
  const ofApp = (application: string) => entries.filter((e) => e.application === application);
  const checkpointsOf = (application: string) =>
    checkpointsKept.filter((s) => s.application === application).sort((a, b) => b.position - a.position);

  const reader = {
    async head(application: string) {
      return ofApp(application).at(-1)?.position ?? 0;
    },
    async entriesAfter(application: string, after: number) {
      return ofApp(application)
        .filter((e) => e.position > after)
        .map((e): StoredEntry => ({ ...e.entry, position: e.position, bytes: e.bytes }));
    },
    async checkpoints(application: string) {
      return checkpointsOf(application).map(
        (s): CheckpointInfo => ({ position: s.position, compactedThrough: s.compactedThrough }),
      );
    },
    async checkpointData(application: string, at: number) {
      return checkpointsOf(application).find((s) => s.position === at)?.data ?? null;
    },
  };

  /** One holder of the lock at a time; what `fn` appends is dropped when it throws. */
  function locked<T>(_application: string, fn: (journal: JournalWriter) => Promise<T>): Promise<T> {
    const run = async () => {
      const appended: MemoryEntry[] = [];
      const writer: JournalWriter = {
        ...reader,
        async append(app, writtenBy, entry) {
          const stored = JSON.stringify(entry.payload);
          const e: MemoryEntry = {
            application: app,
            writtenBy,
            entry: { kind: entry.kind, payload: JSON.parse(stored) },
            kind: entry.kind,
            payload: JSON.parse(stored),
            position: ++position,
            bytes: stored.length,
          };
          appended.push(e);
          return { kind: e.kind, payload: e.payload, position: e.position, bytes: e.bytes };
        },
      };
      const out = await fn(writer);
      entries.push(...appended);
      return out;
    };
    const result = lock.then(run, run);
    lock = result.then(
      () => undefined,
      () => undefined,
    );
    return result;
  }

  return {
    shared: options.shared ?? false,
    entries,
    checkpointsKept,
    ...reader,
    locked,
    saveCheckpoint(application, at, data) {
      return locked(application, async () => {
        const kept = checkpointsOf(application);
        const newest = kept[0];
        if (newest && newest.position >= at) return false;
        const through = newest?.position ?? 0;
        checkpointsKept.push({ application, position: at, compactedThrough: through, data });
        for (const old of kept.slice(1)) checkpointsKept.splice(checkpointsKept.indexOf(old), 1);
        for (let i = entries.length - 1; i >= 0; i--) {
          const e = entries[i] as MemoryEntry;
          if (e.application === application && e.position <= through) entries.splice(i, 1);
        }
        return true;
      });
    },
    dropApplication(application) {
      return locked(application, async () => {
        for (let i = entries.length - 1; i >= 0; i--) {
          if ((entries[i] as MemoryEntry).application === application) entries.splice(i, 1);
        }
        for (let i = checkpointsKept.length - 1; i >= 0; i--) {
          if ((checkpointsKept[i] as MemoryCheckpoint).application === application)
            checkpointsKept.splice(i, 1);
        }
        for (const key of tasks.keys()) if (key.endsWith(`\n${application}`)) tasks.delete(key);
      });
    },
    async applicationsNamed(prefix) {
      return [...new Set(entries.map((e) => e.application).filter((a) => a.startsWith(prefix)))];
    },
    async taskStatuses(owner, application) {
      return tasks.get(`${owner}\n${application}`) ?? [];
    },
    async saveTaskStatus(owner, application, status) {
      const key = `${owner}\n${application}`;
      const list = (tasks.get(key) ?? []).filter(
        (t) => !(t.taskListID === status.taskListID && t.taskID === status.taskID),
      );
      tasks.set(key, [...list, status]);
    },
    async preference(owner, application, name) {
      return preferences.get(`${owner}\n${application}\n${name}`) ?? null;
    },
    async savePreference(owner, application, name, value) {
      preferences.set(`${owner}\n${application}\n${name}`, value);
    },
  };
}
