import assert from "node:assert/strict";
import { codePointLength, parseEnvelope } from "./envelope.ts";

Deno.test("codePointLength() counts astral characters once", () => {
  assert.equal(codePointLength("abc"), 3);
  assert.equal(codePointLength("😀😀"), 2);
  assert.equal(codePointLength("\ud800x"), 2);
  assert.equal(codePointLength(""), 0);
});

Deno.test("parseEnvelope() limits IDs to 128 code points, not UTF-16 units", () => {
  const at = "😀".repeat(128);
  assert.ok(parseEnvelope({ type: "cancel", id: at }));
  assert.equal(parseEnvelope({ type: "cancel", id: at + "x" }), undefined);
  assert.equal(parseEnvelope({ type: "cancel", id: "" }), undefined);
});

Deno.test("parseEnvelope() refuses extra, missing and mistyped fields", () => {
  const cases = [
    { type: "request", id: "r1", method: "a", params: {}, extra: 1 },
    { type: "request", id: "r1", method: "a" },
    { type: "request", id: "r1", method: "a", params: [] },
    { type: "request", id: "r1", method: "1a", params: {} },
    { type: "request", id: "r1", method: "a".repeat(129), params: {} },
    { type: "response", id: "r1", ok: true },
    { type: "response", id: "r1", ok: false, code: "NOT_A_CODE" },
    { type: "response", id: "r1", ok: false, code: "INTERNAL", message: "x" },
    { type: "event", event: "e" },
    { type: "goodbye" },
    null,
    [],
  ];
  for (const value of cases) assert.equal(parseEnvelope(value), undefined, JSON.stringify(value));
});

Deno.test("parseEnvelope() accepts a null success value and a long dotted name", () => {
  assert.ok(parseEnvelope({ type: "response", id: "r", ok: true, value: null }));
  const name = "a" + "b.c:d-e_1".repeat(14);
  assert.ok(parseEnvelope({ type: "event", event: name.slice(0, 128), value: 1 }));
});

Deno.test("parseEnvelope() accepts a failure's detail and refuses one with unknown words or fields", () => {
  const base = { type: "response", id: "1", ok: false, code: "TARGET_COVERED" };
  const detail = { reason: "covered", by: { role: "button", name: "" } };
  assert.deepEqual(parseEnvelope({ ...base, detail }), { ...base, detail });
  for (
    const bad of [{ reason: "because" }, { reason: "hidden", note: "x" }, {
      reason: "hidden",
      use: "fill in",
    }]
  ) {
    assert.equal(parseEnvelope({ ...base, detail: bad }), undefined, JSON.stringify(bad));
  }
});
