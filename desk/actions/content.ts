/**
 * File content on the wire: UTF-8 text where the bytes are valid UTF-8,
 * base64 otherwise, and a bound so that a response always fits one frame
 * however much JSON escaping its text needs.
 *
 * @module
 */
import { DeskFailure } from "../../contracts/desk/codes.ts";

const strict = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
const encoder = new TextEncoder();

/** The most bytes a content field may take once JSON-encoded: room is left for the rest. */
export const contentJsonBytesMax = 900_000;

/** Decoded content. */
export interface WireContent {
  content: string;
  encoding: "utf-8" | "base64";
  /** Whether bytes were left off to stay within the bound. */
  cut: boolean;
}

/** Bytes of a UTF-8 sequence cut at the end of `bytes` (0 when it ends on a character). */
function incompleteTail(bytes: Uint8Array): number {
  for (let back = 1; back <= Math.min(3, bytes.length); back++) {
    const byte = bytes[bytes.length - back];
    if ((byte & 0xc0) === 0x80) continue;
    const need = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return need > back ? back : 0;
  }
  return 0;
}

/**
 * `bytes` as wire content. `partial` says the bytes are a prefix of the
 * file, so a character cut at the end is dropped rather than taken for
 * invalid UTF-8.
 */
export function toWireContent(bytes: Uint8Array, partial: boolean): WireContent {
  let text: string | undefined;
  let cut = false;
  try {
    const whole = partial ? bytes.subarray(0, bytes.length - incompleteTail(bytes)) : bytes;
    cut = whole.length < bytes.length;
    text = strict.decode(whole);
  } catch {
    text = undefined;
  }
  if (text === undefined) {
    let slice = bytes;
    while (Math.ceil(slice.length / 3) * 4 > contentJsonBytesMax) {
      slice = slice.subarray(0, Math.floor(slice.length * 0.75));
      cut = true;
    }
    return { content: slice.toBase64(), encoding: "base64", cut };
  }
  while (encoder.encode(JSON.stringify(text)).length > contentJsonBytesMax) {
    text = text.slice(0, Math.floor(text.length * 0.75));
    if (/[\uD800-\uDBFF]$/.test(text)) text = text.slice(0, -1);
    cut = true;
  }
  return { content: text, encoding: "utf-8", cut };
}

/** The bytes of wire content sent to the host; bad base64 is `INVALID_REQUEST`. */
export function fromWireContent(
  content: string,
  encoding: "utf-8" | "base64" | undefined,
): Uint8Array {
  if (encoding !== "base64") return encoder.encode(content);
  try {
    return Uint8Array.fromBase64(content);
  } catch {
    throw new DeskFailure("INVALID_REQUEST", { reason: "bad-base64" });
  }
}
