import http from "node:http";
import { rawRequest } from "../packages/server/test/support/raw-http.ts";

/**
 * `/health` polled every 10 ms on a keep-alive connection of its own, as the stall benches measure the event
 * loop of a server under one hostile request.
 */
export class HealthPoll {
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  constructor(private readonly base: string) {}

  private async once(): Promise<number> {
    const t = performance.now();
    await rawRequest(`${this.base}/qibates/api/v2/health`, {}, null, this.agent, 300_000);
    return performance.now() - t;
  }

  /** The longest wait for `/health` over `ms` with nothing else running: the run's baseline. */
  async idle(ms: number): Promise<number> {
    let longest = 0;
    const end = performance.now() + ms;
    while (performance.now() < end) {
      longest = Math.max(longest, await this.once());
      await new Promise((res) => setTimeout(res, 10));
    }
    return longest;
  }

  /** Runs `work` while polling (30 ms before and after it): its result, its time and the longest `/health` wait. */
  async during<T>(work: () => Promise<T>): Promise<{ result: T; ms: number; longestWait: number }> {
    let polling = true;
    let longestWait = 0;
    const poller = (async () => {
      while (polling) {
        longestWait = Math.max(longestWait, await this.once());
        await new Promise((res) => setTimeout(res, 10));
      }
    })();
    await new Promise((res) => setTimeout(res, 30));
    const started = performance.now();
    const result = await work();
    const ms = performance.now() - started;
    await new Promise((res) => setTimeout(res, 30));
    polling = false;
    await poller;
    return { result, ms, longestWait };
  }

  close(): void {
    this.agent.destroy();
  }
}
