import assert from "node:assert/strict";
import { isPreviewHost, previewRoute } from "./preview_route.ts";

const token = "ab".repeat(24);

Deno.test("isPreviewHost admits only the preview's own loopback names and port", () => {
  assert.ok(isPreviewHost("127.0.0.1:8123", 8123));
  assert.ok(isPreviewHost("LOCALHOST:8123", 8123));
  for (
    const host of [
      undefined,
      "",
      "127.0.0.1",
      "127.0.0.1:8124",
      "localhost",
      "evil.example:8123",
      "127.0.0.1.nip.io:8123",
      "[::1]:8123",
      "127.0.0.1:8123 ",
    ]
  ) {
    assert.equal(isPreviewHost(host, 8123), false, String(host));
  }
});

Deno.test("previewRoute needs the exact token as the first segment", () => {
  assert.deepEqual(previewRoute(`/${token}/a/b.html?x=1#y`, token), {
    kind: "file",
    segments: ["a", "b.html"],
    folder: false,
  });
  assert.deepEqual(previewRoute(`/${token}/`, token), { kind: "file", segments: [], folder: true });
  assert.deepEqual(previewRoute(`/${token}`, token), {
    kind: "redirect",
    location: `/${token}/`,
  });
  for (const target of ["/", "/index.html", `/${token.slice(1)}/`, `/${token}x/`, `/x${token}/`]) {
    assert.deepEqual(previewRoute(target, token), { kind: "not-found" }, target);
  }
  assert.deepEqual(previewRoute(`http://evil/${token}/`, token), { kind: "bad-request" });
});

Deno.test("previewRoute decodes names and refuses dot segments, encoded separators and NUL", () => {
  assert.deepEqual(previewRoute(`/${token}/a%20b/c%24.txt`, token), {
    kind: "file",
    segments: ["a b", "c$.txt"],
    folder: false,
  });
  for (
    const rest of ["..", "a/../b", "%2e%2e/x", ".", "./x", "a%2fb", "a%5cb", "a\\b", "a%00b", "%2E"]
  ) {
    assert.deepEqual(previewRoute(`/${token}/${rest}`, token), { kind: "refused" }, rest);
  }
  assert.deepEqual(previewRoute(`/${token}/%E0%A4%A`, token), { kind: "bad-request" });
});
