import assert from "node:assert/strict";
import { ActionSchema, base64Bytes, maxUploadBytes } from "./act.ts";

const upload = (files: unknown) => ActionSchema.safeParse({ kind: "upload", ref: "e1", files });

Deno.test("an upload carries files by value: a bare name, a media type, base64 bytes", () => {
  assert.ok(upload([{ name: "notes.txt", type: "text/plain", data: btoa("hello") }]).success);
  assert.ok(upload([{ name: "empty.bin", data: "" }]).success, "an empty file");
  assert.ok(!upload([]).success, "no file");
  assert.ok(!upload([{ name: "../etc/passwd", data: "" }]).success, "a folder in the name");
  assert.ok(!upload([{ name: "a\\b.txt", data: "" }]).success, "a Windows folder");
  assert.ok(!upload([{ name: "a\nb.txt", data: "" }]).success, "a control character");
  assert.ok(!upload([{ name: "a.txt", type: "text", data: "" }]).success, "no media type");
  assert.ok(!upload([{ name: "a.txt", data: "not base64!" }]).success);
  assert.ok(!upload([{ name: "a.txt", data: "", path: "/etc" }]).success, "no path field");
});

Deno.test("an upload holds at most 512 KiB together, counted as decoded bytes", () => {
  assert.equal(base64Bytes(btoa("a")), 1);
  assert.equal(base64Bytes(btoa("ab")), 2);
  assert.equal(base64Bytes(btoa("abc")), 3);
  // Just over half the cap each: one fits, two do not.
  const half = "A".repeat(4 * Math.ceil(maxUploadBytes / 2 / 3));
  assert.ok(upload([{ name: "a", data: half }]).success);
  assert.ok(!upload([{ name: "a", data: half }, { name: "b", data: half }]).success);
});
