/** The text of an MDX name part: `[…]` with `]` doubled (the connectors' queries, the endpoint's unique names). */
export function bracket(name: string): string {
  return `[${name.replaceAll("]", "]]")}]`;
}
