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

Deno.test("compareValue says when a field holds the text as its input mask formats it", () => {
  const compare = new Function(`return (${pageFunctions.compareValue});`)() as (
    this: unknown,
    expected: string,
  ) => { equals: boolean; formatted: boolean };
  const field = (value: string) => ({ localName: "input", value });
  const formatted = (value: string, expected: string) =>
    compare.call(field(value), expected).formatted;
  // Separators added as the characters came, upper case for lower: the text, formatted.
  assert.ok(formatted("(555) 123-4567", "5551234567"));
  assert.ok(formatted("4111 1111 1111 1111", "4111111111111111"));
  assert.ok(formatted("1,250.50", "1250.50"));
  assert.ok(formatted("2027/03/15", "20270315"));
  assert.ok(formatted("SW1A 1AA", "sw1a1aa"));
  // Equal is not "formatted"; and a character lost, a letter or digit added (a mask's
  // placeholder not filled, a prefix), another separator in the text's place, or a text
  // with no letter or digit at all is something else.
  assert.ok(!formatted("5551234567", "5551234567"));
  assert.ok(compare.call(field("5551234567"), "5551234567").equals);
  assert.ok(!formatted("ab@c.com", "a.b@c.com"));
  assert.ok(!formatted("15/03/199y", "1503199"));
  assert.ok(!formatted("+1 (555) 123-4567", "5551234567"));
  assert.ok(!formatted("(555) 123-45__", "5551234567"));
  assert.ok(!formatted("15/03/1990", "15.03.1990"));
  assert.ok(!formatted("1,250.5", "1250.50"));
  assert.ok(!formatted("--", "-"));
});
