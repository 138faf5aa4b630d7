import assert from "node:assert/strict";
import { eventSamples, methodSamples } from "./samples.ts";
import { events, methods } from "../methods/mod.ts";

Deno.test("every method sample matches its params and result schemas", () => {
  for (const [name, spec] of Object.entries(methods)) {
    const sample = Object.entries(methodSamples).find(([key]) => key === name)?.[1];
    assert.ok(sample, `no sample for ${name}`);
    const params = spec.params.safeParse(sample.params);
    assert.ok(params.success, `${name} params: ${params.error?.message}`);
    const result = spec.result.safeParse(sample.result);
    assert.ok(result.success, `${name} result: ${result.error?.message}`);
  }
});

Deno.test("every event sample matches its value schema", () => {
  for (const [name, spec] of Object.entries(events)) {
    const sample = Object.entries(eventSamples).find(([key]) => key === name);
    assert.ok(sample, `no sample for ${name}`);
    const value = spec.value.safeParse(sample[1]);
    assert.ok(value.success, `${name}: ${value.error?.message}`);
  }
});

Deno.test("method params reject an unknown field", () => {
  for (const [name, spec] of Object.entries(methods)) {
    const sample = Object.entries(methodSamples).find(([key]) => key === name)?.[1];
    if (!sample || typeof sample.params !== "object" || sample.params === null) continue;
    const extra = { ...sample.params, unexpected: 1 };
    assert.equal(spec.params.safeParse(extra).success, false, `${name} accepted an extra field`);
  }
});
