/**
 * A number as Java's `Double.toString` writes it, which is how the Essbase REST API sends data values:
 * `105522.0`, `-20396.0`, `7.4` between 10^-3 and 10^7, and `1.0E7`, `1.25E-4` outside that range — always
 * a digit after the point, the exponent without a `+`. The digits are the shortest that read back as the same
 * double (JavaScript's, as Java's since JDK 19).
 */
export function javaDouble(n: number): string {
  if (Number.isNaN(n)) return "NaN";
  if (n === Number.POSITIVE_INFINITY) return "Infinity";
  if (n === Number.NEGATIVE_INFINITY) return "-Infinity";
  if (n === 0) return Object.is(n, -0) ? "-0.0" : "0.0";
  const abs = Math.abs(n);
  if (abs >= 1e-3 && abs < 1e7) {
    const plain = String(n);
    return plain.includes(".") ? plain : `${plain}.0`;
  }
  const [mantissa = "", exponent = ""] = n.toExponential().split("e");
  const digits = mantissa.includes(".") ? mantissa : `${mantissa}.0`;
  return `${digits}E${exponent.replace("+", "")}`;
}

const DECIMAL = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

/** A data cell's text as Essbase sends it: numbers in Java's form, anything else (a missing label) as it is. */
export function javaDataText(text: string): string {
  const t = text.trim();
  if (!DECIMAL.test(t)) return text;
  const n = Number(t);
  return Number.isFinite(n) ? javaDouble(n) : text;
}
