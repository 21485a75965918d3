/**
 * Errors a provider answers, in domain terms. The API server maps each code to one registry code
 * (`QB_ERR_*`) and its HTTP status, in one place (`packages/server/src/provider-errors.ts`); a provider
 * knows nothing of HTTP.
 */
import { quantity } from "./error-codes.ts";

export type ProviderErrorCode =
  /** The input does not make sense for this operation (a missing form name, a bad filter argument). */
  | "INVALID_INPUT"
  | "LOGIN_FAILED"
  /** No provider can serve this address (no client for that server's protocol yet). */
  | "NO_CONNECTOR"
  /** The operation or option is not available on this kind of server (capability table). */
  | "UNSUPPORTED"
  | "SERVER_UNKNOWN"
  | "APPLICATION_UNKNOWN"
  | "CUBE_UNKNOWN"
  | "DIMENSION_UNKNOWN"
  | "MEMBER_UNKNOWN"
  | "ALIAS_TABLE_UNKNOWN"
  | "SCRIPT_UNKNOWN"
  | "CALC_FAILED"
  | "GRID_INVALID"
  /** The answer would exceed the caller's cell budget (`GridInput.maxCells`); params `cells` and `max`. */
  | "GRID_TOO_LARGE"
  | "SELECTION_INVALID"
  /** An MDX query that is not MDX; params `token`, `line`, `column` (1-based), `reason`. */
  | "MDX_SYNTAX"
  /** An MDX query that cannot run (unknown function, wrong argument, another cube); same params. */
  | "MDX_INVALID"
  | "PIVOT_LAST_DIMENSION"
  | "FOLDER_UNKNOWN"
  | "FORM_UNKNOWN"
  | "FORM_TYPE_MISMATCH"
  | "CELL_TOO_LONG"
  | "RULE_UNKNOWN"
  | "PROMPT_UNKNOWN"
  | "PROMPT_MISSING"
  | "PROMPT_INVALID"
  | "RULE_FAILED"
  | "TASKLIST_UNKNOWN"
  | "TASK_UNKNOWN"
  /** The server (or the embedded engine) could not do what was asked, with its own message. */
  | "PROVIDER_FAILED"
  /** The provider address's host is not on the allow-list (checked again before any connection). */
  | "HOST_NOT_ALLOWED"
  /** The host resolves to a loopback, private, link-local or metadata address and is not listed exactly. */
  | "ADDRESS_INTERNAL"
  /**
   * The server gave no usable answer: no such name, the connection refused, reset or timed out, its TLS
   * certificate not trusted, a redirect, or an HTTP error without the protocol's own message. One error for
   * all of them (`upstreamUnreachable`), so that a caller cannot tell which ports are open; the cause is logged.
   */
  | "UPSTREAM_UNREACHABLE"
  /** The server answered something that is not what its protocol says (bad JSON, missing fields). */
  | "UPSTREAM_MALFORMED"
  /**
   * A save's grid was read (its `dataVersion`) before another change to cells it writes: nothing was written;
   * `conflicts` lists those cells.
   */
  | "SAVE_CONFLICT"
  /** The provider holds no upstream session for this API session any more (restart, other node): log in again. */
  | "SESSION_LOST"
  /**
   * Refused for now, to be tried again in `seconds` (param): a background job past its owner's or the server's
   * bound (`jobs.ts`), or a server's own 429 (too many requests or failed logins), its message without the path
   * it was asked at.
   */
  | "BUSY";

/** A parameter worded in each language of the API's messages (a reason QiBates writes itself). */
export interface ProviderText {
  readonly en: string;
  readonly fr: string;
}

/**
 * The reason of a rule or calculation job that QiBates stopped waiting for after `seconds`: it keeps running on the
 * server, under its job number, in each language of the API's messages.
 */
export function jobStillRunning(seconds: number, job: string | number): ProviderText {
  const s = quantity(seconds);
  return {
    en: `still running after ${s.en} s (job ${job}); it keeps running on the server`,
    fr: `toujours en cours après ${s.fr}\u202fs (travail ${job})\u202f; le travail se poursuit sur le serveur`,
  };
}

