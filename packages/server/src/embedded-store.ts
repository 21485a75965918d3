import type {
  CheckpointInfo,
  EmbeddedStore,
  JournalEntry,
  JournalReader,
  JournalWriter,
  StoredEntry,
  TaskCompletion,
} from "@qibates/embedded";
import type { Database, Queryable } from "./database.ts";

/** Journal rows read per query when replaying (a huge journal is not read in one answer). */
const PAGE = 20_000;

/**
 * The table of the journal's checkpoints. It keeps the name it was created with (migration 9 in database.ts):
 * migrations run at a node's start with no step that old and new nodes could both read, so renaming it would
 * break the nodes of a cluster still running the previous version during a rolling upgrade.
 */
const CHECKPOINTS = "journal_snapshots";

function journalReader(q: Queryable): JournalReader {
  return {
    async head(application) {
      const rows = await q.query<{ head: string | number | null }>(
        "select max(id) as head from journal where application = $1",
        [application],
      );
      return Number(rows[0]?.head ?? 0);
    },

    async entriesAfter(application, after) {
      const out: StoredEntry[] = [];
      for (let from = after; ; ) {
        const rows = await q.query<{ id: string | number; kind: string; payload: string }>(
          "select id, kind, payload::text as payload from journal where application = $1 and id > $2 order by id limit $3",
          [application, from, PAGE],
        );
        for (const r of rows) {
          out.push({
            position: Number(r.id),
            kind: r.kind,
            payload: JSON.parse(r.payload),
            bytes: r.payload.length,
          });
        }
        if (rows.length < PAGE) return out;
        from = out[out.length - 1]?.position ?? from;
      }
    },

    async checkpoints(application) {
      const rows = await q.query<{ position: string | number; compacted_through: string | number }>(
        `select position, compacted_through from ${CHECKPOINTS} where application = $1 order by position desc`,
        [application],
      );
      return rows.map(
        (r): CheckpointInfo => ({
          position: Number(r.position),
          compactedThrough: Number(r.compacted_through),
        }),
      );
    },

    async checkpointData(application, position) {
      const rows = await q.query<{ data: Uint8Array }>(
        `select data from ${CHECKPOINTS} where application = $1 and position = $2`,
        [application, position],
      );
      return rows[0]?.data ?? null;
    },
  };
}

/** Holds the application's journal lock until the transaction ends: one writer at a time across API nodes. */
async function lockJournal(tx: Queryable, application: string): Promise<void> {
  await tx.query("select pg_advisory_xact_lock(hashtext($1))", [`qibates.journal:${application}`]);
}

/**
 * The embedded provider's storage over the server's database (PGlite or PostgreSQL): the `journal` of each
 * demo application with its checkpoints (`journal_snapshots`), and each user's task status and preferences. With
 * PostgreSQL several API nodes share it: `shared` makes each node read what the others appended.
 */
export function databaseStore(db: Database): EmbeddedStore {
  const locked: EmbeddedStore["locked"] = (application, fn) =>
    db.transaction(async (tx) => {
      await lockJournal(tx, application);
      const writer: JournalWriter = {
        ...journalReader(tx),
        async append(app, writtenBy, entry: JournalEntry) {
          const payload = JSON.stringify(entry.payload);
          const rows = await tx.query<{ id: string | number }>(
            "insert into journal (application, kind, payload, written_by) values ($1, $2, $3, $4) returning id",
            [app, entry.kind, payload, writtenBy],
          );
          return { ...entry, position: Number(rows[0]?.id), bytes: payload.length };
        },
      };
      return fn(writer);
    });

  return {
    shared: db.kind === "postgres",
    ...journalReader(db),
    locked,

    saveCheckpoint(application, position, data) {
      return db.transaction(async (tx) => {
        await lockJournal(tx, application);
        const newest = await tx.query<{ position: string | number }>(
          `select max(position) as position from ${CHECKPOINTS} where application = $1`,
          [application],
        );
        const previous = Number(newest[0]?.position ?? 0);
        if (previous >= position) return false;
        await tx.query(
          `insert into ${CHECKPOINTS} (application, position, compacted_through, data) values ($1, $2, $3, $4)`,
          [application, position, previous, Buffer.from(data.buffer, data.byteOffset, data.byteLength)],
        );
        // The previous checkpoint stays as a fallback with the entries after it; what it covers goes.
        await tx.query(`delete from ${CHECKPOINTS} where application = $1 and position < $2`, [
          application,
          previous,
        ]);
        await tx.query("delete from journal where application = $1 and id <= $2", [application, previous]);
        return true;
      });
    },

    dropApplication(application) {
      return db.transaction(async (tx) => {
        await lockJournal(tx, application);
        await tx.query("delete from journal where application = $1", [application]);
        await tx.query(`delete from ${CHECKPOINTS} where application = $1`, [application]);
        await tx.query("delete from task_status where application = $1", [application]);
      });
    },

    async applicationsNamed(prefix) {
      // The prefix is matched as text, not as a LIKE pattern (an application name may hold _ or %).
      const rows = await db.query<{ application: string }>(
        "select distinct application from journal where left(application, length($1)) = $1",
        [prefix],
      );
      return rows.map((r) => r.application);
    },

    async taskStatuses(owner, application) {
      const rows = await db.query<{
        task_list: string;
        task: string;
        complete: boolean;
        completed_at: string | null;
      }>(
        "select task_list, task, complete, completed_at from task_status where owner = $1 and application = $2",
        [owner, application],
      );
      return rows.map(
        (r): TaskCompletion => ({
          taskListID: r.task_list,
          taskID: r.task,
          complete: r.complete,
          completedAt: r.completed_at,
        }),
      );
    },

    async saveTaskStatus(owner, application, t) {
      await db.query(
        `insert into task_status (owner, application, task_list, task, complete, completed_at, updated_at)
         values ($1, $2, $3, $4, $5, $6, now())
         on conflict (owner, application, task_list, task)
         do update set complete = excluded.complete, completed_at = excluded.completed_at, updated_at = now()`,
        [owner, application, t.taskListID, t.taskID, t.complete, t.completedAt],
      );
    },

    async preference(owner, application, name) {
      const rows = await db.query<{ value: string }>(
        "select value from user_preferences where owner = $1 and application = $2 and name = $3",
        [owner, application, name],
      );
      return rows[0]?.value ?? null;
    },

    async savePreference(owner, application, name, value) {
      await db.query(
        `insert into user_preferences (owner, application, name, value, updated_at) values ($1, $2, $3, $4, now())
         on conflict (owner, application, name) do update set value = excluded.value, updated_at = now()`,
        [owner, application, name, value],
      );
    },
  };
}
