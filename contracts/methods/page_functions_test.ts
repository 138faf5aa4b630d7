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
