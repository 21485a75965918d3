import { describe, expect, it } from "vitest";
import { csvField, csvRecord } from "../src/csv.ts";

/** The CSV every endpoint writes: RFC 4180 quoting, and no field a spreadsheet would run (OWASP CSV Injection). */
describe("csvField", () => {
  it("puts a single quote before a text a spreadsheet reads as a formula, tab and carriage return included", () => {
    expect(csvField("=1+1")).toBe("'=1+1");
    expect(csvField("+A1")).toBe("'+A1");
    expect(csvField("-1+1")).toBe("'-1+1");
    expect(csvField("-Loss")).toBe("'-Loss");
    expect(csvField("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvField("\t=1+1")).toBe("'\t=1+1");
    expect(csvField("\r=1+1")).toBe(`"'\r=1+1"`);
    expect(csvField("-Infinity")).toBe("'-Infinity");
    expect(csvField('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
  });

  it("leaves numbers, their sign included, and ordinary labels as they are", () => {
    for (const n of ["-12.5", "+3", "-1.0E-5", "12", "0.5", "-.5", "109.0"]) expect(csvField(n)).toBe(n);
    for (const t of ["East", "New York", "#Missing", "100-10", "", "a=b"]) expect(csvField(t)).toBe(t);
    expect(csvField("A, b")).toBe('"A, b"');
  });

  it("ends a record with CRLF", () => {
    expect(csvRecord(["", "=x", "-1"])).toBe(",'=x,-1\r\n");
  });
});
