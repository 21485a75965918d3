import { ProviderError, type ProviderText } from "@qibates/provider";
import { describe, expect, it } from "vitest";
import type { EssbaseRestClient } from "../src/essbase-rest/client.ts";
import { ListBudget, MAX_LISTED_ITEMS, readPages } from "../src/essbase-rest/paging.ts";
import { LIST_LIMITS } from "../src/net/list-budget.ts";

/**
 * A client whose `get` answers what `page` makes of the offset asked, counts the calls, and counts the bytes
 * of each answer as its JSON text's length.
 */
function fakeClient(page: (offset: number) => { items: unknown[]; hasMore: boolean }) {
  let calls = 0;
  const fake = {
    bytesRead: 0,
    listLimits: LIST_LIMITS,
    get: async (url: string) => {
      calls++;
      const answer = page(Number(/offset=(\d+)/.exec(url)?.[1] ?? 0));
      fake.bytesRead += JSON.stringify(answer).length;
      return answer;
    },
    malformed: (reason: ProviderText) => new ProviderError("UPSTREAM_MALFORMED", `malformed: ${reason.en}`),
  };
  const client = fake as unknown as EssbaseRestClient;
  return { client, calls: () => calls };
}

/** What reading `/outline` page by page through `client` within `limits` ends with: its error, or null. */
const outlineError = (client: EssbaseRestClient, limits: ConstructorParameters<typeof ListBudget>[1]) =>
  readPages(client, "/outline", (o) => `/outline?offset=${o}`, new ListBudget(client, limits)).then(
    () => null,
    (e: unknown) => e,
  );

describe("paged lists of an Essbase REST server", () => {
  it("stop a server that always says hasMore at the call's budget, as a malformed answer", async () => {
    const { client, calls } = fakeClient(() => ({
      items: Array.from({ length: 500 }, (_, i) => i),
      hasMore: true,
    }));
    const error = await outlineError(client, { items: 10_000 });
    expect(error).toBeInstanceOf(ProviderError);
    expect(String((error as Error).message)).toMatch(/more than 10,000 items/);
    expect(calls()).toBe(21);
  });

  it("stop a server that always says hasMore, one item a page, at the call's number of answers", async () => {
    const { client, calls } = fakeClient((offset) => ({ items: [offset], hasMore: true }));
    const error = await outlineError(client, { answers: 50 });
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).code).toBe("UPSTREAM_MALFORMED");
    expect((error as Error).message).toMatch(/needs more than 50 answers in one call/);
    expect(calls()).toBe(51);
  });

  it("stop a server that answers few, large items at the call's bytes", async () => {
    const { client, calls } = fakeClient(() => ({ items: ["x".repeat(100_000)], hasMore: true }));
    const error = await outlineError(client, { bytes: 1_000_000 });
    expect((error as ProviderError).code).toBe("UPSTREAM_MALFORMED");
    expect((error as Error).message).toMatch(/answers more than 1,000,000 bytes in one call/);
    expect(calls()).toBe(10);
  });

  it("count every list of one call against one budget", async () => {
    const { client } = fakeClient((offset) => ({ items: offset === 0 ? [1, 2, 3] : [], hasMore: false }));
    const budget = new ListBudget(client, { items: 7 });
    await readPages(client, "/a", (o) => `/a?offset=${o}`, budget);
    await readPages(client, "/b", (o) => `/b?offset=${o}`, budget);
    await expect(readPages(client, "/c", (o) => `/c?offset=${o}`, budget)).rejects.toThrow(
      /more than 7 items/,
    );
  });

  it("read a page of 300,000 items whole (no spread of the page as call arguments)", async () => {
    const big = Array.from({ length: 300_000 }, (_, i) => i);
    const { client } = fakeClient((offset) => ({ items: offset === 0 ? big : [], hasMore: false }));
    const items = await readPages(client, "/big", (o) => `/big?offset=${o}`, new ListBudget(client));
    expect(items.length).toBe(300_000);
    expect(items[299_999]).toBe(299_999);
    expect(MAX_LISTED_ITEMS).toBeGreaterThanOrEqual(300_000);
  });
});
