import assert from "node:assert/strict";
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { png } from "../testing/png.ts";
import { deskFailure } from "../testing/failure.ts";
import { type TestWorkspace, testWorkspace } from "../testing/workspace.ts";
import { loadVips, type Vips } from "./engine.ts";
import { imagesRuntime } from "./runtime.ts";
import {
  compressImage,
  convertImage,
  ConvertImageArgsSchema,
  inspectImage,
  resizeImage,
  ResizeImageArgsSchema,
} from "./image_actions.ts";

async function vips(): Promise<Vips> {
  const loaded = await loadVips();
  assert.ok(loaded !== undefined);
  return loaded;
}

/** The metadata field names and size of the image file at `path`. */
async function metadataOf(path: string) {
  const image = (await vips()).Image.newFromBuffer(await readFile(path));
  try {
    const list = image.getFields();
    const fields: string[] = [];
    for (let i = 0; i < list.size(); i++) fields.push(list.get(i) ?? "");
    list.delete();
    return {
      format: image.getString("vips-loader").replace("load_buffer", ""),
      width: image.width,
      height: image.height,
      fields,
    };
  } finally {
    image.delete();
  }
}

/** A 64×32 photo stored sideways (EXIF orientation 6) with a GPS position. */
async function sidewaysPhoto(): Promise<Uint8Array> {
  const image = (await vips()).Image.newFromBuffer(png(64, 32));
  try {
    image.setInt("orientation", 6);
    image.setString("exif-ifd3-GPSLatitudeRef", "N");
    image.setString("exif-ifd0-Copyright", "fixture");
    return image.writeToBuffer(".jpg", { Q: 90 });
  } finally {
    image.delete();
  }
}

/** A 1×1 GIF. */
const gif = Uint8Array.from(
  atob("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7"),
  (char) => char.charCodeAt(0),
);

async function fixtures(ws: TestWorkspace) {
  await writeFile(join(ws.root, "chart.png"), png(64, 32));
  await writeFile(join(ws.root, "photo.jpg"), await sidewaysPhoto());
  // A header claiming 100,000 × 100,000 pixels over a few bytes of data.
  await writeFile(join(ws.root, "bomb.png"), png(4, 4, { claim: 100_000 }));
  await writeFile(join(ws.root, "anim.gif"), gif);
  await writeFile(
    join(ws.root, "logo.svg"),
    '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"/>',
  );
  await writeFile(join(ws.root, "noise.png"), "not an image at all");
  const whole = png(64, 64);
  await writeFile(join(ws.root, "cut.png"), whole.subarray(0, 60));
}

Deno.test("inspect_image reports format, upright size and the metadata a file carries", async () => {
  await using ws = await testWorkspace();
  await fixtures(ws);
  const context = { resolveInside: ws.resolveInside };
  const chart = await inspectImage({ path: "chart.png" }, context);
  assert.deepEqual(
    { ...chart, bytes: 0 },
    {
      format: "png",
      width: 64,
      height: 32,
      channels: 3,
      hasAlpha: false,
      bytes: 0,
      exif: false,
      gps: false,
    },
  );
  const photo = await inspectImage({ path: "photo.jpg" }, context);
  assert.equal(photo.format, "jpeg");
  assert.equal(photo.orientation, 6);
  assert.deepEqual([photo.width, photo.height], [32, 64]);
  assert.equal(photo.exif, true);
  assert.equal(photo.gps, true);
});

Deno.test("resize_image turns the image upright and strips its metadata, GPS included", async () => {
  await using ws = await testWorkspace();
  await fixtures(ws);
  const context = { resolveInside: ws.resolveInside };
  const result = await resizeImage(
    { path: "photo.jpg", width: 16, fit: "inside", enlarge: false },
    context,
  );
  assert.deepEqual(result, {
    ...result,
    path: "photo.resized.jpg",
    format: "jpeg",
    width: 16,
    height: 32,
  });
  const written = await metadataOf(join(ws.root, "photo.resized.jpg"));
  assert.equal(written.width, 16);
  assert.equal(written.height, 32);
  // Only the pixel description is left: no EXIF, orientation, XMP, IPTC or ICC field.
  assert.deepEqual(
    written.fields.filter((field) => /exif|orientation|xmp|iptc|icc|gps/i.test(field)),
    [],
  );
  const after = await inspectImage({ path: "photo.resized.jpg" }, context);
  assert.equal(after.gps, false);
  // Without `enlarge` a small image keeps its size.
  const kept = await resizeImage(
    { path: "chart.png", width: 500, fit: "inside", enlarge: false },
    context,
  );
  assert.deepEqual([kept.width, kept.height, kept.path], [64, 32, "chart.resized.png"]);
});

