import { describe, expect, it } from "vitest";
import { ipv6Groups, limitAddress, sessionNetwork } from "../src/ip/index.ts";

describe("an IPv6 literal read as its eight groups", () => {
  it("expands ::, reads a dotted IPv4 tail as two groups and drops a zone id", () => {
    expect(ipv6Groups("2001:db8:1:2::5")).toEqual([0x2001, 0xdb8, 1, 2, 0, 0, 0, 5]);
    expect(ipv6Groups("::ffff:192.0.2.1")).toEqual([0, 0, 0, 0, 0, 0xffff, 0xc000, 0x0201]);
    expect(ipv6Groups("fe80::1%eth0")).toEqual([0xfe80, 0, 0, 0, 0, 0, 0, 1]);
    expect(ipv6Groups("::")).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
  });
});

describe("the address a per-address limit counts", () => {
  it("is an IPv6 client's /64 network, and an IPv4 client's address however it is written", () => {
    expect(limitAddress("2001:db8:1:2::1")).toBe(limitAddress("2001:0db8:0001:0002:ffff:1:2:3"));
    expect(limitAddress("2001:db8:1:2::1")).toBe("2001:db8:1:2::/64");
    expect(limitAddress("2001:db8:1:2::1")).not.toBe(limitAddress("2001:db8:1:3::1"));
    expect(limitAddress("::ffff:198.51.100.7")).toBe("198.51.100.7");
    expect(limitAddress("198.51.100.7")).toBe("198.51.100.7");
  });
});

describe("the network a session counts against", () => {
  it("is an IPv6 client's /48, an IPv4 client's address however it is written", () => {
    expect(sessionNetwork("2001:db8:5:1ff:abcd::1")).toBe("2001:db8:5::/48");
    expect(sessionNetwork("2001:db8:5:100::2")).toBe("2001:db8:5::/48");
    expect(sessionNetwork("198.51.100.7")).toBe("198.51.100.7");
    expect(sessionNetwork("::ffff:198.51.100.7")).toBe("198.51.100.7");
  });
});
