import type { ProviderError } from "@qibates/provider";
import { describe, expect, it, vi } from "vitest";
import { CUBE, useEssbaseRest } from "./support/essbase-rest.ts";

/**
 * A failed Essbase job's `statusMessage` is the server's words: it reaches the API's message bounded like
 * every upstream message (one line, 300 characters), never copied whole.
 */

const f = useEssbaseRest();

describe("essbase-stndln: a failed calculation job", () => {
  it("bounds the job's statusMessage to one line of 300 characters", async () => {
    const scripts = await f.connector.essbase.scripts(f.remote, CUBE);
    const name = scripts.scripts[0]?.name as string;
    const { client } = f.connector.upstream(f.remote);
    const post = client.post.bind(client);
    const spy = vi.spyOn(client, "post").mockImplementation(async <T>(path: string, body: unknown) => {
      if (path !== "/jobs") return post<T>(path, body);
      return { job_ID: 1, statusCode: 400, statusMessage: `Line one\nline two ${"x".repeat(5000)}` } as T;
    });
    try {
      const failed = (await f.connector.essbase
        .calculate(f.remote, CUBE, name)
        .catch((e: unknown) => e)) as ProviderError;
      expect(failed.code).toBe("CALC_FAILED");
      const reason = (failed.params as { reason: string }).reason;
      expect(reason).toMatch(/^Line one line two x+\.\.\.$/);
      expect(reason.length).toBe(300);
      expect(failed.message).not.toContain("\n");
      expect(failed.message.length).toBeLessThan(400);
    } finally {
      spy.mockRestore();
    }
  });
});