Deno.test("convert_image and compress_image write png, jpeg and webp files", async () => {
  await using ws = await testWorkspace();
  await fixtures(ws);
  const context = { resolveInside: ws.resolveInside };
  await mkdir(join(ws.root, "out"));
  const webp = await convertImage({ path: "chart.png", format: "webp" }, context);
  assert.equal(webp.path, "chart.webp");
  assert.equal(
    (await metadataOf(join(ws.root, "chart.webp"))).format,
    "webp",
  );
  const jpeg = await convertImage(
    { path: "chart.webp", format: "jpeg", output: "out/thumb.png" },
    context,
  );
  assert.equal(jpeg.path, "out/thumb.jpg");
  assert.equal(
    (await metadataOf(join(ws.root, "out/thumb.jpg"))).format,
    "jpeg",
  );
  const back = await convertImage({ path: "photo.jpg", format: "png" }, context);
  assert.deepEqual([back.format, back.width, back.height], ["png", 32, 64]);

  const high = await compressImage({ path: "photo.jpg", quality: 95, output: "high.jpg" }, context);
  const low = await compressImage({ path: "photo.jpg", quality: 20, output: "low.jpg" }, context);
  assert.ok(low.bytes < high.bytes, `${low.bytes} < ${high.bytes}`);
  const taken = await deskFailure(
    compressImage({ path: "photo.jpg", quality: 20, output: "low.jpg" }, context),
  );
  assert.equal(taken.code, "FILE_ALREADY_EXISTS");
});

Deno.test("a PNG claiming 100,000² pixels is refused from its header, before decoding", async () => {
  await using ws = await testWorkspace();
  await fixtures(ws);
  const context = { resolveInside: ws.resolveInside };
  const actions = [
    () => inspectImage({ path: "bomb.png" }, context),
    () => resizeImage({ path: "bomb.png", width: 10, fit: "inside", enlarge: false }, context),
    () => convertImage({ path: "bomb.png", format: "webp" }, context),
    () => compressImage({ path: "bomb.png", quality: 50 }, context),
  ];
  for (const action of actions) {
    const error = await deskFailure(action());
    assert.equal(error.code, "IMAGE_PROCESSING_FAILED");
    assert.equal(error.detail?.reason, "pixels");
  }
  // A tighter host limit holds the same way on an ordinary image.
  const tight = {
    resolveInside: ws.resolveInside,
    limits: { maxInputBytes: 1e6, maxPixels: 1000 },
  };
  assert.equal(
    (await deskFailure(inspectImage({ path: "chart.png" }, tight))).code,
    "IMAGE_PROCESSING_FAILED",
  );
});

Deno.test("other formats are unsupported and a broken image fails to process", async () => {
  await using ws = await testWorkspace();
  await fixtures(ws);
  const context = { resolveInside: ws.resolveInside };
  for (const path of ["anim.gif", "logo.svg", "noise.png"]) {
    const error = await deskFailure(convertImage({ path, format: "png" }, context));
    assert.equal(error.code, "UNSUPPORTED_IMAGE_FORMAT", path);
  }
  const cut = await deskFailure(convertImage({ path: "cut.png", format: "webp" }, context));
  assert.equal(cut.code, "IMAGE_PROCESSING_FAILED");
  const missing = await deskFailure(inspectImage({ path: "gone.png" }, context));
  assert.equal(missing.code, "FILE_NOT_FOUND");
  const outside = await deskFailure(inspectImage({ path: "../../etc/passwd" }, context));
  assert.equal(outside.code, "WORKSPACE_VIOLATION");
  const names = (await readdir(ws.root)).sort();
  assert.deepEqual(names, [
    "anim.gif",
    "bomb.png",
    "chart.png",
    "cut.png",
    "logo.svg",
    "noise.png",
    "photo.jpg",
  ]);
});

Deno.test("the image actions' schemas refuse unknown and ill-typed fields", () => {
  assert.ok(ResizeImageArgsSchema.safeParse({ path: "a.png", width: 10 }).success);
  assert.ok(ConvertImageArgsSchema.safeParse({ path: "a.png", format: "webp" }).success);
  for (
    const bad of [
      { path: "a.png" },
      { path: "a.png", width: 0 },
      { path: "a.png", width: 20_000 },
      { path: "a.png", width: 10, keepMetadata: true },
    ]
  ) {
    assert.equal(ResizeImageArgsSchema.safeParse(bad).success, false, JSON.stringify(bad));
  }
  for (
    const bad of [{ path: "a.png", format: "gif" }, { path: "a.png", format: "svg" }, {
      path: "a.png",
      format: "png",
      quality: 0,
    }]
  ) {
    assert.equal(ConvertImageArgsSchema.safeParse(bad).success, false, JSON.stringify(bad));
  }
});

Deno.test("the images skill is available wherever its WebAssembly libvips starts", async () => {
  assert.deepEqual(await imagesRuntime(), { available: true });
});
