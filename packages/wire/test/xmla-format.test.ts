import { describe, expect, it } from "vitest";
import { formatValue } from "../src/xmla/mddataset.ts";

/** FmtValue: thousands separators, at most two decimals (the whole-number path gives Intl's text). */
describe("formatValue", () => {
  it("writes whole numbers with thousands separators, sign kept", () => {
    expect(
      [0, 7, -12, 999, 1000, -1234, 400855, -20396, 1234567, 999999999999999].map((v) => formatValue(v)),
    ).toEqual([
      "0",
      "7",
      "-12",
      "999",
      "1,000",
      "-1,234",
      "400,855",
      "-20,396",
      "1,234,567",
      "999,999,999,999,999",
    ]);
  });

  it("rounds to two decimals", () => {
    expect([7.4, -12.8, 1234.567, 0.005, 382.75, 1e21].map((v) => formatValue(v))).toEqual([
      "7.4",
      "-12.8",
      "1,234.57",
      "0.01",
      "382.75",
      "1,000,000,000,000,000,000,000",
    ]);
  });

  it("agrees with Intl's en-US text on many whole numbers", () => {
    const intl = new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 });
    for (let k = 0; k < 15; k++)
      for (const v of [10 ** k - 1, 10 ** k, -(10 ** k) + 1, 3 * 10 ** k + 7])
        expect(formatValue(v)).toBe(intl.format(v));
  });
});
