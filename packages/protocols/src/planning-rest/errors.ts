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

/** Why an answer cannot be read, in each language of the API's messages. */
export interface PlanningAnswerReason {
  readonly en: string;
  readonly fr: string;
}

/** A data slice answer (Export Form Data, `exportdataslice`: `what`) without its columns and rows. */
export function sliceWithoutColumns(what: string): PlanningAnswerReason {
  return {
    en: `${/^[AEIOU]/i.test(what) ? "an" : "a"} ${what} answer without columns and rows`,
    fr: `une réponse ${what} sans columns ni rows`,
  };
}

/** A row of a data slice answer (`what`) without its headers and data. */
export function sliceRowWithoutData(what: string): PlanningAnswerReason {
  return {
    en: `${/^[AEIOU]/i.test(what) ? "an" : "a"} ${what} row without headers and data`,
    fr: `une ligne ${what} sans headers ni data`,
  };
}

/** An answer a client cannot read: `reason` (English) completes "The server answered …"; `text` in each language. */
export class PlanningAnswerError extends Error {
  readonly reason: string;
  constructor(readonly text: PlanningAnswerReason) {
    super(text.en);
    this.reason = text.en;
  }
}

/**
 * What Planning answers (400) when a data entry form or a data slice holds more cells than its threshold, as a
 * live-tested client records it (terameta EPMToolBox splits its rows and retries on this text): the engine's data
 * slice and the Planning REST endpoint's form refuse in these words alike.
 */
export const DATA_ENTRY_THRESHOLD =
  "Unable to load the data entry form as the number of data entry cells exceeded the threshold.";
