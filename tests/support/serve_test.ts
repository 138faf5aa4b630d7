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

Deno.test("serveFixtures() serves /delay/<ms>/<path> as the fixture at <path>, inside the root only", async () => {
  await using server = await serveFixtures();
  const late = await fetch(server.url("/delay/1/settle_fruit.json"));
  assert.equal(late.status, 200);
  assert.ok((await late.json()).includes("Mango"));
  const outside = await fetch(server.origin + "/delay/1/%2e%2e/support/serve.ts");
  await outside.body?.cancel();
  assert.equal(outside.status, 404);
});
