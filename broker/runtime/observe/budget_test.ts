import assert from "node:assert/strict";
import { estimateTokens } from "../../../contracts/tokens.ts";
import { describeTruncation, fitLines, formatCount } from "./budget.ts";

Deno.test("fitLines() keeps everything that fits and says nothing", () => {
  const fit = fitLines(["head"], ["a", "b"], { maxTokens: 100, trailer: () => null });
  assert.deepEqual(fit, { shown: 2, trailer: null });
});

Deno.test("fitLines() keeps whole lines in order and counts the trailer", () => {
  const lines = Array.from(
    { length: 100 },
    (_, i) => `row ${String(i).padStart(3, "0")} ${"x".repeat(31)}`,
  );
  const trailer = (omitted: number) => omitted === 0 ? null : `… ${omitted} more`;
  const fit = fitLines(["# header"], lines, { maxTokens: 200, trailer });
  assert.ok(fit.shown > 0 && fit.shown < 100);
  assert.equal(fit.trailer, `… ${100 - fit.shown} more`);
  const text = ["# header", ...lines.slice(0, fit.shown), fit.trailer].join("\n");
  assert.ok(estimateTokens(text) <= 200, `${estimateTokens(text)} tokens`);
  // One more line would not have fit.
  const more = ["# header", ...lines.slice(0, fit.shown + 1), `… ${99 - fit.shown} more`].join(
    "\n",
  );
  assert.ok(estimateTokens(more) > 200);
});

Deno.test("fitLines() shows no line rather than half of one", () => {
  const fit = fitLines(["h"], ["y".repeat(1_000)], { maxTokens: 100, trailer: (o) => `… ${o}` });
  assert.deepEqual(fit, { shown: 0, trailer: "… 1" });
});

Deno.test("formatCount() groups thousands", () => {
  assert.equal(formatCount(0), "0");
  assert.equal(formatCount(950), "950");
  assert.equal(formatCount(1_950), "1,950");
  assert.equal(formatCount(1_234_567), "1,234,567");
});

Deno.test("describeTruncation() says what was left out and how to get it", () => {
  assert.equal(
    describeTruncation({ omittedRows: 0, cut: null, scope: { kind: "page" }, delta: false }),
    null,
  );
  const rows = describeTruncation({
    omittedRows: 1_950,
    cut: null,
    scope: { kind: "page" },
    delta: false,
  });
  assert.equal(
    rows?.line,
    '… 1,950 more rows not shown — narrow with query:"<text>", observe a subtree with rootRef:<ref>, or read the page in windows with readPage',
  );
  assert.equal(rows?.truncation.omitted, 1_950);
  const cut = describeTruncation({
    omittedRows: 10,
    cut: { reason: "nodes", at: null, omitted: 3_000 },
    scope: { kind: "query", query: "x" },
    delta: false,
  });
  assert.match(
    cut?.line ?? "",
    /^… 10 more rows not shown; the page read stopped at its node limit, about 3,000 nodes not read — narrow the query/,
  );
  assert.equal(cut?.truncation.omitted, 3_010);
  const delta = describeTruncation({
    omittedRows: 4,
    cut: null,
    scope: { kind: "page" },
    delta: true,
  });
  assert.match(delta?.line ?? "", /^… 4 more changed rows not shown — observe without since/);
});

Deno.test("a truncation hint fits the wire bound", () => {
  for (const delta of [false, true]) {
    for (const scope of [{ kind: "page" as const }, { kind: "query" as const, query: "q" }]) {
      const hint = describeTruncation({ omittedRows: 1, cut: null, scope, delta })?.truncation.hint;
      assert.ok(hint !== undefined && hint.length <= 500);
    }
  }
});
