import assert from "node:assert/strict";
import { verdict } from "./verdict.ts";

const held = { name: "value", held: true } as const;
const failed = { name: "value", held: false } as const;
const met = { status: "verified", checks: [{ name: "textPresent", held: true }] } as const;
const unmet = { status: "unverified", checks: [{ name: "textPresent", held: false }] } as const;

Deno.test("verdict() is unverified when there is nothing to check", () => {
  assert.deepEqual(verdict({}), { status: "unverified", reason: "nothing-to-check" });
});

Deno.test("verdict() is verified by a held postcondition or a met expectation", () => {
  assert.deepEqual(verdict({ postcondition: held }), { status: "verified", reason: null });
  assert.deepEqual(verdict({ expectation: { ...met, checks: [...met.checks] } }), {
    status: "verified",
    reason: null,
  });
});

Deno.test("verdict() names what failed", () => {
  assert.deepEqual(verdict({ postcondition: failed, expectation: { ...met, checks: [] } }), {
    status: "unverified",
    reason: "postcondition-failed",
  });
  assert.deepEqual(verdict({ postcondition: held, expectation: { ...unmet, checks: [] } }), {
    status: "unverified",
    reason: "expectation-failed",
  });
});

Deno.test("verdict() is uncertain when the postcondition could not be read", () => {
  assert.deepEqual(verdict({ postcondition: "unreadable" }), {
    status: "uncertain",
    reason: "postcondition-unreadable",
  });
  assert.deepEqual(
    verdict({ postcondition: "unreadable", expectation: { ...unmet, checks: [] } }),
    {
      status: "uncertain",
      reason: "postcondition-unreadable",
    },
  );
  assert.deepEqual(verdict({ postcondition: "unreadable", expectation: { ...met, checks: [] } }), {
    status: "verified",
    reason: null,
  });
});
