import { describe, expect, it } from "vitest";
import { ipv6Groups } from "../src/ip/index.ts";

describe("an IPv6 literal read as its eight groups", () => {
  it("expands ::, reads a dotted IPv4 tail as two groups and drops a zone id", () => {
    expect(ipv6Groups("2001:db8:1:2::5")).toEqual([0x2001, 0xdb8, 1, 2, 0, 0, 0, 5]);
    expect(ipv6Groups("::ffff:192.0.2.1")).toEqual([0, 0, 0, 0, 0, 0xffff, 0xc000, 0x0201]);
    expect(ipv6Groups("fe80::1%eth0")).toEqual([0xfe80, 0, 0, 0, 0, 0, 0, 1]);
    expect(ipv6Groups("::")).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
  });
});
