import assert from "node:assert/strict";
import { providerCapabilities } from "../../contracts/capabilities.ts";
import { isServedMethod, providerMethods } from "../../contracts/methods/mod.ts";
import { fakeProvider } from "../testing/fakes.ts";
import { providerHandlers } from "./mod.ts";

Deno.test("the provider has a handler for exactly the methods of the capabilities it advertises", () => {
  const { context } = fakeProvider();
  const handled = Object.keys(providerHandlers(context)).sort();
  const advertised = new Set<string>(providerCapabilities);
  const expected = Object.entries(providerMethods)
    .filter(([, spec]) => spec.capability === null || advertised.has(spec.capability))
    .map(([name]) => name)
    .sort();
  assert.deepEqual(handled, expected);
  assert.deepEqual(
    expected,
    Object.entries(providerMethods).filter(([, spec]) => isServedMethod(spec)).map(([name]) => name)
      .sort(),
  );
  for (const frameMethod of ["frames.list", "ax.frame", "ax.frame.text", "frame.click"]) {
    assert.ok(handled.includes(frameMethod), `${frameMethod} is served`);
  }
});
