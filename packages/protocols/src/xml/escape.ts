const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };

/** Text or attribute value escaped for XML (an attribute written between double quotes). */
export function esc(value: string): string {
  return /[&<>"]/.test(value) ? value.replace(/[&<>"]/g, (c) => ESCAPES[c] as string) : value;
}

/** `<name>text</name>`, or `<name/>` when empty. */
export function leaf(name: string, value: string | number | boolean): string {
  const text = typeof value === "string" ? esc(value) : String(value);
  return text === "" ? `<${name}/>` : `<${name}>${text}</${name}>`;
}
