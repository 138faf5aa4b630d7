import assert from "node:assert/strict";
import { LeashError } from "../../contracts/errors.ts";
import { Admission } from "./admission.ts";
import { type ProviderEntry, ProviderRegistry } from "./registry.ts";

const link = { request: () => Promise.reject(new LeashError("UNSUPPORTED")) };
function entry(id: string, conn: string): ProviderEntry {
  return {
    instance: { id, family: "chromium", brand: "chrome", version: "1", profileLabel: "p" },
    connectedSince: "2026-01-01T00:00:00.000Z",
    conn,
    link,
  };
}

Deno.test("the registry refuses over budget (QUEUE_FULL) and a second provider for one instance (INSTANCE_CONFLICT), displacing no one", () => {
  const registry = new ProviderRegistry(new Admission({ providers: 2 }));
  assert.equal(registry.register(entry("a", "c1")), undefined);
  assert.equal(registry.register(entry("a", "c2")), "INSTANCE_CONFLICT");
  assert.equal(registry.register(entry("b", "c3")), undefined);
  assert.equal(registry.register(entry("c", "c4")), "QUEUE_FULL");
  // A full budget does not hide what the duplicate is.
  assert.equal(registry.register(entry("b", "c5")), "INSTANCE_CONFLICT");
  assert.deepEqual(registry.list().map((info) => [info.id, info.connectedSince]), [
    ["a", "2026-01-01T00:00:00.000Z"],
    ["b", "2026-01-01T00:00:00.000Z"],
  ]);
  assert.equal(registry.get("a")?.conn, "c1");
});

Deno.test("unregistering by connection frees the instance ID and the budget", () => {
  const admission = new Admission({ providers: 1 });
  const registry = new ProviderRegistry(admission);
  registry.register(entry("a", "c1"));
  assert.equal(registry.unregister("c9"), undefined);
  assert.equal(registry.unregister("c1")?.instance.id, "a");
  assert.equal(admission.used("providers"), 0);
  assert.equal(registry.register(entry("a", "c2")), undefined);
});
