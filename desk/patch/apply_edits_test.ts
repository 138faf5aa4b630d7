import assert from "node:assert/strict";
import { DeskFailure } from "../../contracts/desk/codes.ts";
import { applyEdits, joinText, matchStarts, splitText, whitespaceNearMiss } from "./apply_edits.ts";

function failure(run: () => unknown): DeskFailure {
  try {
    run();
  } catch (error) {
    if (error instanceof DeskFailure) return error;
    throw error;
  }
  assert.fail("expected a DeskFailure");
}

Deno.test("matchStarts() counts overlapping matches", () => {
  assert.deepEqual(matchStarts("aaa", "aa"), [0, 1]);
  assert.deepEqual(matchStarts("abcabc", "abc"), [0, 3]);
  assert.deepEqual(matchStarts("abc", "x"), []);
});

Deno.test("an overlapping second match makes an edit ambiguous, naming how many and where", () => {
  const error = failure(() => applyEdits("x\naaa\n", [{ oldText: "aa", newText: "b" }]));
  assert.equal(error.code, "PATCH_TARGET_NOT_UNIQUE");
  assert.deepEqual(error.detail, { edit: 0, matches: 2, lines: [2, 2] });
});

Deno.test("replacement is by slicing: $& and $1 are plain text", () => {
  const out = applyEdits("price: 5\n", [{ oldText: "5", newText: "$& $1 $$ $`" }]);
  assert.equal(out.text, "price: $& $1 $$ $`\n");
  assert.equal(out.replacements, 1);
});

Deno.test("replaceAll replaces every non-overlapping match, left to right", () => {
  assert.equal(applyEdits("aaaa", [{ oldText: "aa", newText: "b", replaceAll: true }]).text, "bb");
  assert.equal(
    applyEdits("a-a-a", [{ oldText: "a", newText: "bb", replaceAll: true }]).replacements,
    3,
  );
});

Deno.test("edits apply in order to what the previous one left, and one failure fails them all", () => {
  const out = applyEdits("one two", [
    { oldText: "one", newText: "three" },
    { oldText: "three two", newText: "done" },
  ]);
  assert.equal(out.text, "done");
  const error = failure(() =>
    applyEdits("one two", [
      { oldText: "one", newText: "1" },
      { oldText: "missing", newText: "x" },
    ])
  );
  assert.equal(error.code, "PATCH_TARGET_NOT_FOUND");
  assert.deepEqual(error.detail, { edit: 1 });
});

Deno.test("a whitespace-only near miss is named by line, never applied", () => {
  const text = "function f() {\n  return   1;\n}\n";
  const error = failure(() => applyEdits(text, [{ oldText: "return 1;", newText: "return 2;" }]));
  assert.equal(error.code, "PATCH_TARGET_NOT_FOUND");
  assert.deepEqual(error.detail, { edit: 0, whitespaceNearMissLine: 2 });
  assert.equal(whitespaceNearMiss(text, "f() {\nreturn 1;\n}"), 1);
  assert.equal(whitespaceNearMiss(text, "return 2;"), undefined);
});

Deno.test("a CRLF file with a BOM is matched with \\n and written back with both kept", () => {
  const raw = "\uFEFFline one\r\nline two\r\n";
  const split = splitText(raw);
  assert.deepEqual(split, { bom: true, eol: "\r\n", text: "line one\nline two\n" });
  const out = applyEdits(split.text, [{ oldText: "one\r\nline", newText: "1\nline" }]);
  assert.equal(joinText(split, out.text), "\uFEFFline 1\r\nline two\r\n");
  const lf = splitText("a\nb\n");
  assert.equal(joinText(lf, "a\nc\n"), "a\nc\n");
});
