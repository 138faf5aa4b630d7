import assert from "node:assert/strict";
import { boundText, cutPoint, ellipsis, flatName } from "./text.ts";

const smile = "😀"; // two UTF-16 units: a high and a low surrogate

Deno.test("cutPoint() keeps an index that splits no surrogate pair", () => {
  assert.equal(cutPoint("abcd", 2), 2);
  assert.equal(cutPoint(`ab${smile}cd`, 2), 2);
  assert.equal(cutPoint(`ab${smile}cd`, 4), 4);
});

Deno.test("cutPoint() moves back before a surrogate pair it would split", () => {
  assert.equal(cutPoint(`ab${smile}cd`, 3), 2);
  assert.equal(cutPoint(`${smile}`, 1), 0);
});

Deno.test("cutPoint() at either end of the text splits nothing", () => {
  assert.equal(cutPoint(`ab${smile}`, 0), 0);
  assert.equal(cutPoint(`ab${smile}`, 4), 4);
  assert.equal(cutPoint("", 0), 0);
  // A lone high surrogate at the very end is not split by a cut at the end.
  assert.equal(cutPoint("ab\ud83d", 3), 3);
});

Deno.test("boundText() returns a text that fits whole, unmarked", () => {
  assert.deepEqual(boundText("short", 10), { text: "short", cut: false });
  assert.deepEqual(boundText("exactly10!", 10), { text: "exactly10!", cut: false });
  assert.deepEqual(boundText("", 1), { text: "", cut: false });
  assert.deepEqual(boundText(smile, 2), { text: smile, cut: false });
});

Deno.test("boundText() marks a cut with an ellipsis within the budget", () => {
  assert.deepEqual(boundText("a longer text", 5), { text: "a lo…", cut: true });
  assert.deepEqual(boundText("abcdefghij", 5), { text: "abcd…", cut: true });
  assert.deepEqual(boundText("ab", 1), { text: ellipsis, cut: true });
});

Deno.test("boundText() never splits a surrogate pair", () => {
  assert.deepEqual(boundText(`ab${smile}cd`, 4), { text: "ab…", cut: true });
  assert.deepEqual(boundText(`abc${smile}def`, 5), { text: "abc…", cut: true });
  assert.deepEqual(boundText(`${smile}${smile}`, 3), { text: `${smile}…`, cut: true });
  for (let units = 1; units <= 12; units++) {
    const { text } = boundText(smile.repeat(6), units);
    assert.ok(text.length <= units, `${units}: ${text}`);
    assert.ok(text.isWellFormed(), `${units}: ${JSON.stringify(text)}`);
  }
});

Deno.test("flatName() trims white space and collapses each run to one space", () => {
  assert.equal(flatName(" Subscribe"), "Subscribe");
  assert.equal(flatName("Buy clicks: "), "Buy clicks:");
  assert.equal(flatName("\n\t Place\n   order\u00a0 now \r\n"), "Place order now");
  assert.equal(flatName(" \n\t "), "");
  assert.equal(flatName("Show date picker"), "Show date picker");
});

Deno.test("flatName() reads a name of zero-width characters alone as no name", () => {
  assert.equal(flatName("\u200b"), "");
  assert.equal(flatName(" \u200b\ufeff "), "");
  assert.equal(flatName("\u2060"), "");
  // Beside text they stay: a joiner inside an emoji sequence is part of it.
  assert.equal(flatName("a\u200bb"), "a\u200bb");
  assert.equal(flatName("\u{1f469}\u200d\u{1f4bb}"), "\u{1f469}\u200d\u{1f4bb}");
});
