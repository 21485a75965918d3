/** Starts the product (`scripts/start.mjs`) on a free port with a throw-away data folder; see start-product.mjs. */
export function startProduct(options?: {
  timeoutMs?: number;
  dataDirPrefix?: string;
  /** The port to listen on (default 0: any free port). */
  port?: number;
}): Promise<{ url: string; stop: () => Promise<void> }>;
