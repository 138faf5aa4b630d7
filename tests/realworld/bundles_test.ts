import assert from "node:assert/strict";
import { join } from "node:path";
import { bundlePages } from "./bundles.ts";
import { pagesDir, servePages } from "./libraries.ts";

Deno.test("servePages() serves the script every page loads from /bundle/, built outside the pages", async () => {
  const before = listing(pagesDir);
  await using server = await servePages();
  let loaded = 0;
  for (const name of before.filter((name) => name.endsWith(".html"))) {
    const page = await Deno.readTextFile(join(pagesDir, name));
    for (const [, src] of page.matchAll(/<script[^>]* src="(\/bundle\/[^"]+)"/g)) {
      const script = await fetch(server.url(src));
      assert.equal(script.status, 200, `${name}: ${src}`);
      assert.equal(script.headers.get("content-type"), "text/javascript; charset=utf-8");
      // React's production build, as a deployed app ships it (the development build says this).
      assert.doesNotMatch(await script.text(), /Download the React DevTools/, src);
      loaded++;
    }
  }
  assert.ok(loaded > 0, "no page loads a bundle");
  const missing = await fetch(server.url("/bundle/missing.js"));
  await missing.body?.cancel();
  assert.equal(missing.status, 404);
  assert.deepEqual(listing(pagesDir), before);
});

Deno.test("bundlePages() rejects with deno bundle's own report when a page does not build", async () => {
  const sources = await Deno.makeTempDir({ prefix: "leash-bundles-test-" });
  try {
    await Deno.writeTextFile(join(sources, "broken.jsx"), 'import "./missing.js";\n');
    await assert.rejects(
      () => bundlePages(sources, join(sources, "out")),
      (error: Error) =>
        /^Cannot bundle the React pages/.test(error.message) &&
        /missing\.js/.test(String(error.cause)),
    );
  } finally {
    await Deno.remove(sources, { recursive: true });
  }
});

/** The names in `dir`, sorted. */
function listing(dir: string): string[] {
  return [...Deno.readDirSync(dir)].map((entry) => entry.name).sort();
}
