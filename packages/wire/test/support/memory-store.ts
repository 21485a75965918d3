import type { EmbeddedStore, JournalEntry } from "@qibates/connectors/embedded";
import type { TaskCompletion } from "@qibates/engine/planning";

/** An EmbeddedStore in memory: the journal and per-user state of one test run. */
export function memoryStore(): EmbeddedStore & {
  entries: { application: string; writtenBy: string; entry: JournalEntry }[];
} {
  const entries: { application: string; writtenBy: string; entry: JournalEntry }[] = [];
  const tasks = new Map<string, TaskCompletion[]>();
  const preferences = new Map<string, string>();
  return {
    entries,
    async journal(application) {
      return entries.filter((e) => e.application === application).map((e) => e.entry);
    },
    async journaled(application, writtenBy, change) {
      const { result, entry } = change();
      if (entry) entries.push({ application, writtenBy, entry });
      return result;
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
