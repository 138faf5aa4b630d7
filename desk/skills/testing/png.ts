/**
 * A PNG encoder for tests: small real images, and headers that claim more
 * pixels than they carry (a decompression bomb's disguise).
 *
 * @module
 */
import { crc32, deflateSync } from "node:zlib";
import { concatBytes } from "../bytes.ts";

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  out.set(new TextEncoder().encode(type), 4);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/**
 * An RGB PNG of `width` × `height` with a gradient, or, with `claim`, one
 * whose header says `claim` × `claim` while its data is tiny.
 */
export function png(width: number, height: number, options: { claim?: number } = {}): Uint8Array {
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, options.claim ?? width);
  view.setUint32(4, options.claim ?? height);
  header.set([8, 2, 0, 0, 0], 8);
  const raw = new Uint8Array(height * (1 + 3 * width));
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      raw.set(
        [(x * 255 / width) | 0, (y * 255 / height) | 0, 128],
        y * (1 + 3 * width) + 1 + 3 * x,
      );
    }
  }
  const parts = [
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", new Uint8Array()),
  ];
  return concatBytes(parts);
}
