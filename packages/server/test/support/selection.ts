import { expect } from "vitest";
import type { Answer } from "./listening.ts";

/** Sales of Cola (Actual) for East and West over three months: a 4 × 4 sheet whose cells a selection names. */
export const EAST_WEST_GRID = [
  ["", "Sales", "100-10", "Actual"],
  ["", "Jan", "Feb", "Mar"],
  ["East", "1", "2", "3"],
  ["West", "4", "5", "6"],
];

/**
 * A selection refused as outside the grid: 422, the whole message (the cell by its row and column counted from 1,
 * no API field), and for the developer the API's field and its 0-based place in the detail.
 */
export function expectOutside(answer: Answer, field: string, message: string, detail: string) {
  expect(answer.status, JSON.stringify(answer.json)).toBe(422);
  expect(answer.json).toMatchObject({ code: "QB_ERR_SELECTION_INVALID", field, message, detail });
  expect(message).not.toMatch(/\w\[\d+\]/);
}
