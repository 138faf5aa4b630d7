/**
 * The pre-check a zip-based document (docx) passes before any parser sees
 * it: the central directory is read by hand, the entry count, the declared
 * sizes and the compression ratios are bounded, and then every entry is
 * inflated with a hard output cap of the size it declared, so an archive
 * that lies about its sizes is caught without ever holding more than the
 * budget in memory.
 *
 * @module
 */
import { inflateRawSync } from "node:zlib";

/** The bounds a document archive must keep. */
export interface ZipLimits {
  readonly maxEntries: number;
  /** All entries together, uncompressed. */
  readonly maxTotalBytes: number;
  /** Uncompressed to compressed, for an entry above one megabyte. */
  readonly maxRatio: number;
}

/** The bounds when the host sets none. */
export const DEFAULT_ZIP_LIMITS: ZipLimits = {
  maxEntries: 2000,
  maxTotalBytes: 64 * 1024 * 1024,
  maxRatio: 200,
};

/** Why an archive was refused, in fixed words. */
export type ZipProblem =
  | "not-a-zip"
  | "too-many-entries"
  | "too-large"
  | "ratio"
  | "method"
  | "size-mismatch"
  | "corrupt";

const END_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;

function findEnd(view: DataView): number | undefined {
  const earliest = Math.max(0, view.byteLength - 22 - 0xffff);
  for (let at = view.byteLength - 22; at >= earliest; at--) {
    if (view.getUint32(at, true) === END_SIGNATURE) return at;
  }
  return undefined;
}

/** `undefined` when `bytes` is an archive within `limits`, else what is wrong with it. */
export function checkZip(
  bytes: Uint8Array,
  limits: ZipLimits = DEFAULT_ZIP_LIMITS,
): ZipProblem | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < 22) return "not-a-zip";
  const end = findEnd(view);
  if (end === undefined) return "not-a-zip";
  const count = view.getUint16(end + 10, true);
  const directoryOffset = view.getUint32(end + 16, true);
  // 0xffff and 0xffffffff mark Zip64, which no document needs.
  if (count === 0xffff || directoryOffset === 0xffffffff) return "too-large";
  if (count > limits.maxEntries) return "too-many-entries";
  let total = 0;
  let at = directoryOffset;
  try {
    for (let i = 0; i < count; i++) {
      if (view.getUint32(at, true) !== CENTRAL_SIGNATURE) return "corrupt";
      const method = view.getUint16(at + 10, true);
      const packed = view.getUint32(at + 20, true);
      const size = view.getUint32(at + 24, true);
      const nameLength = view.getUint16(at + 28, true);
      const extraLength = view.getUint16(at + 30, true);
      const commentLength = view.getUint16(at + 32, true);
      const local = view.getUint32(at + 42, true);
      at += 46 + nameLength + extraLength + commentLength;

      total += size;
      if (total > limits.maxTotalBytes) return "too-large";
      if (size > 1024 * 1024 && size > packed * limits.maxRatio) return "ratio";
      if (method !== 0 && method !== 8) return "method";
      if (view.getUint32(local, true) !== LOCAL_SIGNATURE) return "corrupt";
      const start = local + 30 + view.getUint16(local + 26, true) +
        view.getUint16(local + 28, true);
      const data = bytes.subarray(start, start + packed);
      if (data.length !== packed) return "corrupt";
      if (method === 0) {
        if (packed !== size) return "size-mismatch";
        continue;
      }
      // Inflating past the declared size throws: a lying header is caught here.
      let inflated: number;
      try {
        inflated = inflateRawSync(data, { maxOutputLength: Math.max(size, 1) }).length;
      } catch (error) {
        return error instanceof RangeError ? "size-mismatch" : "corrupt";
      }
      if (inflated !== size) return "size-mismatch";
    }
  } catch {
    // A DataView read past the end: offsets that point outside the file.
    return "corrupt";
  }
  return undefined;
}
