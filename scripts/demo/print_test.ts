import assert from "node:assert/strict";
import { ansi, clipLines, compactArgs, plain, StepPrinter, stylesFor } from "./print.ts";

Deno.test("clipLines keeps whole lines and says how many it left out", () => {
  assert.deepEqual(clipLines("a\nb\nc", 3), ["a", "b", "c"]);
  assert.deepEqual(clipLines("a\nb\nc\nd", 2), ["a", "b", "… 2 more lines"]);
  assert.deepEqual(clipLines("a\nb\nc", 2), ["a", "b", "… 1 more line"]);
});

Deno.test("compactArgs shortens long strings only", () => {
  assert.equal(compactArgs({ a: "x".repeat(10), n: 3 }, 8), '{"a":"xxxxxxx…","n":3}');
  assert.equal(
    compactArgs({ action: { kind: "fill", text: "Ada" } }),
    '{"action":{"kind":"fill","text":"Ada"}}',
  );
});

Deno.test("colour only on a terminal without NO_COLOR", () => {
  assert.equal(stylesFor(true, undefined), ansi);
  assert.equal(stylesFor(true, ""), ansi);
  assert.equal(stylesFor(true, "1"), plain);
  assert.equal(stylesFor(false, undefined), plain);
});

Deno.test("a step prints its number, tool, arguments, purpose and indented result", () => {
  const lines: string[] = [];
  const printer = new StepPrinter((line) => lines.push(line));
  printer.call("browser_observe", { leaseId: "l1" }, "Read the page.");
  printer.result("one\ntwo\nthree", 2);
  printer.call("browser_release", { leaseId: "l1" }, "Give it back.");
  assert.deepEqual(lines, [
    "",
    '[1] browser_observe {"leaseId":"l1"}',
    "    Read the page.",
    "    │ one",
    "    │ two",
    "    │ … 1 more line",
    "",
    '[2] browser_release {"leaseId":"l1"}',
    "    Give it back.",
  ]);
});