/**
 * The reason of a calculation script that QiBates stopped waiting for after `seconds` where the server gives no job
 * number (Essbase 11.x runs it within the call): it keeps running on the server.
 */
export function scriptStillRunning(seconds: number): ProviderText {
  const s = quantity(seconds);
  return {
    en: `still running after ${s.en} s; it keeps running on the server`,
    fr: `toujours en cours après ${s.fr}\u202fs\u202f; le calcul se poursuit sur le serveur`,
  };
}

/**
 * The reason of a business rule that QiBates stopped waiting for after `seconds` before the server gave its job
 * number (the launch itself was not answered): it keeps running on the server.
 */
export function ruleStillRunning(seconds: number): ProviderText {
  const s = quantity(seconds);
  return {
    en: `still running after ${s.en} s; it keeps running on the server`,
    fr: `toujours en cours après ${s.fr}\u202fs\u202f; la règle se poursuit sur le serveur`,
  };
}

/** Rule names as a message lists them: each between quotes, in the language's own. */
function ruleList(rules: readonly string[]): ProviderText {
  return { en: rules.map((r) => `"${r}"`).join(", "), fr: rules.map((r) => `«\u00a0${r}\u00a0»`).join(", ") };
}

/**
 * The reason of a form's rule on save, launched after another of the same submit, that QiBates stopped waiting
 * for when the `seconds` the submit's rules on save share (CALC_JOB_TIMEOUT_SECONDS, counted from the first
 * one's launch) ran out: it keeps running on the server, under its job number when the server gave one.
 */
export function onSaveRuleStillRunning(seconds: number, job?: string | number): ProviderText {
  const s = quantity(seconds);
  const en = `still running when the ${s.en} s the form's rules on save share ran out`;
  const fr = `toujours en cours à la fin des ${s.fr}\u202fs que partagent les règles à l'enregistrement du formulaire`;
  return job === undefined
    ? { en: `${en}; it keeps running on the server`, fr: `${fr}\u202f; la règle se poursuit sur le serveur` }
    : {
        en: `${en} (job ${job}); it keeps running on the server`,
        fr: `${fr} (travail ${job})\u202f; le travail se poursuit sur le serveur`,
      };
}

/**
 * `reason` (a form's rule on save still running) followed by the rules of the same submit that were not launched,
 * the time they share having run out: to run once that rule has ended.
 */
export function withRulesNotLaunched(reason: ProviderText, rules: readonly string[]): ProviderText {
  if (rules.length === 0) return reason;
  const list = ruleList(rules);
  const one = rules.length === 1;
  return {
    en: `${reason.en}; not launched: ${list.en} (run ${one ? "it" : "them"} once it has ended)`,
    fr: `${reason.fr}\u202f; ${one ? "non lancée" : "non lancées"}\u00a0: ${list.fr} (exécutez-${one ? "la" : "les"} une fois celle-ci terminée)`,
  };
}

/**
 * `text` as the sentence before another: ended by a full stop and a space, or nothing when there is no text (a
 * prompt refused without the server's words), so that what follows stands alone.
 */
export function sentenceBefore(text: string): string {
  return text === "" ? "" : /[.!?]$/.test(text) ? `${text} ` : `${text}. `;
}

/**
 * `reason` (a form's rule on save that failed: the server's words, or the job's number and status, and what became
 * of the form's cells) followed by the rules of the same submit after it, which were not launched: the caller runs
 * them once the cause is corrected, knowing which they are without asking the form's author.
 */
export function withRulesNotLaunchedAfterFailure(
  reason: string | ProviderText,
  rules: readonly string[],
): string | ProviderText {
  if (rules.length === 0) return reason;
  const text = typeof reason === "string" ? { en: reason, fr: reason } : reason;
  const list = ruleList(rules);
  const one = rules.length === 1;
  return {
    en: `${sentenceBefore(text.en)}${one ? "The rule on save after it was" : "The rules on save after it were"} not launched: ${list.en} (run ${one ? "it" : "them, in this order,"} once the cause is corrected).`,
    fr: `${sentenceBefore(text.fr)}${one ? "La règle à l'enregistrement suivante n'a pas été lancée" : "Les règles à l'enregistrement suivantes n'ont pas été lancées"}\u00a0: ${list.fr} (exécutez-${one ? "la" : "les"}${one ? "" : " dans cet ordre"} une fois la cause corrigée).`,
  };
}

