/**
 * Where the real-world pages come from: the folder of pages, and the
 * unmodified UI libraries they load from the workspace's `node_modules`
 * (pinned in `deno.json`, installed by `deno install` or any `deno` run),
 * served read-only under `/npm/` by the fixture server.
 *
 * @module
 */
import { fileURLToPath } from "node:url";
import { type FixtureServer, serveFixtures } from "../support/serve.ts";

/** The real-world pages. */
export const pagesDir: string = fileURLToPath(new URL("./pages/", import.meta.url));

/** The npm packages the pages load, each pinned to an exact version in `deno.json`. */
export const libraries: readonly string[] = [
  "flatpickr",
  "ag-grid-community",
  "choices.js",
  "quill",
  "@shoelace-style/shoelace",
  "tom-select",
  "tippy.js",
  "@popperjs/core",
  "bootstrap",
  "tinymce",
  "nouislider",
  "jquery",
  "jquery-ui",
  "sweetalert2",
];

/** Serve the pages and their libraries on 127.0.0.1. */
export function servePages(): Promise<FixtureServer> {
  return serveFixtures(pagesDir, { packages: libraries });
}
