/**
 * An image file as the image actions handle it: read through the host's
 * path rule, identified from its header and held to the size and pixel
 * limits before any pixel is decoded, turned upright by its EXIF
 * orientation, and written back
 * in png, jpeg or webp with no metadata (EXIF, GPS, XMP, ICC), so nothing
 * about where a photo was taken leaves with it.
 *
 * @module
 */
import { readFile, stat } from "node:fs/promises";
import { basename, dirname } from "node:path";
import { DeskFailure } from "../../../contracts/desk/codes.ts";
import { destination } from "../destination.ts";
import { safeFileName } from "../file_name.ts";
import { publishFile } from "../publish.ts";
import type { ResolveInside } from "../skill.ts";
import { loadVips, type Vips } from "./engine.ts";

/** The image formats read and written. */
export const imageFormats = ["png", "jpeg", "webp"] as const;

/** An image format. */
export type ImageFormat = typeof imageFormats[number];

const extensions: Readonly<Record<ImageFormat, string>> = { png: "png", jpeg: "jpg", webp: "webp" };

/** The limits the host may set. */
export interface ImageLimits {
  readonly maxInputBytes: number;
  /** Width times height, read from the header before decoding. */
  readonly maxPixels: number;
}

/** The limits when the host sets none: 50 MB and 50 megapixels. */
export const DEFAULT_IMAGE_LIMITS: ImageLimits = {
  maxInputBytes: 50 * 1024 * 1024,
  maxPixels: 50_000_000,
};

/** What the image actions need from the host. */
export interface ImagesContext {
  readonly resolveInside: ResolveInside;
  readonly limits?: ImageLimits;
}

/** What an image action wrote. */
export interface ImageOutput {
  readonly path: string;
  readonly format: ImageFormat;
  readonly width: number;
  readonly height: number;
  readonly bytes: number;
}

export function failed(reason: string): DeskFailure {
  return new DeskFailure("IMAGE_PROCESSING_FAILED", { reason });
}

/** One libvips image. */
export type VipsImage = InstanceType<Vips["Image"]>;

const formatsByLoader: Readonly<Record<string, ImageFormat>> = {
  pngload_buffer: "png",
  jpegload_buffer: "jpeg",
  webpload_buffer: "webp",
};

/** An opened image: its header, read before any pixel is decoded. */
export interface OpenedImage {
  readonly vips: Vips;
  readonly image: VipsImage;
  readonly format: ImageFormat;
  readonly bytes: number;
  /** The header's metadata field names (`orientation`, `exif-data`, `exif-ifd3-…`). */
  readonly fields: readonly string[];
}

/**
 * The image at `path`, through the host's path rule, identified and held to
 * the size and pixel limits before anything is decoded. The caller deletes
 * `image` when done.
 */
export async function openImage(path: string, context: ImagesContext): Promise<OpenedImage> {
  const limits = context.limits ?? DEFAULT_IMAGE_LIMITS;
  const vips = await loadVips();
  if (vips === undefined) throw new DeskFailure("SKILL_RUNTIME_UNAVAILABLE");
  const absolute = await context.resolveInside(path, { write: false });
  const info = await stat(absolute).catch(() => undefined);
  if (info === undefined || !info.isFile()) throw new DeskFailure("FILE_NOT_FOUND");
  if (info.size > limits.maxInputBytes) throw failed("size");
  const bytes = new Uint8Array(await readFile(absolute));
  let image: VipsImage;
  try {
    // Reads the header only; pixels are decoded when an output needs them.
    image = vips.Image.newFromBuffer(bytes, "", { fail_on: "truncated" });
  } catch {
    throw new DeskFailure("UNSUPPORTED_IMAGE_FORMAT");
  }
  try {
    const loader = image.getString("vips-loader");
    if (!Object.hasOwn(formatsByLoader, loader)) throw new DeskFailure("UNSUPPORTED_IMAGE_FORMAT");
    if (image.width * image.height > limits.maxPixels) throw failed("pixels");
    const list = image.getFields();
    const fields: string[] = [];
    for (let i = 0; i < list.size(); i++) {
      const name = list.get(i);
      if (name !== undefined) fields.push(name);
    }
    list.delete();
    return { vips, image, format: formatsByLoader[loader], bytes: bytes.length, fields };
  } catch (error) {
    image.delete();
    throw error;
  }
}

/** `image` encoded as `format`, with every metadata field left out. */
export function encode(image: VipsImage, format: ImageFormat, quality?: number): Uint8Array {
  // `keep: 0` keeps no metadata: no EXIF, GPS, XMP, IPTC or ICC profile.
  if (format === "png") {
    const lossy = quality !== undefined && quality < 100;
    return image.writeToBuffer(".png", {
      compression: 9,
      keep: 0,
      ...(lossy ? { palette: true, Q: quality } : {}),
    });
  }
  if (format === "jpeg") return image.writeToBuffer(".jpg", { Q: quality ?? 80, keep: 0 });
  return image.writeToBuffer(".webp", { Q: quality ?? 80, keep: 0 });
}

/**
 * Runs `transform` on the opened image turned upright, encodes the result
 * as `target.format` and publishes it: at the caller's path, or under a
 * free name beside the input. Every intermediate image is deleted.
 */
export async function writeOutput(
  opened: OpenedImage,
  transform: (upright: VipsImage) => VipsImage,
  target: {
    input: string;
    output: string | undefined;
    suffix: string;
    format: ImageFormat;
    quality?: number;
  },
  context: ImagesContext,
): Promise<ImageOutput> {
  let data: Uint8Array;
  let width: number;
  let height: number;
  const made: VipsImage[] = [];
  try {
    const upright = opened.image.autorot();
    made.push(upright);
    const result = transform(upright);
    if (result !== upright) made.push(result);
    data = encode(result, target.format, target.quality);
    width = result.width;
    height = result.height;
  } catch {
    throw failed("pipeline");
  } finally {
    for (const image of made) image.delete();
  }
  const extension = extensions[target.format];
  const stem = safeFileName(basename(target.input), extension).slice(0, -extension.length - 1);
  const place = await destination(
    target.output ?? `${dirname(target.input)}/`,
    `${stem}${target.suffix}.${extension}`,
    { extension, resolveInside: context.resolveInside },
  );
  await publishFile(place.absolute, async (file) => {
    await file.write(data);
  });
  return { path: place.relative, format: target.format, width, height, bytes: data.length };
}
