/**
 * The eight 16-bit groups of an IPv6 literal (one `isIP` finds of family 6): `::` expanded, a dotted IPv4 tail
 * (`::ffff:192.0.2.1`) read as its last two groups, a zone id (`%eth0`) dropped. The one reading of an IPv6
 * address the connectors' address checks and the per-address limits share.
 */
export function ipv6Groups(address: string): number[] {
  const text = address.replace(/%.*$/, "");
  const [head = "", tail] = text.split("::");
  const groups = (part: string): number[] => {
    if (part === "") return [];
    const out: number[] = [];
    for (const g of part.split(":")) {
      if (g.includes(".")) {
        const [a = 0, b = 0, c = 0, d = 0] = g.split(".").map(Number);
        out.push((a << 8) | b, (c << 8) | d);
      } else out.push(Number.parseInt(g, 16));
    }
    return out;
  };
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  return [...left, ...new Array<number>(Math.max(0, 8 - left.length - right.length)).fill(0), ...right];
}
