import assert from "node:assert/strict";
import {
  browserLogEntry,
  consoleCallEntry,
  exceptionEntry,
  renderArguments,
} from "./console_entries.ts";

const at = {
  callFrames: [
    {
      functionName: "save",
      url: "https://shop.example/app.js?v=2",
      lineNumber: 9,
      columnNumber: 4,
    },
    { functionName: "", url: "https://shop.example/app.js?v=2", lineNumber: 19, columnNumber: 0 },
  ],
};

Deno.test("arguments render by value as the console shows them", () => {
  assert.equal(
    renderArguments([
      { type: "string", value: "order" },
      {
        type: "object",
        className: "Object",
        preview: {
          overflow: false,
          properties: [
            { name: "id", type: "number", value: "42" },
            { name: "name", type: "string", value: "Pens" },
            { name: "tags", type: "object", subtype: "array", value: "Array(2)" },
            { name: "owner", type: "object", subtype: "null", value: "null" },
          ],
        },
      },
      {
        type: "object",
        subtype: "array",
        description: "Array(3)",
        preview: {
          overflow: true,
          properties: [{ name: "0", type: "number", value: "1" }],
        },
      },
      { type: "undefined" },
      { type: "function", description: "function save() { … }" },
    ]),
    'order {id: 42, name: "Pens", tags: Array(2), owner: null} [1, …] undefined ƒ save() { … }',
  );
});

Deno.test("format specifiers take their arguments; %c styles vanish", () => {
  assert.equal(
    renderArguments([
      { type: "string", value: "%cSaved %s in %d ms (%i%%)" },
      { type: "string", value: "color: red" },
      { type: "string", value: "order 42" },
      { type: "number", value: 12.7, description: "12.7" },
      { type: "number", value: 99, description: "99" },
      { type: "string", value: "extra" },
    ]),
    "Saved order 42 in 12 ms (99%) extra",
  );
});

Deno.test("an error call keeps a short stack; a log call only where it was", () => {
  const error = consoleCallEntry({
    type: "error",
    args: [{ type: "string", value: "Save failed" }],
    executionContextId: 1,
    timestamp: 5,
    stackTrace: at,
  });
  assert.deepEqual(error, {
    time: 5,
    level: "error",
    source: "console",
    text: "Save failed",
    url: "https://shop.example/app.js?v=2",
    line: 10,
    column: 5,
    stack: [
      "save (https://shop.example/app.js?v=2:10:5)",
      "(anonymous) (https://shop.example/app.js?v=2:20:1)",
    ],
  });
  const log = consoleCallEntry({
    type: "log",
    args: [{ type: "string", value: "ok" }],
    executionContextId: 1,
    timestamp: 5,
    stackTrace: at,
  });
  assert.equal(log?.stack, undefined);
  assert.equal(
    consoleCallEntry({ type: "endGroup", args: [], executionContextId: 1, timestamp: 5 }),
    undefined,
  );
});

Deno.test("an uncaught error and an unhandled rejection read as DevTools says them", () => {
  const thrown = exceptionEntry({
    timestamp: 7,
    exceptionDetails: {
      text: "Uncaught",
      lineNumber: 9,
      columnNumber: 4,
      url: "https://shop.example/app.js",
      stackTrace: at,
      exception: { type: "object", subtype: "error", description: "Error: Boom\n    at save" },
    },
  });
  assert.equal(thrown.text, "Uncaught Error: Boom");
  assert.equal(thrown.source, "exception");
  assert.equal(thrown.line, 10);
  const rejected = exceptionEntry({
    timestamp: 7,
    exceptionDetails: {
      text: "Uncaught (in promise)",
      lineNumber: 0,
      columnNumber: 0,
      exception: { type: "string", value: "nope" },
    },
  });
  assert.equal(rejected.text, 'Uncaught (in promise) "nope"');
  assert.equal(rejected.source, "rejection");
});

Deno.test("entries are bounded and redacted", () => {
  const long = consoleCallEntry({
    type: "log",
    args: [{ type: "string", value: "x ".repeat(10_000) }],
    executionContextId: 1,
    timestamp: 1,
  });
  assert.ok((long?.text.length ?? 0) <= 2_000);
  const browser = browserLogEntry({
    entry: {
      source: "network",
      level: "error",
      text: "Failed to load resource: https://shop.example/api?token=abc",
      timestamp: 3,
      url: "https://shop.example/api?token=abc",
    },
  });
  assert.equal(browser.text, "Failed to load resource: https://shop.example/api?token=[redacted]");
  assert.equal(browser.url, "https://shop.example/api?token=[redacted]");
  assert.equal(browser.level, "error");
});
