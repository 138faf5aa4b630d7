/**
 * Where the real-world pages come from: the folder of pages, and the
 * unmodified UI libraries they load from the workspace's `node_modules`
 * (pinned in `deno.json`, installed by `deno install` or any `deno` run),
 * served read-only under `/npm/` by the fixture server; and the React pages'
 * scripts, bundled from `pages/<name>.jsx` when the server starts and
 * served under `/bundle/` (see `bundles.ts`).
 *
 * @module
 */
import { fileURLToPath } from "node:url";
import { type FixtureServer, serveFixtures } from "../support/serve.ts";
import { bundlePages } from "./bundles.ts";

/** The real-world pages. */
export const pagesDir: string = fileURLToPath(new URL("./pages/", import.meta.url));

/**
 * The npm packages the pages load with `<script src>`, each pinned to an
 * exact version in `deno.json` (the React pages' libraries are in their bundles).
 */
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
  "bootstrap-select",
  "tinymce",
  "nouislider",
  "jquery",
  "jquery-ui",
  "sweetalert2",
  "select2",
  "ckeditor5",
  "@mantine/core",
  "react-datepicker",
  "slim-select",
  "sortablejs",
  "vue",
  "element-plus",
  "monaco-editor",
  "fullcalendar",
  "handsontable",
  "@vaadin/vaadin-lumo-styles",
  "swiper",
  "datatables.net",
  "datatables.net-dt",
  "tabulator-tables",
  "leaflet",
  "trix",
  "primevue",
  "@primeuix/themes",
  "vuetify",
  "fomantic-ui-css",
  "chosen-js",
  "@ionic/core",
  "intl-tel-input",
  "inputmask",
  "imask",
  "dropzone",
  "bootstrap-datepicker",
  "daterangepicker",
  "moment",
  "jstree",
  "@yaireo/tagify",
  "quasar",
  "@github/details-menu-element",
  "@blueprintjs/core",
  "@blueprintjs/select",
  "driver.js",
  "naive-ui",
  "tributejs",
];

/**
 * Bundle the React pages into a temporary folder, then serve the pages,
 * their libraries and the bundles on 127.0.0.1; closing the server removes
 * the folder.
 */
export async function servePages(): Promise<FixtureServer> {
  const bundles = await Deno.makeTempDir({ prefix: "leash-realworld-bundles-" });
  const removeBundles = () => Deno.remove(bundles, { recursive: true });
  let server: FixtureServer;
  try {
    await bundlePages(pagesDir, bundles);
    server = await serveFixtures(pagesDir, { packages: libraries, bundles });
  } catch (error) {
    await removeBundles();
    throw error;
  }
  const close = async () => {
    try {
      await server.close();
    } finally {
      await removeBundles();
    }
  };
  return { ...server, close, [Symbol.asyncDispose]: close };
}
