/**
 * Answers that arrive already written as JSON (a grid worker's, `embedded/grid-workers.ts`): the server sends
 * the text as it is, and reads the grid's size without parsing it. The object still reads as the answer it
 * stands for — its fields are parsed from the text the first time one is read (a check of the contract in
 * tests, a wire endpoint) — and any copy of it (a spread, a new object) is an ordinary object without the text.
 */

const TEXT = Symbol("qibates.answerText");
const SIZE = Symbol("qibates.answerSize");

/** Rows and columns of an answer's grid. */
export interface GridSize {
  rows: number;
  columns: number;
}

/**
 * An answer object standing for `text` (the JSON of an object whose `grid` has `rows` × `columns` cells):
 * read-only, its fields parsed from the text on first use.
 */
export function answerFromText<T extends object>(text: string, rows: number, columns: number): T {
  let parsed: Record<string, unknown> | null = null;
  const fields = (): Record<string, unknown> => {
    parsed ??= JSON.parse(text) as Record<string, unknown>;
    return parsed;
  };
  const answer = {};
  Object.defineProperty(answer, TEXT, { value: text });
  Object.defineProperty(answer, SIZE, { value: { rows, columns } satisfies GridSize });
  // The answer's fields, in the text's order, without parsing it: its top-level keys are known to the caller
  // only through the text, so they are read once, lazily, through a proxy of the parsed object.
  return new Proxy(answer, {
    get: (target, key) => (typeof key === "symbol" ? Reflect.get(target, key) : fields()[key]),
    has: (target, key) => (typeof key === "symbol" ? Reflect.has(target, key) : key in fields()),
    ownKeys: (target) => [...Reflect.ownKeys(fields()), ...Reflect.ownKeys(target)],
    getOwnPropertyDescriptor: (target, key) => {
      if (typeof key === "symbol") return Reflect.getOwnPropertyDescriptor(target, key);
      const f = fields();
      return Object.hasOwn(f, key)
        ? { value: f[key], enumerable: true, configurable: true, writable: false }
        : undefined;
    },
    set: () => false,
    defineProperty: () => false,
    deleteProperty: () => false,
  }) as T;
}

/** The JSON text an answer arrived as (see {@link answerFromText}), or null for an ordinary object. */
export function answerText(value: unknown): string | null {
  if (value === null || typeof value !== "object") return null;
  const text = (value as { [TEXT]?: unknown })[TEXT];
  return typeof text === "string" ? text : null;
}

/** The size of an answer's grid, without parsing an answer that arrived as text. */
export function answerGridSize(answer: { grid: readonly (readonly unknown[])[] }): GridSize {
  const known = (answer as { [SIZE]?: GridSize })[SIZE];
  if (known) return known;
  return { rows: answer.grid.length, columns: answer.grid[0]?.length ?? 0 };
}
