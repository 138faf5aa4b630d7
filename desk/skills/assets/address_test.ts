import assert from "node:assert/strict";
import { type AddressClass, classifyAddress, parseIPv4, parseIPv6 } from "./address.ts";

/** Each literal, in the notation a URL or a resolver may give it, and its class. */
const table: readonly [string, AddressClass][] = [
  // IPv4, dotted.
  ["93.184.215.14", "public"],
  ["8.8.8.8", "public"],
  ["0.0.0.0", "unspecified"],
  ["0.1.2.3", "reserved"],
  ["127.0.0.1", "loopback"],
  ["127.255.255.254", "loopback"],
  ["10.0.0.1", "private"],
  ["172.16.0.1", "private"],
  ["172.31.255.255", "private"],
  ["172.32.0.1", "public"],
  ["192.168.1.1", "private"],
  ["169.254.169.254", "link-local"],
  ["169.254.0.1", "link-local"],
  ["100.64.0.1", "carrier-grade-nat"],
  ["100.127.255.255", "carrier-grade-nat"],
  ["100.128.0.1", "public"],
  ["224.0.0.1", "multicast"],
  ["239.255.255.250", "multicast"],
  ["240.0.0.1", "reserved"],
  ["255.255.255.255", "reserved"],
  ["192.0.0.8", "reserved"],
  ["192.0.2.1", "reserved"],
  ["198.18.0.1", "reserved"],
  ["198.51.100.7", "reserved"],
  ["203.0.113.9", "reserved"],
  // IPv4 in the URL standard's other notations.
  ["2130706433", "loopback"],
  ["0x7f000001", "loopback"],
  ["0x7f.1", "loopback"],
  ["0177.0.0.1", "loopback"],
  ["017700000001", "loopback"],
  ["127.1", "loopback"],
  ["0xa9.0xfe.0xa9.0xfe", "link-local"],
  ["2852039166", "link-local"],
  ["0251.0376.0251.0376", "link-local"],
  ["10.1", "private"],
  ["0x", "unspecified"],
  ["127.0.0.1.", "loopback"],
  // IPv6.
  ["2606:4700:4700::1111", "public"],
  ["[2606:4700:4700::1111]", "public"],
  ["::", "unspecified"],
  ["::1", "loopback"],
  ["[::1]", "loopback"],
  ["0:0:0:0:0:0:0:1", "loopback"],
  ["fe80::1", "link-local"],
  ["febf::1", "link-local"],
  ["fc00::1", "unique-local"],
  ["fd12:3456:789a::1", "unique-local"],
  ["fec0::1", "private"],
  ["ff02::1", "multicast"],
  ["2001:db8::1", "reserved"],
  ["2001::1", "reserved"],
  ["100::1", "reserved"],
  ["::127.0.0.1", "reserved"],
  ["1::1", "reserved"],
  ["4000::1", "reserved"],
  // IPv6 carrying an IPv4 address: classified by the address it reaches.
  ["::ffff:127.0.0.1", "loopback"],
  ["::ffff:7f00:1", "loopback"],
  ["[::ffff:169.254.169.254]", "link-local"],
  ["::ffff:a9fe:a9fe", "link-local"],
  ["::ffff:10.0.0.1", "private"],
  ["::ffff:8.8.8.8", "public"],
  ["64:ff9b::127.0.0.1", "loopback"],
  ["64:ff9b::a9fe:a9fe", "link-local"],
  ["64:ff9b::808:808", "public"],
  ["64:ff9b:1::1", "private"],
  ["2002:7f00:1::", "loopback"],
  ["2002:a9fe:a9fe::1", "link-local"],
  ["2002:c0a8:101::", "private"],
  ["2002:808:808::1", "public"],
];

Deno.test("the address classifier classifies every literal of its table", () => {
  for (const [address, expected] of table) {
    assert.equal(classifyAddress(address), expected, address);
  }
});

Deno.test("the classifier agrees with how a URL normalizes every notation", () => {
  // The URL standard rewrites these hosts before anything dials them; both agree.
  for (const host of ["2130706433", "0x7f.1", "0177.0.0.1", "127.1", "[::ffff:127.0.0.1]"]) {
    const hostname = new URL(`http://${host}/`).hostname;
    assert.equal(classifyAddress(hostname), "loopback", `${host} → ${hostname}`);
  }
  assert.equal(new URL("http://0xa9fea9fe/").hostname, "169.254.169.254");
});

Deno.test("the address classifier tells names and malformed literals from addresses", () => {
  for (
    const text of [
      "example.com",
      "cafe.de",
      "abc",
      "1.2.3.4.5",
      "256.1.1.1",
      "1.2.3.256",
      ":::1",
      "1:2:3:4:5:6:7:8:9",
      "fe80::1%eth0",
      "::ffff:1.2.3.999",
      "",
    ]
  ) {
    assert.equal(classifyAddress(text), undefined, text);
  }
  assert.deepEqual([...parseIPv4("1.2.3")!], [1, 2, 0, 3]);
  assert.deepEqual([...parseIPv6("1::")!], [0, 1, ...new Array(14).fill(0)]);
});
