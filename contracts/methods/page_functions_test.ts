import assert from "node:assert/strict";
import { isPageFunction, pageFunctions } from "./page_functions.ts";

Deno.test("every page function is a single function expression", () => {
  for (const [name, source] of Object.entries(pageFunctions)) {
    assert.match(source, /^function \(/, name);
    // Parsing it as an expression proves it is one well-formed function.
    const parsed: unknown = new Function(`return (${source});`)();
    assert.equal(typeof parsed, "function", name);
  }
});

Deno.test("isPageFunction() accepts only the exact declarations", () => {
  assert.ok(isPageFunction(pageFunctions.deliversTo));
  assert.ok(!isPageFunction(pageFunctions.deliversTo + " "));
  assert.ok(!isPageFunction("function () { return document.cookie; }"));
  assert.ok(!isPageFunction(undefined));
  assert.ok(!isPageFunction({}));
});

Deno.test("page functions never return page text", () => {
  // A page function may compare text inside the page but hands back only
  // booleans, numbers and fixed words: no `return` of innerText, value or textContent.
  for (const [name, source] of Object.entries(pageFunctions)) {
    assert.doesNotMatch(source, /return[^;]*\b(innerText|textContent|\.value|\.label)\s*;/, name);
  }
});

Deno.test("compareValue on an editor compares line by line and sees an empty line left at the end", () => {
  const compare = new Function(`return (${pageFunctions.compareValue});`)() as (
    this: unknown,
    expected: string,
  ) => { equals: boolean; endsWith: boolean };
  const editor = (innerText: string) => ({ localName: "div", isContentEditable: true, innerText });
  const equals = (innerText: string, expected: string) =>
    compare.call(editor(innerText), expected).equals;
  assert.ok(equals("return 42;", "return 42;"));
  // Paragraphs' blank lines, a block's trailing <br>, no-break and doubled spaces say nothing.
  assert.ok(equals("a\n\nb", "a\nb"));
  assert.ok(equals("text\n", "text"));
  assert.ok(equals("Hello\u00a0 team", "Hello team"));
  assert.ok(equals("\n", ""));
  // An editor's document that kept an empty last line is not the text.
  assert.ok(!equals("return 42;\n\n", "return 42;"));
  assert.ok(!equals("return 0;", "return 42;"));
  assert.ok(compare.call(editor("Notes, and more"), "and more").endsWith);
});
