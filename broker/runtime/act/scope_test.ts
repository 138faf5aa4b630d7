import assert from "node:assert/strict";
import { isLeashError } from "../../../contracts/errors.ts";
import { navigationUrl } from "./scope.ts";

const origin = { kind: "origin", origin: "https://shop.example" } as const;
const tab = { kind: "tab" } as const;

Deno.test("navigationUrl() accepts the lease's exact origin", () => {
  assert.equal(
    navigationUrl("https://shop.example/cart?x=1#top", origin),
    "https://shop.example/cart?x=1#top",
  );
  assert.equal(navigationUrl("https://shop.example:443/", origin), "https://shop.example/");
});

Deno.test("navigationUrl() refuses other origins under an origin lease", () => {
  for (
    const url of [
      "https://evil.example/",
      "http://shop.example/",
      "https://shop.example:8443/",
      "https://sub.shop.example/",
      "https://shop.example.evil.example/",
    ]
  ) {
    assert.throws(() => navigationUrl(url, origin), (e) => isLeashError(e, "OUT_OF_SCOPE"), url);
  }
});

Deno.test("navigationUrl() refuses anything but HTTP(S), under any lease", () => {
  for (
    const url of [
      "javascript:alert(1)",
      "file:///etc/passwd",
      "data:text/html,x",
      "chrome://settings",
      "nope",
    ]
  ) {
    assert.throws(() => navigationUrl(url, tab), (e) => isLeashError(e, "OUT_OF_SCOPE"), url);
  }
  assert.equal(navigationUrl("http://anywhere.example/a", tab), "http://anywhere.example/a");
});
