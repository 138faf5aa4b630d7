/**
 * The address classifier `download_asset` dials by: an IP literal in any
 * notation a URL or a resolver may hand over is parsed to its bytes and
 * looked up in one table of special-purpose ranges (RFC 6890 and its
 * successors). Only `public` addresses may be dialled. IPv6 forms that
 * carry an IPv4 address (`::ffff:` mapped, NAT64 `64:ff9b::/96`, 6to4
 * `2002::/16`) are classified by the IPv4 address they reach, and IPv6
 * outside the global unicast block `2000::/3` is reserved.
 *
 * @module
 */

/** What an address is, for the download policy. */
export type AddressClass =
  | "public"
  | "unspecified"
  | "loopback"
  | "private"
  | "link-local"
  | "carrier-grade-nat"
  | "unique-local"
  | "multicast"
  | "reserved";

interface Range {
  readonly bytes: readonly number[];
  readonly prefix: number;
  readonly class: Exclude<AddressClass, "public">;
}

function v4(cidr: string, cls: Range["class"]): Range {
  const [address, prefix] = cidr.split("/");
  return { bytes: address.split(".").map(Number), prefix: Number(prefix), class: cls };
}

function v6(cidr: string, cls: Range["class"]): Range {
  const [address, prefix] = cidr.split("/");
  return { bytes: [...parseIPv6(address)!], prefix: Number(prefix), class: cls };
}

/** The IPv4 special-purpose ranges; anything else is public. */
const ipv4Ranges: readonly Range[] = [
  v4("0.0.0.0/32", "unspecified"),
  v4("0.0.0.0/8", "reserved"),
  v4("10.0.0.0/8", "private"),
  v4("100.64.0.0/10", "carrier-grade-nat"),
  v4("127.0.0.0/8", "loopback"),
  // Holds the cloud metadata address 169.254.169.254.
  v4("169.254.0.0/16", "link-local"),
  v4("172.16.0.0/12", "private"),
  v4("192.0.0.0/24", "reserved"),
  v4("192.0.2.0/24", "reserved"),
  v4("192.88.99.0/24", "reserved"),
  v4("192.168.0.0/16", "private"),
  v4("198.18.0.0/15", "reserved"),
  v4("198.51.100.0/24", "reserved"),
  v4("203.0.113.0/24", "reserved"),
  v4("224.0.0.0/4", "multicast"),
  v4("240.0.0.0/4", "reserved"),
];

/** IPv6 ranges inside `2000::/3` that are not public, and the other blocks named. */
const ipv6Ranges: readonly Range[] = [
  v6("::/128", "unspecified"),
  v6("::1/128", "loopback"),
  v6("64:ff9b:1::/48", "private"),
  v6("100::/64", "reserved"),
  v6("2001::/23", "reserved"),
  v6("2001:db8::/32", "reserved"),
  v6("3fff::/20", "reserved"),
  v6("5f00::/16", "reserved"),
  v6("fc00::/7", "unique-local"),
  v6("fe80::/10", "link-local"),
  v6("fec0::/10", "private"),
  v6("ff00::/8", "multicast"),
];

function inRange(bytes: Uint8Array, range: Range): boolean {
  for (let bit = 0; bit < range.prefix; bit += 8) {
    const bits = Math.min(8, range.prefix - bit);
    const mask = (0xff << (8 - bits)) & 0xff;
    if ((bytes[bit / 8] & mask) !== (range.bytes[bit / 8] & mask)) return false;
  }
  return true;
}

function classifyBytes(bytes: Uint8Array, ranges: readonly Range[]): AddressClass | undefined {
  // The table lists a block's exceptions before the block: the longest prefix wins.
  let best: Range | undefined;
  for (const range of ranges) {
    if (inRange(bytes, range) && (best === undefined || range.prefix > best.prefix)) best = range;
  }
  return best?.class;
}

/**
 * One IPv4 part as the URL standard reads it: decimal, `0x` hex or
 * leading-zero octal.
 */
function ipv4Part(part: string): number | undefined {
  if (/^0[xX][0-9a-fA-F]*$/.test(part)) return part.length === 2 ? 0 : parseInt(part.slice(2), 16);
  if (/^0[0-7]+$/.test(part)) return parseInt(part.slice(1), 8);
  if (/^(0|[1-9][0-9]*)$/.test(part)) return Number(part);
  return undefined;
}

