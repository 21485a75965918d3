import type { EmbeddedStore, JournalEntry } from "@qibates/connectors/embedded";
import type { TaskCompletion } from "@qibates/engine/planning";
import type { Database } from "./database.ts";

/**
 * The embedded provider's storage over the server's database (PGlite or PostgreSQL): the `journal` of each
 * demo application, and each user's task status and preferences.
 */
export function databaseStore(db: Database): EmbeddedStore {
  return {
    async journal(application) {
      const rows = await db.query<{ kind: string; payload: unknown }>(
        "select kind, payload from journal where application = $1 order by id",
        [application],
      );
      return rows.map(
        (r): JournalEntry => ({
          kind: r.kind,
          payload: typeof r.payload === "string" ? JSON.parse(r.payload) : r.payload,
        }),
      );
    },

    journaled(application, writtenBy, change) {
      return db.transaction(async (tx) => {
        const { result, entry } = change();
        if (entry) {
          await tx.query(
            "insert into journal (application, kind, payload, written_by) values ($1, $2, $3, $4)",
            [application, entry.kind, JSON.stringify(entry.payload), writtenBy],
          );
        }
        return result;
      });
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
