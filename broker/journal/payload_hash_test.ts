import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { actPayload, canonicalJson, payloadHash } from "./payload_hash.ts";

Deno.test("canonicalJson() sorts keys at every depth and drops undefined members", () => {
  assert.equal(
    canonicalJson({ b: 1, a: { d: [1, { z: true, y: null }], c: "x" }, u: undefined }),
    '{"a":{"c":"x","d":[1,{"y":null,"z":true}]},"b":1}',
  );
});

Deno.test("canonicalJson() refuses values JSON cannot carry", () => {
  assert.throws(() => canonicalJson({ n: Number.NaN }), TypeError);
  assert.throws(() => canonicalJson({ f: () => 1 }), TypeError);
  assert.throws(() => canonicalJson({ b: 1n }), TypeError);
});

Deno.test("payloadHash() is SHA-256 hex of the canonical JSON", () => {
  const payload = { leaseId: "l", documentEpoch: "d", action: { kind: "click", ref: "e1" } };
  const expected = createHash("sha256")
    .update('{"action":{"kind":"click","ref":"e1"},"documentEpoch":"d","leaseId":"l"}')
    .digest("hex");
  assert.equal(payloadHash(payload), expected);
});

Deno.test("payloadHash() ignores key order but sees every field that matters", () => {
  const base = { leaseId: "l", documentEpoch: "d", action: { kind: "fill", ref: "e1", text: "a" } };
  const same = { action: { text: "a", ref: "e1", kind: "fill" }, documentEpoch: "d", leaseId: "l" };
  assert.equal(payloadHash(base), payloadHash(same));
  const changes = [
    { ...base, leaseId: "l2" },
    { ...base, documentEpoch: "d2" },
    { ...base, action: { ...base.action, text: "b" } },
    { ...base, expect: { textPresent: "ok" } },
    { ...base, frame: { frameId: "f", documentEpoch: "d" } },
  ];
  for (const changed of changes) assert.notEqual(payloadHash(changed), payloadHash(base));
});

Deno.test("actPayload() leaves out the request and session IDs", () => {
  const params = {
    sessionId: "s1",
    requestId: "r1",
    leaseId: "l",
    documentEpoch: "d",
    action: { kind: "click", ref: "e1" },
  };
  assert.deepEqual(actPayload(params), { leaseId: "l", documentEpoch: "d", action: params.action });
  assert.equal(
    payloadHash(actPayload(params)),
    payloadHash(actPayload({ ...params, sessionId: "s2", requestId: "r2" })),
  );
});
