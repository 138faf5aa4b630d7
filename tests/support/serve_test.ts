import assert from "node:assert/strict";
import { serveFixtures } from "./serve.ts";

Deno.test("serveFixtures() serves fixture pages on 127.0.0.1 and nothing outside them", async () => {
  await using server = await serveFixtures();
  assert.match(server.origin, /^http:\/\/127\.0\.0\.1:\d+$/);
  const page = await fetch(server.url("form.html"));
  assert.equal(page.status, 200);
  assert.equal(page.headers.get("content-type"), "text/html; charset=utf-8");
  assert.match(await page.text(), /<title>Contact form<\/title>/);
  for (
    const path of [
      "/missing.html",
      "/%2e%2e/support/serve.ts",
      "/..%2fsupport%2fserve.ts",
      "/%E0%A4%A",
    ]
  ) {
    const response = await fetch(server.origin + path);
    await response.body?.cancel();
    assert.ok(response.status === 404 || response.status === 400, `${path}: ${response.status}`);
  }
  assert.equal(new URL(server.otherOriginUrl("form.html")).hostname, "localhost");
});

Deno.test("serveFixtures() redirects /redirect?to= to an HTTP(S) URL, and refuses other targets", async () => {
  await using server = await serveFixtures();
  const target = server.otherOriginUrl("form.html");
  const hop = server.redirectUrl(target);
  assert.equal(new URL(hop).origin, server.origin);
  const response = await fetch(hop, { redirect: "manual" });
  await response.body?.cancel();
  assert.equal(response.status, 302);
  assert.equal(response.headers.get("location"), target);
  for (const to of ["javascript:alert(1)", "not a url"]) {
    const refused = await fetch(server.redirectUrl(to), { redirect: "manual" });
    await refused.body?.cancel();
    assert.equal(refused.status, 400, to);
  }
});

Deno.test("serveFixtures() serves the scripts and styles of the packages it is given, and nothing else of node_modules", async () => {
  await using server = await serveFixtures(undefined, { packages: ["flatpickr"] });
  const script = await fetch(server.packageUrl("flatpickr", "dist/flatpickr.min.js"));
  assert.equal(script.status, 200);
  assert.equal(script.headers.get("content-type"), "text/javascript; charset=utf-8");
  assert.match(await script.text(), /flatpickr/);
  for (
    const path of [
      "/npm/flatpickr/package.json",
      "/npm/zod/index.js",
      "/npm/flatpickr/%2e%2e/zod/index.js",
      "/npm/flatpickr/..%2f..%2fdeno.json",
      "/npm/flatpickrx/dist/flatpickr.min.js",
    ]
  ) {
    const response = await fetch(server.origin + path);
    await response.body?.cancel();
    assert.equal(response.status, 404, path);
  }
  await using plain = await serveFixtures();
  const none = await fetch(plain.packageUrl("flatpickr", "dist/flatpickr.min.js"));
  await none.body?.cancel();
  assert.equal(none.status, 404);
});

Deno.test("serveFixtures() serves its bundles folder under /bundle/, and nothing outside it", async () => {
  const parent = await Deno.makeTempDir({ prefix: "leash-serve-test-" });
  try {
    const bundles = `${parent}/bundles`;
    await Deno.mkdir(bundles);
    await Deno.writeTextFile(`${bundles}/page.js`, "console.log('built');\n");
    await Deno.writeTextFile(`${parent}/beside.js`, "console.log('not served');\n");
    await using server = await serveFixtures(undefined, { bundles });
    const script = await fetch(server.url("/bundle/page.js"));
    assert.equal(script.status, 200);
    assert.equal(script.headers.get("content-type"), "text/javascript; charset=utf-8");
    assert.equal(await script.text(), "console.log('built');\n");
    for (
      const path of ["/bundle/missing.js", "/bundle/%2e%2e/beside.js", "/bundle/..%2fbeside.js"]
    ) {
      const response = await fetch(server.origin + path);
      await response.body?.cancel();
      assert.equal(response.status, 404, path);
    }
    await using plain = await serveFixtures();
    const none = await fetch(plain.url("/bundle/page.js"));
    await none.body?.cancel();
    assert.equal(none.status, 404);
  } finally {
    await Deno.remove(parent, { recursive: true });
  }
});

Deno.test("serveFixtures() keeps what pages send to /report, in order", async () => {
  await using server = await serveFixtures();
  for (const outcome of ["first", "second"]) {
    const response = await fetch(`${server.origin}/report?page=p&outcome=${outcome}`);
    await response.body?.cancel();
    assert.equal(response.status, 204);
  }
  assert.deepEqual(server.reports().map((params) => params.get("outcome")), ["first", "second"]);
});

Deno.test("serveFixtures() answers a fixture asked for with ?delay= no sooner than that", async () => {
  await using server = await serveFixtures();
  const began = performance.now();
  const response = await fetch(`${server.url("form.html")}?delay=200`);
  await response.body?.cancel();
  assert.equal(response.status, 200);
  assert.ok(performance.now() - began >= 190, "answered before the delay");
});

Deno.test("serveFixtures() logs the path and query of every request it receives", async () => {
  await using server = await serveFixtures();
  assert.deepEqual(server.requests(), []);
  await (await fetch(server.url("form.html?x=1"))).body?.cancel();
  await (await fetch(server.url("missing.html"))).body?.cancel();
  assert.deepEqual(server.requests(), ["/form.html?x=1", "/missing.html"]);
});
