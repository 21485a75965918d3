/** Starts the product (`scripts/start.mjs`) on a free port with a throw-away data folder; see start-product.mjs. */
export function startProduct(options?: {
  timeoutMs?: number;
  dataDirPrefix?: string;
}): Promise<{ url: string; stop: () => Promise<void> }>;
