import assert from "node:assert/strict";
import {
  clientNameProblem,
  impersonatesLeash,
  maxClientNameUnits,
  visibleText,
} from "./display_text.ts";

Deno.test("visibleText() shows bidi overrides, embeddings and isolates escaped", () => {
  assert.equal(
    visibleText("Leash\u202e (system check)\u202c", 64),
    "Leash\\u202E (system check)\\u202C",
  );
  assert.equal(
    visibleText("a\u202ab\u202bc\u202dd\u2066e\u2067f\u2068g\u2069", 200),
    "a\\u202Ab\\u202Bc\\u202Dd\\u2066e\\u2067f\\u2068g\\u2069",
  );
  assert.equal(visibleText("x\u200ey\u200fz\u061c", 64), "x\\u200Ey\\u200Fz\\u061C");
});

Deno.test("visibleText() shows line breaks, tabs and other controls escaped", () => {
  assert.equal(
    visibleText("one\ntwo\r\nthree\u2028four\u2029five\tsix", 200),
    "one\\u000Atwo\\u000D\\u000Athree\\u2028four\\u2029five\\u0009six",
  );
  assert.equal(visibleText("\u0000\u001b[31m\u007f\u0085", 64), "\\u0000\\u001B[31m\\u007F\\u0085");
});

Deno.test("visibleText() shows zero-width and other invisible characters escaped", () => {
  const cases: Array<[string, string]> = [
    ["Le\u200bash", "Le\\u200Bash"],
    ["Zero\u200cwidth\u200djoiner", "Zero\\u200Cwidth\\u200Djoiner"],
    ["word\u2060joiner\ufeff", "word\\u2060joiner\\uFEFF"],
    ["soft\u00adhyphen", "soft\\u00ADhyphen"],
    ["filler\u3164\u115f\uffa0", "filler\\u3164\\u115F\\uFFA0"],
    ["braille\u2800blank", "braille\\u2800blank"],
    ["tag\u{e0041}\u{e007f}", "tag\\u{E0041}\\u{E007F}"],
    ["variant\ufe0f\u{e0100}", "variant\\uFE0F\\u{E0100}"],
    ["private\ue000\u{f0000}", "private\\uE000\\u{F0000}"],
    ["lone\ud800surrogate", "lone\\uD800surrogate"],
  ];
  for (const [text, shown] of cases) assert.equal(visibleText(text, 200), shown, text);
});

Deno.test("visibleText() keeps ordinary text, and shows other white space as a space", () => {
  assert.equal(visibleText("Claude Code", 64), "Claude Code");
  assert.equal(visibleText("Café – 日本語 😀", 64), "Café – 日本語 😀");
  assert.equal(visibleText("wide\u3000gap\u00a0and\u2003em", 64), "wide gap and em");
});

Deno.test("visibleText() shows a mark on a drawn character, at most three in a row", () => {
  assert.equal(visibleText("e\u0301", 64), "e\u0301");
  assert.equal(
    visibleText("e\u0301\u0302\u0303\u0304\u0305", 64),
    "e\u0301\u0302\u0303\\u0304\\u0305",
  );
  assert.equal(visibleText("\u0301start", 64), "\\u0301start");
  assert.equal(visibleText("a \u0301", 64), "a \\u0301");
  assert.equal(visibleText("\u202e\u0301", 64), "\\u202E\\u0301");
});

Deno.test("visibleText() bounds what it shows, never splitting an escape or a character", () => {
  assert.equal(visibleText("abcdef", 4), "abc…");
  assert.equal(visibleText("ab\u202ecd", 8), "ab…");
  assert.equal(visibleText("ab😀cd", 4), "ab…");
  const hostile = "\u202e".repeat(maxClientNameUnits);
  const shown = visibleText(hostile, maxClientNameUnits);
  assert.ok(shown.length <= maxClientNameUnits, shown);
  assert.match(shown, /^(\\u202E)+…$/);
});

Deno.test("impersonatesLeash() catches Leash however it is dressed up", () => {
  for (
    const name of [
      "Leash",
      "leash",
      "LEASH (official)",
      "Leash\u202e (system check)\u202c",
      "Le\u200bash",
      "Le\u00adash",
      "L e a s h",
      "L.E.A.S.H.",
      "Leash-helper",
      "Leashed",
      "Claude for Leash",
      "my leash bot",
      "ClaudeLeash",
      "\uff2c\uff45\uff41\uff53\uff48", // fullwidth
      "\u{1d40b}\u{1d41e}\u{1d41a}\u{1d42c}\u{1d421}", // mathematical bold
      "L\u0435\u0430\u0455\u04bb", // Cyrillic е а ѕ һ
      "\u0399eash", // Greek capital iota for l
      "Ieash",
      "1EASH",
      "Lé\u0430sh",
      "\u24c1eash", // circled L
      " Leash ",
      "\u2066Leash\u2069",
      "the\nLeash",
    ]
  ) {
    assert.equal(impersonatesLeash(name), true, JSON.stringify(name));
  }
});

Deno.test("impersonatesLeash() leaves names that only contain the letters alone", () => {
  for (
    const name of [
      "claude-code",
      "Codex",
      "Unleash",
      "Unleashed AI",
      "Cole Ashton",
      "Please share",
      "agent",
      "e2e-agent",
      "command-line client",
      "mcp-inspector",
    ]
  ) {
    assert.equal(impersonatesLeash(name), false, name);
  }
});

Deno.test("clientNameProblem() refuses Leash look-alikes and names with nothing drawn", () => {
  assert.equal(clientNameProblem("LEASH (official)"), "impersonates-leash");
  assert.equal(clientNameProblem("   "), "nothing-visible");
  assert.equal(clientNameProblem("\u200b\u202e\n"), "nothing-visible");
  assert.equal(clientNameProblem("\u3000\u00a0"), "nothing-visible");
  assert.equal(clientNameProblem("claude-code"), undefined);
  assert.equal(clientNameProblem("🤖"), undefined);
  assert.equal(clientNameProblem("Helper\u202e"), undefined);
});
