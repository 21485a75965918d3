import { BlockList, isIP } from "node:net";

/**
 * Address ranges a connector never reaches unless the exact host is on the allow-list: loopback, private,
 * shared (carrier-grade NAT), link-local (which holds the cloud metadata address 169.254.169.254),
 * unspecified, multicast and reserved ranges, in IPv4 and IPv6, and IPv4 addresses written in IPv6 form.
 */
const INTERNAL = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  INTERNAL.addSubnet(net, prefix, "ipv4");
}
for (const [net, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
  ["64:ff9b::", 96],
  ["2001:db8::", 32],
] as const) {
  INTERNAL.addSubnet(net, prefix, "ipv6");
}

/** The IPv4 address inside an IPv4-mapped or IPv4-compatible IPv6 address, if it is one. */
function embeddedIpv4(address: string): string | null {
  const m = /^::(?:ffff:)?(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (m) return m[1] ?? null;
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (!hex) return null;
  const hi = Number.parseInt(hex[1] as string, 16);
  const lo = Number.parseInt(hex[2] as string, 16);
  return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
}

/** `true` when `address` (an IP literal) is loopback, private, link-local, metadata or otherwise internal. */
export function isInternalAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return INTERNAL.check(address, "ipv4");
  if (family === 6) {
    const v4 = embeddedIpv4(address);
    if (v4) return INTERNAL.check(v4, "ipv4");
    return INTERNAL.check(address, "ipv6");
  }
  // Not an IP literal: never treated as safe.
  return true;
}
