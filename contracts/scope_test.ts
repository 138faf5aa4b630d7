import assert from "node:assert/strict";
import type { LeaseScope } from "./methods/mod.ts";
import { inLeaseScope, navigationTarget } from "./scope.ts";

const shop: LeaseScope = { kind: "origin", origin: "https://shop.example" };
const tab: LeaseScope = { kind: "tab" };

/** URLs no lease covers, whatever its kind. */
const neverInScope = [
  "about:blank",
  "about:srcdoc",
  "data:text/html,<p>x</p>",
  "blob:https://shop.example/0b6c5e2c",
  "javascript:alert(1)",
  "file:///etc/passwd",
  "chrome://settings",
  "chrome-extension://abcdefghijklmnopabcdefghijklmnop/popup.html",
  "view-source:https://shop.example/",
  "ftp://shop.example/",
  "ws://shop.example/",
  "not a url",
  "/cart",
  "",
];

Deno.test("inLeaseScope() accepts the origin lease's exact origin, however the URL spells it", () => {
  for (
    const url of [
      "https://shop.example/",
      "https://shop.example/cart?x=1#top",
      "https://SHOP.Example/cart",
      "https://shop.example:443/",
      "HTTPS://shop.example/",
      "https://user:secret@shop.example/",
    ]
  ) {
    assert.equal(inLeaseScope(shop, url), true, url);
  }
});

Deno.test("inLeaseScope() refuses every other origin under an origin lease", () => {
  for (
    const url of [
      "https://evil.example/",
      "http://shop.example/",
      "https://shop.example:8443/",
      "https://sub.shop.example/",
      "https://shop.example.evil.example/",
      "https://shop.example./",
      "https://shop.example@evil.example/",
      "https://evil.example/?https://shop.example",
      "https://[::1]/",
    ]
  ) {
    assert.equal(inLeaseScope(shop, url), false, url);
  }
});

Deno.test("inLeaseScope() compares IPv6 and non-default ports exactly", () => {
  const local: LeaseScope = { kind: "origin", origin: "http://[::1]:8080" };
  assert.equal(inLeaseScope(local, "http://[::1]:8080/a"), true);
  assert.equal(inLeaseScope(local, "http://[0:0:0:0:0:0:0:1]:8080/a"), true);
  assert.equal(inLeaseScope(local, "http://[::1]/a"), false);
  assert.equal(inLeaseScope(local, "http://127.0.0.1:8080/a"), false);
});

Deno.test("inLeaseScope() accepts any HTTP(S) page under a tab lease", () => {
  assert.equal(inLeaseScope(tab, "http://anything.test/"), true);
  assert.equal(inLeaseScope(tab, "https://elsewhere.example:8443/a"), true);
  assert.equal(inLeaseScope(tab, "http://[::1]:9/"), true);
});

Deno.test("inLeaseScope() refuses anything but HTTP(S), under any lease", () => {
  for (const url of [...neverInScope, undefined]) {
    assert.equal(inLeaseScope(shop, url), false, String(url));
    assert.equal(inLeaseScope(tab, url), false, String(url));
  }
});

Deno.test("inLeaseScope() matches nothing under a scope whose origin is not canonical", () => {
  for (
    const origin of [
      "https://Shop.Example",
      "https://shop.example:443",
      "https://shop.example/",
      "file://shop.example",
    ]
  ) {
    assert.equal(inLeaseScope({ kind: "origin", origin }, "https://shop.example/"), false, origin);
  }
});

Deno.test("navigationTarget() gives the absolute URL of a navigation inside the scope", () => {
  assert.equal(
    navigationTarget(shop, "https://shop.example/cart?x=1#top"),
    "https://shop.example/cart?x=1#top",
  );
  assert.equal(navigationTarget(shop, "https://SHOP.example:443"), "https://shop.example/");
  assert.equal(navigationTarget(tab, "http://anywhere.example/a"), "http://anywhere.example/a");
});

Deno.test("navigationTarget() is undefined for a navigation that leaves the scope", () => {
  assert.equal(navigationTarget(shop, "https://evil.example/"), undefined);
  assert.equal(navigationTarget(shop, "http://shop.example/"), undefined);
  for (const url of neverInScope) {
    assert.equal(navigationTarget(shop, url), undefined, url);
    assert.equal(navigationTarget(tab, url), undefined, url);
  }
});
