/**
 * The images skill: `inspect_image`, `resize_image`, `compress_image`,
 * `convert_image`, and its runtime probe.
 *
 * @module
 */
export {
  compressImageAction,
  CompressImageArgsSchema,
  convertImageAction,
  ConvertImageArgsSchema,
  type ImageInfo,
  inspectImageAction,
  InspectImageArgsSchema,
  resizeImageAction,
  ResizeImageArgsSchema,
} from "./image_actions.ts";
export { loadVips } from "./engine.ts";
export {
  DEFAULT_IMAGE_LIMITS,
  encode,
  type ImageLimits,
  type ImageOutput,
  type ImagesContext,
  type VipsImage,
} from "./image_file.ts";
export { imagesRuntime } from "./runtime.ts";
