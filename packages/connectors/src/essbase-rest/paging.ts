import type { ListBudget } from "../net/list-budget.ts";
import { UNREADABLE } from "../net/unreadable.ts";
import type { EssbaseRestClient } from "./client.ts";

export { ListBudget, MAX_LISTED_ITEMS } from "../net/list-budget.ts";

/**
 * Every item of a paged list (`items`, `hasMore`), the next page asked from where the last one ended (a server
 * may answer fewer than `limit`), each page counted against `budget` (the call's, `net/list-budget.ts`). Items
 * are appended one by one: a page of hundreds of thousands of items is not spread as call arguments.
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
    if (!Array.isArray(page.items)) throw client.malformed(UNREADABLE.noItems(path));
    budget.take(page.items.length, path);
    for (const item of page.items) out.push(item);
    if (!page.hasMore || page.items.length === 0) return out;
    offset += page.items.length;
  }
}