/**
 * The four bytes of an IPv4 literal in any notation the URL standard
 * accepts: `127.0.0.1`, `2130706433`, `0x7f.1`, `0177.0.0.01`.
 */
export function parseIPv4(text: string): Uint8Array | undefined {
  const parts = text.endsWith(".") ? text.slice(0, -1).split(".") : text.split(".");
  if (parts.length === 0 || parts.length > 4) return undefined;
  const numbers = parts.map(ipv4Part);
  if (numbers.some((n) => n === undefined)) return undefined;
  const values = numbers.map(Number);
  const last = values.at(-1)!;
  if (values.slice(0, -1).some((n) => n > 255)) return undefined;
  if (last >= 256 ** (5 - values.length)) return undefined;
  let value = last;
  values.slice(0, -1).forEach((n, i) => value += n * 256 ** (3 - i));
  return new Uint8Array([value >>> 24, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff]);
}

/** The sixteen bytes of an IPv6 literal, with or without brackets; a zone id is refused. */
export function parseIPv6(text: string): Uint8Array | undefined {
  if (text.startsWith("[") && text.endsWith("]")) text = text.slice(1, -1);
  if (!/^[0-9a-fA-F:.]+$/.test(text) || !text.includes(":")) return undefined;
  let groups: number[] = [];
  const halves = text.split("::");
  if (halves.length > 2) return undefined;
  const read = (half: string): number[] | undefined => {
    if (half === "") return [];
    const out: number[] = [];
    const pieces = half.split(":");
    for (const [i, piece] of pieces.entries()) {
      if (piece.includes(".")) {
        if (i !== pieces.length - 1 || !/^\d+\.\d+\.\d+\.\d+$/.test(piece)) return undefined;
        const octets = piece.split(".").map(Number);
        if (octets.some((n) => n > 255)) return undefined;
        out.push(octets[0] << 8 | octets[1], octets[2] << 8 | octets[3]);
      } else {
        if (!/^[0-9a-fA-F]{1,4}$/.test(piece)) return undefined;
        out.push(parseInt(piece, 16));
      }
    }
    return out;
  };
  const head = read(halves[0]);
  const tail = halves.length === 2 ? read(halves[1]) : [];
  if (head === undefined || tail === undefined) return undefined;
  if (halves.length === 2) {
    if (head.length + tail.length > 7) return undefined;
    groups = [...head, ...new Array(8 - head.length - tail.length).fill(0), ...tail];
  } else {
    if (head.length !== 8) return undefined;
    groups = head;
  }
  const bytes = new Uint8Array(16);
  groups.forEach((group, i) => {
    bytes[2 * i] = group >> 8;
    bytes[2 * i + 1] = group & 0xff;
  });
  return bytes;
}

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return prefix.every((byte, i) => bytes[i] === byte);
}

/** The IPv4 address an IPv6 address reaches, for the forms that embed one. */
function embeddedIPv4(bytes: Uint8Array): Uint8Array | undefined {
  // ::ffff:0:0/96, IPv4-mapped.
  if (startsWith(bytes, [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff])) return bytes.slice(12);
  // 64:ff9b::/96, the well-known NAT64 prefix.
  if (startsWith(bytes, [0, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0])) return bytes.slice(12);
  // 2002::/16, 6to4: the IPv4 address follows the prefix.
  if (startsWith(bytes, [0x20, 0x02])) return bytes.slice(2, 6);
  return undefined;
}

/** The class of an IPv4 or IPv6 literal, or `undefined` when `address` is not one. */
export function classifyAddress(address: string): AddressClass | undefined {
  const four = /^[0-9a-fA-FxX.]+$/.test(address) ? parseIPv4(address) : undefined;
  if (four !== undefined) return classifyBytes(four, ipv4Ranges) ?? "public";
  const six = parseIPv6(address);
  if (six === undefined) return undefined;
  const embedded = embeddedIPv4(six);
  if (embedded !== undefined) return classifyBytes(embedded, ipv4Ranges) ?? "public";
  const special = classifyBytes(six, ipv6Ranges);
  if (special !== undefined) return special;
  // Only 2000::/3 is allocated as global unicast.
  return (six[0] & 0xe0) === 0x20 ? "public" : "reserved";
}
