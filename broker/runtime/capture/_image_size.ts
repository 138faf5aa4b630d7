/**
 * The pixel size of a base64 PNG or JPEG, read from its header without
 * decoding the image: PNG's `IHDR` chunk, JPEG's first start-of-frame
 * segment. Only the first bytes are decoded.
 *
 * @module
 */

/** A width and height in pixels. */
export interface ImageSize {
  width: number;
  height: number;
}

const pngSignature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** Base64 characters decoded for a JPEG header search (48 KiB of bytes). */
const jpegHeaderChars = 65_536;

/** The first bytes of base64 `data`: `chars` characters, rounded down to whole quanta. */
function headBytes(data: string, chars: number): Uint8Array | undefined {
  const head = data.slice(0, Math.min(data.length, chars) - (Math.min(data.length, chars) % 4));
  try {
    return Uint8Array.from(atob(head), (char) => char.charCodeAt(0));
  } catch {
    return undefined;
  }
}

function uint32(bytes: Uint8Array, at: number): number {
  return ((bytes[at] << 24) | (bytes[at + 1] << 16) | (bytes[at + 2] << 8) | bytes[at + 3]) >>> 0;
}

function uint16(bytes: Uint8Array, at: number): number {
  return (bytes[at] << 8) | bytes[at + 1];
}

function positive(width: number, height: number): ImageSize | undefined {
  return width > 0 && height > 0 ? { width, height } : undefined;
}

/** The size in a PNG's `IHDR`, which must be its first chunk. */
export function pngSize(bytes: Uint8Array): ImageSize | undefined {
  if (bytes.length < 24 || pngSignature.some((byte, i) => bytes[i] !== byte)) return undefined;
  const ihdr = String.fromCharCode(bytes[12], bytes[13], bytes[14], bytes[15]);
  if (ihdr !== "IHDR") return undefined;
  return positive(uint32(bytes, 16), uint32(bytes, 20));
}

/** Start-of-frame markers: `C0`–`CF` except `C4` (DHT), `C8` (JPG) and `CC` (DAC). */
function isStartOfFrame(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 &&
    marker !== 0xcc;
}

/** The size in a JPEG's first start-of-frame segment, walking the segments before it. */
export function jpegSize(bytes: Uint8Array): ImageSize | undefined {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return undefined;
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return undefined;
    const marker = bytes[at + 1];
    if (marker === 0xff) {
      at++;
      continue;
    }
    const length = uint16(bytes, at + 2);
    if (isStartOfFrame(marker)) {
      if (at + 9 > bytes.length) return undefined;
      return positive(uint16(bytes, at + 7), uint16(bytes, at + 5));
    }
    if (length < 2) return undefined;
    at += 2 + length;
  }
  return undefined;
}

/** The size of base64 image `data` of `format`, or `undefined` when its header is unreadable. */
export function imageSize(data: string, format: "png" | "jpeg"): ImageSize | undefined {
  const bytes = headBytes(data, format === "png" ? 32 : jpegHeaderChars);
  if (bytes === undefined) return undefined;
  return format === "png" ? pngSize(bytes) : jpegSize(bytes);
}
