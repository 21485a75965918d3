/**
 * Planning's error body: the fields Oracle's pages list (`status`, `detail`, `message`, `localizedMessage`).
 * Its newer fields (`errorPath`, `title`, `errorCode`, `errorDetails`) are not written: no page shows their
 * values. `message` is kept although Oracle's chapter says it was removed: pbj-pbcs-client reads it.
 */
export interface PlanningErrorBody {
  status: number;
  detail: string;
  message: string;
  localizedMessage: string;
}

export function planningErrorBody(status: number, message: string): PlanningErrorBody {
  return { status, detail: message, message, localizedMessage: message };
}

/**
 * Data Management's error: its answers carry `status` (its job codes: 1 = error) and `details` (Oracle's Data
 * Integration "Retrieve Job Status" page); the HTTP status says what went wrong.
 */
export interface DataManagementErrorBody {
  status: 1;
  details: string;
}

export function dataManagementErrorBody(message: string): DataManagementErrorBody {
  return { status: 1, details: message };
}

/** The challenge of a call without credentials. */
export const BASIC_CHALLENGE = 'Basic realm="EPM"';

/** A request body or query a server refuses: the message goes to the client as a 400. */
export class PlanningRequestError extends Error {}

/** An answer a client cannot read: `reason` completes "The server answered …". */
export class PlanningAnswerError extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}
