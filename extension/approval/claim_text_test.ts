import assert from "node:assert/strict";
import type { ClaimView } from "../messages.ts";
import { claimWords, newTabTitle } from "./claim_text.ts";

const claim: ClaimView = {
  claimId: "claim-1",
  clientName: "claude-code",
  title: "Shop",
  origin: "https://shop.example",
  scope: "origin",
  reason: "Check the order",
  expiresAt: 0,
};

Deno.test("claimWords() shows the name, title and reason as given when nothing in them hides", () => {
  assert.deepEqual(claimWords(claim), {
    name: "claude-code",
    program: undefined,
    title: "Shop",
    reason: "Check the order",
    scope: "Only this site, in this tab",
  });
});

Deno.test("claimWords() shows bidi controls, zero-width characters and line breaks escaped", () => {
  const words = claimWords({
    ...claim,
    clientName: "Helper\u202e (system check)\u202c\u2066x\u2069",
    mcpClientName: "Zero\u200dwidth",
    title: "\u202emoc.knab",
    reason: "line one\nline two\u2028three",
  });
  assert.equal(words.name, "Helper\\u202E (system check)\\u202C\\u2066x\\u2069");
  assert.equal(words.program, "Zero\\u200Dwidth");
  assert.equal(words.title, "\\u202Emoc.knab");
  assert.equal(words.reason, "line one\\u000Aline two\\u2028three");
});

Deno.test("claimWords() shows the MCP client's own name only when it differs", () => {
  assert.equal(claimWords({ ...claim, mcpClientName: "claude-code" }).program, undefined);
  assert.equal(
    claimWords({ ...claim, clientName: "Mine", mcpClientName: "codex" }).program,
    "codex",
  );
});

Deno.test("claimWords() bounds what it shows, whatever the worker sends", () => {
  const words = claimWords({
    ...claim,
    clientName: "\u202e".repeat(500),
    mcpClientName: "n".repeat(500),
    title: "t".repeat(5000),
    reason: "r".repeat(5000),
  });
  assert.ok(words.name.length <= 64 && words.name.endsWith("…"), words.name);
  assert.ok(words.program !== undefined && words.program.length <= 64);
  assert.ok(words.title.length <= 300);
  assert.ok(words.reason !== undefined && words.reason.length <= 200);
});

Deno.test("claimWords() leaves out an empty reason and names an untitled tab", () => {
  const words = claimWords({ ...claim, reason: "", title: "" });
  assert.equal(words.reason, undefined);
  assert.equal(words.title, "(untitled)");
});

Deno.test("claimWords() describes a claim to open a tab as a new tab at the origin, never by a page title", () => {
  const words = claimWords({ ...claim, title: "", opens: true });
  assert.equal(words.title, newTabTitle);
  assert.equal(words.scope, "Only this site, in this tab");
});
