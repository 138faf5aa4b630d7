import assert from "node:assert/strict";
import { imageSize, jpegSize, pngSize } from "./_image_size.ts";

function base64(bytes: number[]): string {
  return btoa(String.fromCharCode(...bytes));
}

const be32 = (n: number) => [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];

const pngHead = (width: number, height: number) => [
  0x89,
  0x50,
  0x4e,
  0x47,
  0x0d,
  0x0a,
  0x1a,
  0x0a,
  ...be32(13),
  0x49,
  0x48,
  0x44,
  0x52,
  ...be32(width),
  ...be32(height),
  8,
  6,
  0,
  0,
  0,
];

Deno.test("a PNG's size is read from its IHDR chunk", () => {
  assert.deepEqual(imageSize(base64(pngHead(1280, 720)), "png"), { width: 1280, height: 720 });
  assert.equal(imageSize(base64(pngHead(0, 720)), "png"), undefined);
  const notPng = pngHead(10, 10);
  notPng[1] = 0x51;
  assert.equal(pngSize(Uint8Array.from(notPng)), undefined);
});

Deno.test("a JPEG's size is read from its first start-of-frame after other segments", () => {
  const jpeg = [
    0xff,
    0xd8,
    0xff,
    0xe0,
    0x00,
    0x06,
    1,
    2,
    3,
    4, // APP0 with four bytes
    0xff,
    0xc4,
    0x00,
    0x03,
    9, // DHT: not a frame
    0xff,
    0xc2,
    0x00,
    0x0b,
    0x08,
    0x02,
    0xd0,
    0x05,
    0x00,
    0x01,
    0x01,
    0x11,
    0x00, // SOF2 720×1280
  ];
  assert.deepEqual(imageSize(base64(jpeg), "jpeg"), { width: 1280, height: 720 });
  assert.equal(jpegSize(Uint8Array.from(jpeg.slice(0, 12))), undefined, "cut before the frame");
  assert.equal(imageSize(base64(pngHead(4, 4)), "jpeg"), undefined);
});

Deno.test("data that is not base64 has no size", () => {
  assert.equal(imageSize("!!!!not base64!!!!", "png"), undefined);
});
