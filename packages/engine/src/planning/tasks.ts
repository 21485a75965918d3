import type { TaskListDefinition, TaskType } from "./definitions.ts";
import { PlanningError } from "./errors.ts";

/** The completion of one task for one user, as the server stores it. */
export interface TaskCompletion {
  taskListID: string;
  taskID: string;
  complete: boolean;
  /** ISO 8601 UTC timestamp (`2026-11-21T09:31:27Z`) when marked complete, `null` otherwise. */
  completedAt: string | null;
}

/**
 * Where a user's task completions live. Task status is per user, never part of the shared application:
 * the server implements this on its database (or passes the user's rows to `listTaskLists`).
 */
export interface TaskStatusStore {
  get(taskListID: string, taskID: string): TaskCompletion | undefined;
  set(status: TaskCompletion): void;
  all(): TaskCompletion[];
}

/** A {@link TaskStatusStore} in memory, one per user (tests, single-user embedding). */
export class MemoryTaskStatusStore implements TaskStatusStore {
  private readonly rows = new Map<string, TaskCompletion>();
  get(taskListID: string, taskID: string): TaskCompletion | undefined {
    return this.rows.get(`${taskListID}\u0000${taskID}`);
  }
  set(status: TaskCompletion): void {
    this.rows.set(`${status.taskListID}\u0000${status.taskID}`, { ...status });
  }
  all(): TaskCompletion[] {
    return [...this.rows.values()];
  }
}

export interface TaskInfo {
  taskID: string;
  name: string;
  type: TaskType;
  target: string | null;
  dueDate: string | null;
  complete: boolean;
  completedAt: string | null;
}

export interface TaskListInfo {
  taskListID: string;
  name: string;
  tasks: TaskInfo[];
}

export function listTaskLists(
  lists: readonly TaskListDefinition[],
  statuses: Iterable<TaskCompletion>,
): { taskLists: TaskListInfo[] } {
  const done = new Map<string, TaskCompletion>();
  for (const s of statuses) done.set(`${s.taskListID}\u0000${s.taskID}`, s);
  return {
    taskLists: [...lists]
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((l) => ({
        taskListID: l.taskListID,
        name: l.name,
        tasks: l.tasks.map((t) => {
          const s = done.get(`${l.taskListID}\u0000${t.taskID}`);
          return {
            taskID: t.taskID,
            name: t.name,
            type: t.type,
            target: t.target,
            dueDate: t.dueDate,
            complete: s?.complete ?? false,
            completedAt: s?.complete ? s.completedAt : null,
          };
        }),
      })),
  };
}

/** ISO 8601 UTC to the second. */
export function isoSeconds(d: Date): string {
  return d.toISOString().replace(/\.\d{3}Z$/, "Z");
}

/**
 * The new status of a task (to store). Setting the status a task already has changes nothing: the previous
 * row (and its `completedAt`) is answered.
 */
export function nextTaskStatus(
  lists: readonly TaskListDefinition[],
  taskListID: string,
  taskID: string,
  complete: boolean,
  current: TaskCompletion | undefined,
  now: Date,
): TaskCompletion {
  const list = lists.find((l) => l.taskListID.toLowerCase() === String(taskListID).toLowerCase());
  if (!list) {
    throw new PlanningError("PLANNING_TASKLIST_UNKNOWN", `Unknown task list "${taskListID}".`, "taskListID", {
      params: { taskList: String(taskListID) },
    });
  }
  const task = list.tasks.find((t) => t.taskID.toLowerCase() === String(taskID).toLowerCase());
  if (!task) {
    throw new PlanningError(
      "PLANNING_TASK_UNKNOWN",
      `Task list ${list.taskListID} has no task "${taskID}".`,
      "taskID",
      { params: { task: String(taskID), taskList: list.taskListID } },
    );
  }
  const was = current?.complete ?? false;
  if (was === complete) {
    return {
      taskListID: list.taskListID,
      taskID: task.taskID,
      complete,
      completedAt: complete ? (current?.completedAt ?? null) : null,
    };
  }
  return {
    taskListID: list.taskListID,
    taskID: task.taskID,
    complete,
    completedAt: complete ? isoSeconds(now) : null,
  };
}
