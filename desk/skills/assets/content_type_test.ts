import assert from "node:assert/strict";
import { declaredKinds, mediaType, sniffKind } from "./content_type.ts";
import { safeFileName } from "../file_name.ts";

const bytes = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));

Deno.test("sniffing names the kind of each accepted format and refuses markup and executables", () => {
  const cases: [string, string | undefined][] = [
    ["\x89PNG\r\n\x1a\n....", "image/png"],
    ["\xff\xd8\xff\xe0..JFIF", "image/jpeg"],
    ["RIFF\0\0\0\0WEBPVP8 ", "image/webp"],
    ["GIF89a..", "image/gif"],
    ["%PDF-1.7\n", "application/pdf"],
    ["hello, world\n", "text/plain"],
    ["<!DOCTYPE html><html>", undefined],
    ["\uFEFF  <svg xmlns='http://www.w3.org/2000/svg'>", undefined],
    ["<?xml version='1.0'?><svg/>", undefined],
    ["MZ\x90\0\x03", undefined],
    ["\x7fELF\x02\x01", undefined],
    ["#!/bin/sh\nrm -rf ~", undefined],
    ["\xcf\xfa\xed\xfe\x07", undefined],
    ["\0asm\x01\0\0\0", undefined],
  ];
  for (const [head, type] of cases) assert.equal(sniffKind(bytes(head))?.type, type, head);
});

Deno.test("a declared type names its kinds; markup types name none", () => {
  assert.equal(mediaType("Image/PNG; charset=binary"), "image/png");
  assert.equal(mediaType(undefined), undefined);
  assert.deepEqual(declaredKinds("image/png").map((kind) => kind.type), ["image/png"]);
  for (
    const type of [
      "text/html",
      "image/svg+xml",
      "application/xhtml+xml",
      "application/x-msdownload",
      "application/octet-stream",
    ]
  ) {
    assert.deepEqual(declaredKinds(type), [], type);
  }
});

Deno.test("a saved file's name is one safe segment with its kind's extension", () => {
  const cases: [string, string][] = [
    ["photo.png", "photo.png"],
    ["..%2F..%2Fetc%2Fpasswd", "passwd.png"],
    ["a\\b\\evil.html", "evil.png"],
    [".htaccess", "htaccess.png"],
    ["...", "download.png"],
    ["", "download.png"],
    ["CON.txt", "_CON.png"],
    ["my photo (1).jpeg", "my_photo_1.png"],
    ["%E2%9C%93check.gif", "check.png"],
    ["bad%zz.png", "bad_zz.png"],
  ];
  for (const [name, safe] of cases) assert.equal(safeFileName(name, "png"), safe, name);
  assert.equal(safeFileName("x".repeat(300), "png").length, 104);
});
