/**
 * The four image actions: `inspect_image`, `resize_image`,
 * `compress_image` and `convert_image`. Files in, files out, inside the
 * workspace; see `image_file.ts` for the limits and what every output
 * loses (metadata) and gains (its upright orientation).
 *
 * @module
 */
import { z } from "zod";
import type { SkillAction } from "../skill.ts";
import {
  type ImageFormat,
  imageFormats,
  type ImageOutput,
  type ImagesContext,
  openImage,
  type VipsImage,
  writeOutput,
} from "./image_file.ts";

const path = z.string().min(1).max(4096);
const side = z.number().int().min(1).max(16_384);
const quality = z.number().int().min(1).max(100);

/** `inspect_image`'s arguments. */
export const InspectImageArgsSchema = z.strictObject({ path });

/** `resize_image`'s arguments: at least one side. */
export const ResizeImageArgsSchema = z.strictObject({
  path,
  output: path.optional(),
  width: side.optional(),
  height: side.optional(),
  /**
   * How the image meets both sides when both are given: `inside` keeps it
   * whole, `cover` crops to fill them, `fill` stretches to them.
   */
  fit: z.enum(["inside", "cover", "fill"]).default("inside"),
  /** Whether a smaller image may be enlarged. */
  enlarge: z.boolean().default(false),
}).refine((args) => args.width !== undefined || args.height !== undefined, {
  message: "width or height is required",
});

/** `compress_image`'s arguments. */
export const CompressImageArgsSchema = z.strictObject({
  path,
  output: path.optional(),
  quality: quality.default(75),
});

/** `convert_image`'s arguments. */
export const ConvertImageArgsSchema = z.strictObject({
  path,
  output: path.optional(),
  format: z.enum(imageFormats),
  quality: quality.optional(),
});

/** What `inspect_image` answers; sizes are as the image is shown, after orientation. */
export interface ImageInfo {
  readonly format: ImageFormat;
  readonly width: number;
  readonly height: number;
  readonly channels: number;
  readonly hasAlpha: boolean;
  readonly bytes: number;
  /** The EXIF orientation (1–8) the file declares, if any. */
  readonly orientation?: number;
  /** Whether the file carries EXIF, and GPS among it. */
  readonly exif: boolean;
  readonly gps: boolean;
}

/** A side no image reaches: "no limit" for the side the caller left out. */
const UNBOUNDED = 10_000_000;

/** `inspect_image`: the image's format, shown size and what metadata it carries. */
export async function inspectImage(
  args: z.infer<typeof InspectImageArgsSchema>,
  context: ImagesContext,
): Promise<ImageInfo> {
  const { image, format, bytes, fields } = await openImage(args.path, context);
  try {
    const orientation = fields.includes("orientation") ? image.getInt("orientation") : undefined;
    const turned = (orientation ?? 1) >= 5;
    return {
      format,
      width: turned ? image.height : image.width,
      height: turned ? image.width : image.height,
      channels: image.bands,
      hasAlpha: image.hasAlpha(),
      bytes,
      ...(orientation === undefined ? {} : { orientation }),
      exif: fields.includes("exif-data"),
      gps: fields.some((field) => field.startsWith("exif-ifd3-")),
    };
  } finally {
    image.delete();
  }
}

/** Where an output goes and how it is encoded, given the input's own format. */
type Target = Omit<Parameters<typeof writeOutput>[2], "input">;

/** Open `path`, write it through `transform` to the target chosen for its format, then free it. */
async function rewrite(
  path: string,
  context: ImagesContext,
  transform: (upright: VipsImage) => VipsImage,
  target: (format: ImageFormat) => Target,
): Promise<ImageOutput> {
  const opened = await openImage(path, context);
  try {
    return await writeOutput(opened, transform, { input: path, ...target(opened.format) }, context);
  } finally {
    opened.image.delete();
  }
}

const asItIs = (upright: VipsImage) => upright;

/** `resize_image`: the image scaled to the sides given, in its own format. */
export function resizeImage(
  args: z.infer<typeof ResizeImageArgsSchema>,
  context: ImagesContext,
): Promise<ImageOutput> {
  const both = args.width !== undefined && args.height !== undefined;
  const resize = (upright: VipsImage) =>
    upright.thumbnailImage(args.width ?? UNBOUNDED, {
      height: args.height ?? UNBOUNDED,
      size: both && args.fit === "fill" ? "force" : args.enlarge ? "both" : "down",
      ...(both && args.fit === "cover" ? { crop: "centre" } : {}),
    });
  return rewrite(args.path, context, resize, (format) => ({
    output: args.output,
    suffix: ".resized",
    format,
  }));
}

/** `compress_image`: the image re-encoded at `quality`, in its own format. */
export function compressImage(
  args: z.infer<typeof CompressImageArgsSchema>,
  context: ImagesContext,
): Promise<ImageOutput> {
  return rewrite(args.path, context, asItIs, (format) => ({
    output: args.output,
    suffix: ".compressed",
    format,
    quality: args.quality,
  }));
}

/** `convert_image`: the image in another format. */
export function convertImage(
  args: z.infer<typeof ConvertImageArgsSchema>,
  context: ImagesContext,
): Promise<ImageOutput> {
  return rewrite(args.path, context, asItIs, () => ({
    output: args.output,
    suffix: "",
    format: args.format,
    quality: args.quality,
  }));
}

/** The `inspect_image` action. */
export const inspectImageAction: SkillAction<
  typeof InspectImageArgsSchema,
  ImagesContext,
  ImageInfo
> = {
  action: "inspect_image",
  schema: InspectImageArgsSchema,
  run: inspectImage,
};

/** The `resize_image` action. */
export const resizeImageAction: SkillAction<
  typeof ResizeImageArgsSchema,
  ImagesContext,
  ImageOutput
> = {
  action: "resize_image",
  schema: ResizeImageArgsSchema,
  run: resizeImage,
};

/** The `compress_image` action. */
export const compressImageAction: SkillAction<
  typeof CompressImageArgsSchema,
  ImagesContext,
  ImageOutput
> = {
  action: "compress_image",
  schema: CompressImageArgsSchema,
  run: compressImage,
};

/** The `convert_image` action. */
export const convertImageAction: SkillAction<
  typeof ConvertImageArgsSchema,
  ImagesContext,
  ImageOutput
> = {
  action: "convert_image",
  schema: ConvertImageArgsSchema,
  run: convertImage,
};
