import { isIP } from "node:net";

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

/**
 * The client address a per-address limit counts (the wire endpoints' failed logins, the API server's request rate
 * limit and its demo sessions): an IPv4 address as it is (also when written as IPv4-mapped IPv6), an IPv6 address
 * as its /64 network (`2001:db8:1:2::/64`). One machine, or one subscriber, holds a whole /64: counted address by
 * address, it could take a new address for each try and never meet a limit.
 */
export function limitAddress(address: string): string {
  const ip = address.replace(/%.*$/, "");
  if (isIP(ip) !== 6) return address;
  const all = ipv6Groups(ip);
  const [g6 = 0, g7 = 0] = all.slice(6);
  if (all.slice(0, 5).every((g) => g === 0) && all[5] === 0xffff)
    return [g6 >> 8, g6 & 255, g7 >> 8, g7 & 255].join(".");
  return `${all
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::/64`;
}

/**
 * The client network a session counts against for a cap of sessions per network: an IPv6 client's /48
 * (`2001:db8:7::/48`: the whole site of a company or a subscriber, whose /56 or /64s would otherwise each count
 * apart), an IPv4 address as it is (also written as IPv4-mapped IPv6): behind one, a NAT may hold many people, and
 * a wider IPv4 network would count unrelated ones together.
 */
export function sessionNetwork(address: string): string {
  const ip = address.replace(/%.*$/, "");
  const counted = limitAddress(ip);
  if (isIP(ip) !== 6 || !counted.endsWith("/64")) return counted;
  const [g0 = 0, g1 = 0, g2 = 0] = ipv6Groups(ip);
  return `${[g0, g1, g2].map((g) => g.toString(16)).join(":")}::/48`;
}