/**
 * The reason of a form's rule on save that QiBates did not launch, nor `others` after it, because the `seconds`
 * the submit's rules on save share (CALC_JOB_TIMEOUT_SECONDS, counted from the first one's launch) had run out
 * when the rule before it ended.
 */
export function onSaveRuleNotLaunched(seconds: number, others: readonly string[]): ProviderText {
  const list = ruleList(others);
  const s = quantity(seconds);
  const many = others.length > 0;
  return {
    en: `not launched${many ? `, nor ${list.en},` : ""} the ${s.en} s the form's rules on save share having run out; run ${many ? "them" : "it"} yourself`,
    fr: `non lancée${many ? `, pas plus que ${list.fr},` : ""} les ${s.fr}\u202fs que partagent les règles à l'enregistrement du formulaire étant écoulées\u202f; exécutez-${many ? "les" : "la"} vous-même`,
  };
}

export type ProviderErrorParams = Readonly<Record<string, string | number | ProviderText>>;

export class ProviderError extends Error {
  override readonly name = "ProviderError";
  /**
   * The HTTP status of the server's answer this error stands for, when a server answered one (`Upstreams.failure`
   * sets it, not enumerable: it is no parameter of the registry's message and is never answered to a caller);
   * absent for a network failure or a timeout. A client that retries (`qibates-snapshot`) tells by it a refusal
   * from a failure that may pass.
   */
  declare readonly upstreamStatus?: number;
  /**
   * `true` when the request's own wait for its answer (`answerTimeoutMs`: a call the server answers only when its
   * work ends) ran out before the server started answering (set by `Upstreams`, not enumerable): the server is
   * still working, which the caller may say rather than that it is unreachable.
   */
  declare readonly answerWaitEnded?: true;

  /**
   * @param params the parameters of the registry's message template for this code; `null` when only the
   *   (English) `message` says what went wrong.
   * @param field the input at fault (`grid[3][1]`, `action.script`, `prompts[0]`), or `null`.
   */
  constructor(
    readonly code: ProviderErrorCode,
    message: string,
    readonly params: ProviderErrorParams | null = null,
    readonly field: string | null = null,
    /** The grid cells at fault, for `SAVE_CONFLICT`. */
    readonly conflicts: readonly { row: number; column: number }[] | null = null,
  ) {
    super(message);
  }
}

/** The reason `upstreamUnreachable` gives, whatever happened: the cause is in the server's log only. */
export const UNREACHABLE_REASON: ProviderText = {
  en: "no usable answer (the connection was refused, reset or timed out, or the server answered an error); the QiBates log tells which",
  fr: "aucune réponse exploitable (connexion refusée, interrompue ou expirée, ou erreur renvoyée par le serveur)\u202f; le journal de QiBates précise laquelle",
};

/**
 * The one error for a server at `address` (an origin) that gave no usable answer: the same code, message and
 * parameters whether its port refused the connection, reset it, timed out, or answered an HTTP error.
 */
export function upstreamUnreachable(address: string): ProviderError {
  return new ProviderError("UPSTREAM_UNREACHABLE", `Cannot reach ${address}: ${UNREACHABLE_REASON.en}.`, {
    address,
    reason: UNREACHABLE_REASON,
  });
}

/**
 * What a save's cells became when the server failed after they were written: the grid's (`action/save`) or the
 * form's (`action/submitform`), in each language of the API's messages.
 */
export const CELLS_WRITTEN_BEFORE_FAILURE = {
  grid: {
    en: "the cells were written before this failure: refresh the grid to see them",
    fr: "les cellules ont été écrites avant cet échec\u00a0: actualisez la grille pour les voir",
  },
  form: {
    en: "the form's cells were saved before this failure: open the form again to see them",
    fr: "les cellules du formulaire ont été enregistrées avant cet échec\u00a0: rouvrez le formulaire pour les voir",
  },
} as const satisfies Record<string, ProviderText>;

