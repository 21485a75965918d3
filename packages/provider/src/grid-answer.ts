/**
 * The answer of a grid call (a grid operation, an MDX query laid out as a grid, a save), as a provider returns it:
 * either the answer itself (`value`), or the UTF-8 JSON of it as a grid worker wrote it (`json`,
 * `embedded/grid-workers.ts`), which the server sends as it is and whose grid's size is known without parsing it.
 * Whoever reads an answer handles both: {@link answerValue} parses a `json` one (a wire endpoint, a test),
 * {@link answerGridSize} and {@link withDataVersion} read and extend it without parsing.
 */

/** Rows and columns of an answer's grid. */
export interface GridSize {
  rows: number;
  columns: number;
}

/** The answer of a grid call: the object itself, or its UTF-8 JSON (see the module's comment). */
export type GridAnswer<T> =
  | { readonly kind: "value"; readonly value: T }
  | {
      readonly kind: "json";
      /** The UTF-8 JSON of an object with the top-level `keys`, in that order. */
      readonly bytes: Uint8Array;
      /** Rows and columns of its `grid`. */
      readonly size: GridSize;
      readonly keys: readonly string[];
    };

/** `value` as a grid call's answer. */
export function valueAnswer<T>(value: T): GridAnswer<T> {
  return { kind: "value", value };
}

/**
 * The answer whose UTF-8 JSON is `bytes`: an object with the top-level `keys`, whose `grid` has `rows` ×
 * `columns` cells (a grid worker's, which knows them).
 */
export function jsonAnswer<T>(bytes: Uint8Array, size: GridSize, keys: readonly string[]): GridAnswer<T> {
  return { kind: "json", bytes, size, keys };
}

/** The answer as an object: a `json` answer parsed (a new object at each call). */
export function answerValue<T>(answer: GridAnswer<T>): T {
  return answer.kind === "value" ? answer.value : (JSON.parse(new TextDecoder().decode(answer.bytes)) as T);
}

/** Whether `value` is a grid call's answer (what the server's handlers of grid calls return). */
export function isGridAnswer(value: unknown): value is GridAnswer<unknown> {
  if (value === null || typeof value !== "object") return false;
  const a = value as { kind?: unknown; value?: unknown; bytes?: unknown };
  return (a.kind === "value" && "value" in a) || (a.kind === "json" && a.bytes instanceof Uint8Array);
}

/** The size of an answer's grid, without parsing a `json` answer. */
export function answerGridSize(answer: GridAnswer<{ grid: readonly (readonly unknown[])[] }>): GridSize {
  return answer.kind === "json" ? answer.size : gridSize(answer.value.grid);
}

/** Rows and columns of `grid` (its first row's length). */
export function gridSize(grid: readonly (readonly unknown[])[]): GridSize {
  return { rows: grid.length, columns: grid[0]?.length ?? 0 };
}

/**
 * `answer` with a `dataVersion` added at its end: for a `json` answer, its bytes with the field written after
 * the others, without parsing them; for a `value`, a copy with the field.
 */
export function withDataVersion<T extends object>(
  answer: GridAnswer<object>,
  dataVersion: string,
): GridAnswer<T> {
  if (answer.kind === "value") return valueAnswer({ ...answer.value, dataVersion } as T);
  if (answer.keys.includes("dataVersion")) return valueAnswer({ ...answerValue(answer), dataVersion } as T);
  const { bytes, keys } = answer;
  // The JSON of an object ends with its closing brace: the field goes just before it.
  const end = bytes.lastIndexOf(0x7d);
  const field = new TextEncoder().encode(
    `${keys.length > 0 ? "," : ""}"dataVersion":${JSON.stringify(dataVersion)}}`,
  );
  const out = new Uint8Array(end + field.length);
  out.set(bytes.subarray(0, end));
  out.set(field, end);
  return jsonAnswer<T>(out, answer.size, [...keys, "dataVersion"]);
}
