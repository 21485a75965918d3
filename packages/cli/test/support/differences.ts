import { expect } from "vitest";

/** How an example of the docs answered through a copy, where it differs from the demo server's answer. */
export interface DifferingAnswer {
  status: number;
  code?: string;
  body: unknown;
}

/**
 * The examples whose answer through a copy differs from the demo's are exactly those `expected` lists, and each
 * answers as listed: its status, its code if given, and its body if given (whole, or the part given when
 * `partialBody`).
 */
export function expectDifferences(
  differing: Record<string, DifferingAnswer>,
  expected: Record<string, { copy: { status: number; code?: string; body?: unknown } }>,
  partialBody: boolean,
): void {
  expect(Object.keys(differing).sort(), JSON.stringify(differing, null, 1).slice(0, 3000)).toEqual(
    Object.keys(expected).sort(),
  );
  for (const [key, d] of Object.entries(expected)) {
    const answer = differing[key];
    expect(answer?.status, key).toBe(d.copy.status);
    if (d.copy.code) expect(answer?.code, key).toBe(d.copy.code);
    if (d.copy.body === undefined) continue;
    if (partialBody) expect(answer?.body, key).toMatchObject(d.copy.body as object);
    else expect(answer?.body, key).toEqual(d.copy.body);
  }
}
