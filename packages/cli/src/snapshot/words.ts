/**
 * `n` and the noun that counts it, singular for 1 (`1 member`, `2 members`): every count the command prints.
 * `many` for a noun whose plural is not the singular with an `s` (`query`, `queries`).
 */
export const count = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;