/**
 * What a save's cells may have become when the server failed on the request that writes them: a connection cut
 * after the request was sent, or an answer lost, may come after the server wrote them; QiBates cannot tell.
 */
export const CELLS_MAYBE_WRITTEN = {
  grid: {
    en: "the cells may have been written: refresh the grid before you save again",
    fr: "les cellules ont pu être écrites\u00a0: actualisez la grille avant de soumettre de nouveau",
  },
  form: {
    en: "the form's cells may have been saved: open the form again before you submit again",
    fr: "les cellules du formulaire ont pu être enregistrées\u00a0: rouvrez le formulaire avant de le soumettre de nouveau",
  },
} as const satisfies Record<string, ProviderText>;

/**
 * `e`, thrown by a save after the request that writes its cells was sent (the write's own answer lost, a read-back,
 * a rule launch that failed after the write): a server that gave no usable or readable answer then says, after its
 * reason, what became of the cells (`cells`: written, or may have been), so that the caller does not take the save
 * for lost, nor type the cells again unseen.
 */
export function afterCellsWritten(e: unknown, written: ProviderText): unknown {
  return withNote(e, written);
}

/**
 * `e`, thrown while following job `job` (a business rule, a calculation script) the server had launched: a server
 * that gave no usable or readable answer to a reading of its status then says, after its reason, that the job was
 * launched and may still run, so that the caller does not launch it a second time before it has ended.
 */
export function afterJobLaunched(e: unknown, job: string | number): unknown {
  return withNote(e, {
    en: `job ${job} was launched and may still be running on the server: check that it has ended before running it again`,
    fr: `le travail ${job} a été lancé et peut encore être en cours sur le serveur\u00a0: vérifiez qu'il est terminé avant de le relancer`,
  });
}

/**
 * `e` with `note` after its reason when the server gave no usable or readable answer (`UPSTREAM_UNREACHABLE`,
 * `UPSTREAM_MALFORMED`, whose reasons QiBates writes); any other error as it is: it says what it is about itself.
 */
function withNote(e: unknown, note: ProviderText): unknown {
  if (
    !(e instanceof ProviderError) ||
    (e.code !== "UPSTREAM_UNREACHABLE" && e.code !== "UPSTREAM_MALFORMED")
  ) {
    return e;
  }
  const reason = e.params?.reason;
  if (reason === undefined || typeof reason === "number") return e;
  const text = typeof reason === "string" ? { en: reason, fr: reason } : reason;
  return new ProviderError(
    e.code,
    `${e.message} ${note.en}.`,
    { ...e.params, reason: { en: `${text.en}; ${note.en}`, fr: `${text.fr}\u202f; ${note.fr}` } },
    e.field,
    e.conflicts,
  );
}

/**
 * An upstream text made safe to carry: one line (control characters and white space runs as one space),
 * at most `max` characters (300 by default, the most a protocol's own error message is passed on).
 */
export function oneLine(s: string, max = 300): string {
  let text = "";
  for (const ch of s.slice(0, max * 4)) {
    const c = ch.charCodeAt(0);
    text += c < 32 || c === 127 ? " " : ch;
  }
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > max ? `${line.slice(0, max - 3)}...` : line;
}

/** `SERVER_UNKNOWN` for a server name no provider lists. */
export function serverUnknown(server: string): ProviderError {
  return new ProviderError("SERVER_UNKNOWN", `Unknown server ${server}.`, { server }, "server");
}

/** `APPLICATION_UNKNOWN` for an application name `server` does not list. */
export function applicationUnknown(application: string, server: string): ProviderError {
  return new ProviderError(
    "APPLICATION_UNKNOWN",
    `Unknown application ${application}.`,
    { application, server },
    "application",
  );
}

/** `CUBE_UNKNOWN` for a cube name `application` does not list. */
export function cubeUnknown(cube: string, application: string): ProviderError {
  return new ProviderError("CUBE_UNKNOWN", `Unknown cube ${cube}.`, { cube, application }, "cube");
}
