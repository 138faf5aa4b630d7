import assert from "node:assert/strict";
import { pathSyntaxProblem } from "./syntax.ts";

Deno.test("pathSyntaxProblem() refuses forms no OS should open, on every OS", () => {
  const refused: [string, string][] = [
    ["a\u0000b", "control-character"],
    ["//server/share", "unc-or-device"],
    ["\\\\?\\C:\\x", "unc-or-device"],
    ["a.txt:stream", "stream-or-drive"],
    ["C:\\x", "stream-or-drive"],
    ["CON", "reserved-name"],
    ["sub/nul.txt", "reserved-name"],
    ["COM¹", "reserved-name"],
    ["con.d/ok.txt", "reserved-name"],
    ["a.", "trailing-dot-or-space"],
    ["dir /x", "trailing-dot-or-space"],
    ["a?b", "reserved-character"],
  ];
  for (const [path, problem] of refused) {
    assert.equal(pathSyntaxProblem(path, "linux"), problem, JSON.stringify(path));
  }
  for (const path of ["a.txt", "src/main.ts", "../x", ".", "..", "/abs/path", "console.ts"]) {
    assert.equal(pathSyntaxProblem(path, "linux"), undefined, path);
  }
});

Deno.test("pathSyntaxProblem() takes a drive letter as a drive on Windows only, and never a drive-relative one", () => {
  assert.equal(pathSyntaxProblem("C:\\Projects\\a.txt", "windows"), undefined);
  assert.equal(pathSyntaxProblem("C:a.txt", "windows"), "drive-relative");
  assert.equal(pathSyntaxProblem("C:\\a.txt:zone", "windows"), "stream-or-drive");
});
