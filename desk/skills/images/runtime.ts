/**
 * Whether this machine can process images: the WebAssembly build of
 * libvips must start.
 *
 * @module
 */
import type { SkillRuntime } from "../skill.ts";
import { loadVips } from "./engine.ts";

/** The images skill's runtime probe. */
export async function imagesRuntime(): Promise<SkillRuntime> {
  if (await loadVips() !== undefined) return { available: true };
  return {
    available: false,
    missing: "wasm-vips",
    reason: "The image library (libvips as WebAssembly) could not start.",
  };
}
