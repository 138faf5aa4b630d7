import assert from "node:assert/strict";
import { httpOrigin, isHttpUrl } from "./origin.ts";

Deno.test("httpOrigin() leaves out the default port and lowercases the host", () => {
  assert.equal(httpOrigin("https://Shop.Example:443/a?b#c"), "https://shop.example");
  assert.equal(httpOrigin("HTTP://EXAMPLE.COM:80/"), "http://example.com");
  assert.equal(httpOrigin("http://127.0.0.1:8080/"), "http://127.0.0.1:8080");
  assert.equal(httpOrigin("https://example.com:8443/x"), "https://example.com:8443");
});

Deno.test("httpOrigin() drops userinfo and keeps IPv6 brackets and trailing dots", () => {
  assert.equal(httpOrigin("https://user:secret@example.com/"), "https://example.com");
  assert.equal(httpOrigin("https://example.com@evil.test/"), "https://evil.test");
  assert.equal(httpOrigin("http://[::1]:8080/"), "http://[::1]:8080");
  assert.equal(httpOrigin("https://example.com./"), "https://example.com.");
});

Deno.test("httpOrigin() is undefined for anything but an HTTP(S) URL", () => {
  for (
    const url of [
      "chrome://settings",
      "chrome-extension://abc/popup.html",
      "file:///tmp/x.html",
      "about:blank",
      "data:text/html,x",
      "blob:https://example.com/0b6c5e2c",
      "javascript:alert(1)",
      "ws://example.com/",
      "not a url",
      "",
      "/relative/path",
      undefined,
    ]
  ) {
    assert.equal(httpOrigin(url), undefined, String(url));
    assert.equal(isHttpUrl(url), false, String(url));
  }
  assert.equal(isHttpUrl("https://example.com/"), true);
});
