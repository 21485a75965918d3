import type { ProviderError, ProviderText } from "@qibates/provider";
import { UNREADABLE } from "./unreadable.ts";

/**
 * What one call may read of a server's lists, every page and every list of the call together (rule
 * 5): a server that always answers `hasMore: true`, lists children without end, or names more dimensions or plan
 * types than any cube has, is refused as malformed (`UPSTREAM_MALFORMED`) rather than read until memory or time
 * runs out. Each answer read is bounded by itself (`NetworkPolicy.maxAnswerBytes`); this bounds their sum.
 */
export interface ListLimits {
  /** Items listed (members, dimensions, plan types, rows), all answers together. */
  items: number;
  /** Answers read (pages, one per parent, one per dimension…). */
  answers: number;
  /** Bytes of those answers, as the client read them. */
  bytes: number;
}

/**
 * One million items is five times the largest outlines Oracle documents for a dimension build; an outline read
 * asks at most one page per member with children, a quarter of the items at most in practice; a gibibyte holds a
 * million members at a kilobyte each (aliases, formulas and all).
 */
export const LIST_LIMITS: Readonly<ListLimits> = { items: 1_000_000, answers: 250_000, bytes: 1024 ** 3 };

/** The largest number of items one call reads ({@link LIST_LIMITS}). */
export const MAX_LISTED_ITEMS = LIST_LIMITS.items;

/** What a budget needs of a connector's client. */
export interface ListedClient {
  /** Bytes of every answer the client has read since it was made. */
  readonly bytesRead: number;
  /** The limits of a call's lists (`NetworkPolicy.listLimits`, else {@link LIST_LIMITS}). */
  readonly listLimits: Readonly<ListLimits>;
  /** The client's error for a malformed answer (`UPSTREAM_MALFORMED`). */
  malformed(reason: ProviderText): ProviderError;
}

/** What one call has read so far of a client's lists, against the client's limits. */
export class ListBudget {
  private items = 0;
  private answers = 0;
  private readonly bytesBefore: number;
  readonly limits: Readonly<ListLimits>;

  constructor(
    private readonly client: ListedClient,
    limits: Partial<ListLimits> = {},
  ) {
    this.limits = { ...LIST_LIMITS, ...client.listLimits, ...limits };
    this.bytesBefore = client.bytesRead;
  }

  /**
   * Counts one answer read, listing `n` items, of `what` (named in the error); throws the client's
   * malformed-answer error past any limit. The bytes are the client's since the budget was made: a call made at
   * the same time on the same client counts too (stricter at worst).
   */
  take(n: number, what: string): void {
    this.items += n;
    this.answers++;
    const { items, answers, bytes } = this.limits;
    if (this.items > items) throw this.client.malformed(UNREADABLE.tooManyItems(what, items));
    if (this.answers > answers) {
      throw this.client.malformed(UNREADABLE.tooManyAnswers(what, answers));
    }
    if (this.client.bytesRead - this.bytesBefore > bytes) {
      throw this.client.malformed(UNREADABLE.tooManyBytes(what, bytes));
    }
  }
}
