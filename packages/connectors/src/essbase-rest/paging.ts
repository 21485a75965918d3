import type { EssbaseRestClient } from "./client.ts";

/**
 * What one call may read of a server's paged lists, all pages and lists together: a server that always answers
 * `hasMore: true`, or lists more members than any outline holds, is refused as malformed rather than read
 * until memory runs out. One million items is five times the largest outlines Oracle documents for a dimension
 * build; a page is at least one item, so the page count is bounded by the same number.
 */
export const MAX_LISTED_ITEMS = 1_000_000;

/** Items read so far by one call, across every paged list it reads. */
export class ListBudget {
  private count = 0;
  constructor(
    private readonly client: EssbaseRestClient,
    readonly max = MAX_LISTED_ITEMS,
  ) {}

  /** Counts `n` more items; throws the client's malformed-answer error past the budget. */
  take(n: number, path: string): void {
    this.count += n;
    if (this.count > this.max) {
      throw this.client.malformed(`${path} lists more than ${this.max} items in one call`);
    }
  }
}

/**
 * Every item of a paged list (`items`, `hasMore`), the next page asked from where the last one ended (a server
 * may answer fewer than `limit`), counted against `budget`. Items are appended one by one: a page of hundreds
 * of thousands of items is not spread as call arguments.
 */
export async function readPages<T>(
  client: EssbaseRestClient,
  path: string,
  pageUrl: (offset: number) => string,
  budget: ListBudget,
): Promise<T[]> {
  const out: T[] = [];
  for (let offset = 0; ; ) {
    const page = await client.get<{ items?: T[]; hasMore?: boolean }>(pageUrl(offset));
    if (!Array.isArray(page.items)) throw client.malformed(`${path} without an items list`);
    budget.take(page.items.length, path);
    for (const item of page.items) out.push(item);
    if (!page.hasMore || page.items.length === 0) return out;
    offset += page.items.length;
  }
}
