import assert from "node:assert/strict";
import { displayText, summarizeAction } from "./summary.ts";

Deno.test("summarizeAction() names the element as observed", () => {
  assert.deepEqual(
    summarizeAction({ kind: "click", ref: "e12" }, { role: "button", name: "Submit" }),
    {
      kind: "click",
      ref: "e12",
      description: '"Submit"',
    },
  );
  assert.equal(
    summarizeAction({ kind: "click", ref: "e3" }, { role: "button", name: "" }).description,
    "button",
  );
});

Deno.test("summarizeAction() says how a click pressed when it was not a plain left click", () => {
  const file = { role: "row", name: "notes.txt" };
  const how = (
    press: {
      button?: "left" | "right" | "middle";
      count?: number;
      modifiers?: ("Control" | "Shift")[];
    },
  ) => summarizeAction({ kind: "click", ref: "e4", ...press }, file).description;
  assert.equal(how({}), '"notes.txt"');
  assert.equal(how({ button: "left", count: 1 }), '"notes.txt"');
  assert.equal(how({ count: 2 }), 'double click on "notes.txt"');
  assert.equal(how({ button: "right" }), 'right-click on "notes.txt"');
  assert.equal(how({ modifiers: ["Control", "Shift"] }), 'click with Control+Shift on "notes.txt"');
});

Deno.test("summarizeAction() keeps how many files an upload sent and how large, not their names", () => {
  const { description } = summarizeAction({
    kind: "upload",
    ref: "e2",
    files: [
      { name: "salary-2026.pdf", type: "application/pdf", data: btoa("12345") },
      { name: "id.png", data: btoa("x") },
    ],
  }, { role: "button", name: "Attach" });
  assert.equal(description, '"Attach" ← 2 files (6 bytes)');
  assert.doesNotMatch(description, /salary|id\.png/);
});

Deno.test("summarizeAction() keeps only the length of typed text", () => {
  const secret = "correct horse battery staple";
  for (const kind of ["fill", "append", "fillEditable"] as const) {
    const summary = summarizeAction({ kind, ref: "e3", text: secret }, { name: "Password" });
    assert.equal(summary.description, `"Password" (${secret.length} characters)`);
    assert.ok(!JSON.stringify(summary).includes("horse"));
  }
});

Deno.test("summarizeAction() keeps only the length of text sent key by key", () => {
  const secret = "hunter2";
  const summary = summarizeAction(
    { kind: "type", ref: "e4", text: secret, clear: true, submit: true },
    { name: "Password" },
  );
  assert.equal(summary.description, '"Password" (7 characters) cleared, then Enter');
  assert.ok(!JSON.stringify(summary).includes(secret));
  assert.equal(summarizeAction({ kind: "type", text: "ab" }).description, "(2 characters)");
  assert.equal(
    summarizeAction({ kind: "hover", ref: "e5" }, { role: "button", name: "Account" }).description,
    '"Account"',
  );
});

Deno.test("summarizeAction() drops the query and fragment of a navigation URL", () => {
  const summary = summarizeAction({
    kind: "navigate",
    url: "https://shop.example/reset?token=s3cret#x",
  });
  assert.equal(summary.description, "https://shop.example/reset (query omitted)");
  assert.equal(summary.ref, undefined);
});

Deno.test("summarizeAction() drops the user info of a navigation URL", () => {
  assert.equal(
    summarizeAction({ kind: "navigate", url: "https://ann:pw@shop.example:443/a?b=c" }).description,
    "https://shop.example/a (user info and query omitted)",
  );
  assert.equal(
    summarizeAction({ kind: "navigate", url: "http://ann@shop.example/" }).description,
    "http://shop.example/ (user info omitted)",
  );
});

Deno.test("summarizeAction() keeps only the scheme of a non-HTTP(S) navigation", () => {
  const targets = {
    "javascript:": 'javascript:document.title="JS"',
    "data:": "data:text/html,<title>D</title>",
    "file:": "file:///etc/passwd",
    "chrome:": "chrome://settings/passwords",
    "about:": "about:blank#secret",
    "blob:": "blob:https://shop.example/0b5e7e6c-4c1f-4a9e-9a3b-1f2e3d4c5b6a",
  };
  for (const [scheme, url] of Object.entries(targets)) {
    const { description } = summarizeAction({ kind: "navigate", url });
    assert.equal(description, `${scheme} (rest omitted)`, url);
  }
  assert.equal(
    summarizeAction({ kind: "navigate", url: "not a URL" }).description,
    "(unparsable URL)",
  );
});

Deno.test("summarizeAction() describes keys, checks, options and wheels", () => {
  assert.equal(
    summarizeAction({ kind: "press", key: "Enter", modifiers: ["Control"] }).description,
    "Control+Enter",
  );
  assert.equal(
    summarizeAction({ kind: "check", ref: "e4", checked: false }, { name: "News" }).description,
    '"News" → unchecked',
  );
  assert.equal(
    summarizeAction({ kind: "select", ref: "e5", option: "Germany" }, { name: "Country" })
      .description,
    '"Country" → "Germany"',
  );
  assert.equal(
    summarizeAction({ kind: "select", ref: "e5", option: ["Breakfast", "spa"] }, {
      name: "Amenities",
    }).description,
    '"Amenities" → "Breakfast", "spa"',
  );
  assert.equal(
    summarizeAction({ kind: "wheel", deltaX: 0, deltaY: 400 }).description,
    "Δx=0 Δy=400",
  );
});

Deno.test("displayText() removes terminal escapes and bidi overrides, and clips", () => {
  assert.equal(displayText("Pay\u001b[31m now\u202e!\nok", 80), "Pay [31m now ! ok");
  assert.equal(displayText("abcdef", 4), "abc…");
});
