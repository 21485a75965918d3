// What a captured case of the answer key records, read without the product: the connectors a case can be replayed
// through, and whether it records Essbase's answer. `qibates-replay` reads it before it loads the engine or the
// product (`answer-key.ts`, `answer-key-engine.ts`).

/** The connectors a case can be replayed through, with the wire endpoint each one reaches. */
export const REPLAY_CONNECTORS = {
  "essbase-stndln": { endpoint: "essbase-rest", suffix: "/essbase/japi" },
  ssas: { endpoint: "xmla", suffix: "/aps/JAPI" },
  essbase: { endpoint: "smartview", suffix: "/aps/JAPI" },
} as const;
export type ReplayConnector = keyof typeof REPLAY_CONNECTORS;

export function isRecord(v: unknown): v is Record<string, unknown> {
  return !!v && typeof v === "object" && !Array.isArray(v);
}

/** The case's refusal message, when Essbase refused the operation. */
export function refusalOf(doc: unknown): string | null {
  if (!isRecord(doc)) return null;
  const result = isRecord(doc.result) ? doc.result : undefined;
  for (const v of [doc.refused, doc.error, result?.error, result?.message])
    if (typeof v === "string") return v;
  return null;
}

/**
 * Whether a case records what Essbase answered to compare with: its result's sheet (`result.cells`) or its
 * refusal ({@link refusalOf}).
 */
export function recordsAnswer(doc: unknown): boolean {
  if (refusalOf(doc) !== null) return true;
  return isRecord(doc) && isRecord(doc.result) && Array.isArray(doc.result.cells);
}
