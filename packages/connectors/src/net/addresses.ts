import { BlockList, isIP } from "node:net";
import { ipv6Groups } from "@qibates/protocols/ip";

/**
 * Address ranges a connector never reaches unless the exact host is on the allow-list: loopback, private,
 * shared (carrier-grade NAT), link-local (which holds the cloud metadata address 169.254.169.254),
 * unspecified, multicast and reserved ranges (benchmarking, documentation), in IPv4 and IPv6, and IPv4 addresses
 * written in IPv6 form. The documentation ranges are not routed on the internet: a network that uses them inside
 * is as internal as a private one.
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
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  INTERNAL.addSubnet(net, prefix, "ipv4");
}
/**
 * IPv6 ranges that are internal whatever follows: unspecified and loopback, unique local, link-local, site-local
 * (deprecated, still routed inside some networks), multicast, documentation, discard-only, and the transition
 * ranges that carry or reach an IPv4 address chosen by whoever writes the address: IPv4-compatible (`::/96`),
 * IPv4-mapped (`::ffff:0:0/96`), IPv4-translated (`::ffff:0:0:0/96`), NAT64 (`64:ff9b::/96` and the local-use
 * `64:ff9b:1::/48`), 6to4 (`2002::/16`) and Teredo (`2001::/32`). A provider is never reached through them
 * unless its exact address is on the allow-list.
 */
const INTERNAL_V6: readonly (readonly [string, number])[] = [
  ["::", 96],
  ["::ffff:0:0", 96],
  ["::ffff:0:0:0", 96],
  ["64:ff9b::", 96],
  ["64:ff9b:1::", 48],
  ["100::", 64],
  ["2001::", 32],
  ["2001:db8::", 32],
  ["2002::", 16],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
];

/** The 16 bytes of an IPv6 literal (`isIP` said 6), the dotted IPv4 tail and `::` expanded; zone ids dropped. */
function ipv6Bytes(address: string): Uint8Array {
  const bytes = new Uint8Array(16);
  ipv6Groups(address).forEach((g, i) => {
    bytes[2 * i] = g >> 8;
    bytes[2 * i + 1] = g & 255;
  });
  return bytes;
}

function inPrefix(bytes: Uint8Array, net: Uint8Array, prefix: number): boolean {
  for (let bit = 0; bit < prefix; bit++) {
    const i = bit >> 3;
    const mask = 0x80 >> (bit & 7);
    if (((bytes[i] as number) & mask) !== ((net[i] as number) & mask)) return false;
  }
  return true;
}

const INTERNAL_V6_BYTES = INTERNAL_V6.map(([net, prefix]) => [ipv6Bytes(net), prefix] as const);

/** Whether an IPv6 literal falls in an internal range (`INTERNAL_V6`). */
function isInternalV6(address: string): boolean {
  const bytes = ipv6Bytes(address);
  return INTERNAL_V6_BYTES.some(([net, prefix]) => inPrefix(bytes, net, prefix));
}

/** `true` when `address` (an IP literal) is loopback, private, link-local, metadata or otherwise internal. */
export function isInternalAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return INTERNAL.check(address, "ipv4");
  if (family === 6) return isInternalV6(address);
  // Not an IP literal: never treated as safe.
  return true;
}
