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
