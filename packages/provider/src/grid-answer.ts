/**
 * Answers that arrive already written as JSON, in UTF-8 (a grid worker's, `embedded/grid-workers.ts`): the server
 * sends the bytes as they are, and reads the grid's size without parsing them. The object still reads as the
 * answer it stands for — its fields are parsed the first time one is read (a check of the contract in tests, a
 * wire endpoint) — and any copy of it (a spread, a new object) is an ordinary object without the bytes.
 */

const JSON_BYTES = Symbol("qibates.answerJson");
const SIZE = Symbol("qibates.answerSize");
const KEYS = Symbol("qibates.answerKeys");

/** Rows and columns of an answer's grid. */
export interface GridSize {
  rows: number;
  columns: number;
}

/**
 * An answer object standing for `json` (the UTF-8 JSON of an object with the top-level `keys`, whose `grid` has
 * `rows` × `columns` cells): read-only, its fields parsed on first use. Reading a key it does not have parses
 * nothing (a promise resolved with it asks for `then`).
 */
export function answerFromJson<T extends object>(
  json: Uint8Array,
  size: GridSize,
  keys: readonly string[],
): T {
  const own = new Set(keys);
  let parsed: Record<string, unknown> | null = null;
  const fields = (): Record<string, unknown> => {
    parsed ??= JSON.parse(new TextDecoder().decode(json)) as Record<string, unknown>;
    return parsed;
  };
  const answer = {};
  Object.defineProperty(answer, JSON_BYTES, { value: json });
  Object.defineProperty(answer, SIZE, { value: size });
  Object.defineProperty(answer, KEYS, { value: keys });
  // The answer's fields, parsed once, on first read of one of them.
  return new Proxy(answer, {
    get: (target, key) => {
      if (typeof key === "symbol") return Reflect.get(target, key);
      return own.has(key) ? fields()[key] : Reflect.get(Object.prototype, key);
    },
    has: (target, key) =>
      typeof key === "symbol" ? Reflect.has(target, key) : own.has(key) || key in Object.prototype,
    ownKeys: (target) => [...keys, ...Reflect.ownKeys(target)],
    getOwnPropertyDescriptor: (target, key) => {
      if (typeof key === "symbol") return Reflect.getOwnPropertyDescriptor(target, key);
      return own.has(key) ? { get: () => fields()[key], enumerable: true, configurable: true } : undefined;
    },
    set: () => false,
    defineProperty: () => false,
    deleteProperty: () => false,
  }) as T;
}

/** The UTF-8 JSON an answer arrived as (see {@link answerFromJson}), or null for an ordinary object. */
export function answerJson(value: unknown): Uint8Array | null {
  if (value === null || typeof value !== "object") return null;
  const json = (value as { [JSON_BYTES]?: unknown })[JSON_BYTES];
  return json instanceof Uint8Array ? json : null;
}

/** The size of an answer's grid, without parsing an answer that arrived as text. */
export function answerGridSize(answer: { grid: readonly (readonly unknown[])[] }): GridSize {
  const known = (answer as { [SIZE]?: GridSize })[SIZE];
  if (known) return known;
  return { rows: answer.grid.length, columns: answer.grid[0]?.length ?? 0 };
}

/** The JSON texts grids were parsed from, by grid (the same array: a copy or a new grid has none). */
const GRID_SOURCES = new WeakMap<object, string>();

/**
 * Says that `grid` was parsed from the `grid` field of the JSON `text` (a request body) and is not changed
 * afterwards: a grid worker is then sent the text, which it parses itself, rather than a copy of the grid.
 */
export function noteGridJson(grid: object, text: string): void {
  GRID_SOURCES.set(grid, text);
}

/** Deferred grids (see {@link deferredGrid}) and their cell counts. */
const DEFERRED = new WeakMap<object, number>();

/**
 * A grid left as the JSON it came in (`text.slice(start, end)`, the `grid` field of the body `text`, already
 * checked to be an array of `cells` strings in rows, within the contract's limits): an array that parses that
 * text the first time anything reads it. Until then it costs nothing on the event loop: its size is known
 * ({@link sheetCells}), and a grid worker is sent the body's text to parse ({@link gridJsonOf}).
 */
export function deferredGrid(text: string, start: number, end: number, cells: number): unknown[][] {
  let parsed: unknown[][] | null = null;
  const grid = (): unknown[][] => {
    parsed ??= JSON.parse(text.slice(start, end)) as unknown[][];
    return parsed;
  };
  const proxy = new Proxy<unknown[][]>([], {
    get: (_target, key) => Reflect.get(grid(), key),
    set: (_target, key, value) => Reflect.set(grid(), key, value),
    has: (_target, key) => Reflect.has(grid(), key),
    ownKeys: () => Reflect.ownKeys(grid()),
    getOwnPropertyDescriptor: (_target, key) => Reflect.getOwnPropertyDescriptor(grid(), key),
    defineProperty: (_target, key, descriptor) => Reflect.defineProperty(grid(), key, descriptor),
    deleteProperty: (_target, key) => Reflect.deleteProperty(grid(), key),
  });
  DEFERRED.set(proxy, cells);
  GRID_SOURCES.set(proxy, text);
  return proxy;
}

/** Whether `grid` is a grid not parsed yet (see {@link deferredGrid}). */
export function isDeferredGrid(grid: unknown): boolean {
  return typeof grid === "object" && grid !== null && DEFERRED.has(grid);
}

/** The cells of a sheet (its rows' lengths added up), without parsing a deferred grid. */
export function sheetCells(sheet: unknown): number {
  const deferred = typeof sheet === "object" && sheet !== null ? DEFERRED.get(sheet) : undefined;
  if (deferred !== undefined) return deferred;
  if (!Array.isArray(sheet)) return 0;
  let n = 0;
  for (const row of sheet) n += Array.isArray(row) ? row.length : 0;
  return n;
}

/** The JSON text whose `grid` field `grid` was parsed from (see {@link noteGridJson}). */
export function gridJsonOf(grid: object): string | undefined {
  return GRID_SOURCES.get(grid);
}

/**
 * `answer` with a `dataVersion` added at its end: for an answer that arrived as JSON (a grid worker's), its
 * bytes with the field written after the others, without parsing them; for any other, a copy with the field.
 */
export function withDataVersion<T extends object>(answer: object, dataVersion: string): T {
  const json = answerJson(answer);
  const keys = (answer as { [KEYS]?: readonly string[] })[KEYS];
  if (!json || !keys || keys.includes("dataVersion")) return { ...answer, dataVersion } as T;
  const size = (answer as { [SIZE]: GridSize })[SIZE];
  // The JSON of an object ends with its closing brace: the field goes just before it.
  const end = json.lastIndexOf(0x7d);
  const field = new TextEncoder().encode(
    `${keys.length > 0 ? "," : ""}"dataVersion":${JSON.stringify(dataVersion)}}`,
  );
  const out = new Uint8Array(end + field.length);
  out.set(json.subarray(0, end));
  out.set(field, end);
  return answerFromJson<T>(out, size, [...keys, "dataVersion"]);
}
