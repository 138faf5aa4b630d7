/**
 * The image engine: libvips compiled to WebAssembly (`wasm-vips`). One
 * artifact for every platform, with no native addon to load: it runs under
 * `deno run` and inside a compiled host alike, needs no `--allow-ffi` (which
 * would hand the host every native capability), and adds no per-platform
 * packages that cross-compiling would have to fetch. Only the core module
 * is loaded: no HEIF, JPEG XL or SVG, so those are never parsed. Loaded on
 * first use, so a host whose images skill is off never pays for it.
 *
 * @module
 */
import type VipsFactory from "wasm-vips";

/** The initialised libvips module. */
export type Vips = Awaited<ReturnType<typeof VipsFactory>>;

let loaded: Promise<Vips | undefined> | undefined;

/** libvips, or `undefined` when it cannot start here. */
export function loadVips(): Promise<Vips | undefined> {
  loaded ??= import("wasm-vips").then(
    ({ default: start }) => start({ dynamicLibraries: [] }),
  ).then(
    (vips) => {
      // The engine keeps no decoded images between actions.
      vips.Cache.max(0);
      return vips;
    },
    () => undefined,
  );
  return loaded;
}
