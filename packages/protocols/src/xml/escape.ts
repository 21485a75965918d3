const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };

/**
 * What `esc` rewrites: the markup characters, and the characters XML 1.0 allows in no form, neither as they are
 * nor as a character reference (the C0 controls but tab, line feed and carriage return; U+FFFE, U+FFFF), which
 * are written U+FFFD: a name holding one (a copy's member, an upstream's message) leaves the answer well-formed.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters XML 1.0 forbids
const SPECIAL = /[&<>"\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/;
const SPECIALS = new RegExp(SPECIAL.source, "g");

/** Text or attribute value escaped for XML 1.0 (an attribute written between double quotes). */
export function esc(value: string): string {
  return SPECIAL.test(value) ? value.replace(SPECIALS, (c) => ESCAPES[c] ?? "\ufffd") : value;
}

/** `<name>text</name>`, or `<name/>` when empty. */
export function leaf(name: string, value: string | number | boolean): string {
  const text = typeof value === "string" ? esc(value) : String(value);
  return text === "" ? `<${name}/>` : `<${name}>${text}</${name}>`;
}
