import assert from "node:assert/strict";
import { httpOrigin, isHttpUrl } from "./origin.ts";

Deno.test("httpOrigin gives the origin of HTTP(S) pages only", () => {
  assert.equal(httpOrigin("https://Shop.Example:443/a?b#c"), "https://shop.example");
  assert.equal(httpOrigin("http://127.0.0.1:8080/"), "http://127.0.0.1:8080");
  assert.equal(httpOrigin("chrome://settings"), undefined);
  assert.equal(httpOrigin("chrome-extension://abc/popup.html"), undefined);
  assert.equal(httpOrigin("file:///tmp/x.html"), undefined);
  assert.equal(httpOrigin("not a url"), undefined);
  assert.equal(httpOrigin(undefined), undefined);
  assert.equal(isHttpUrl("about:blank"), false);
});
