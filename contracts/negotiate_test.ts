import assert from "node:assert/strict";
import {
  capabilityCatalog,
  clientRequiredCapabilities,
  isServed,
  personalModeCapability,
  providerCapabilities,
  providerRequiredCapabilities,
  runtimeCapabilities,
} from "./capabilities.ts";
import {
  type AuthenticatedProviderHello,
  type ClientHello,
  type Hello,
  HelloSchema,
} from "./hello.ts";
import { negotiate } from "./negotiate.ts";

const token = "f".repeat(64);
const client: ClientHello = {
  bootstrap: 1,
  versions: [1],
  role: "client",
  token,
  journalKey: "a".repeat(64),
  requiredCapabilities: [...clientRequiredCapabilities],
};
const legacy: Hello = { bootstrap: 1, versions: [1], role: "client", token };
const provider: AuthenticatedProviderHello = {
  bootstrap: 1,
  versions: [1],
  role: "provider",
  token,
  capabilities: [...providerCapabilities],
  requiredCapabilities: [...providerRequiredCapabilities],
  instance: {
    id: "i1",
    family: "chromium",
    brand: "chrome",
    version: "UA",
    profileLabel: "Profile",
  },
};

Deno.test("negotiate() refuses a client that requires a declared capability this build does not serve", () => {
  for (const name of capabilityCatalog.filter((name) => !isServed(name))) {
    const wants = { ...client, requiredCapabilities: [...clientRequiredCapabilities, name] };
    assert.deepEqual(negotiate(wants, { accessMode: "personal" }), {
      ok: false,
      code: "PROTOCOL_MISMATCH",
    }, name);
  }
});

Deno.test("negotiate() welcomes a current client with every served runtime capability", () => {
  const agreement = negotiate(client, { accessMode: "restricted" });
  assert.deepEqual(agreement, {
    ok: true,
    version: 1,
    capabilities: [...runtimeCapabilities],
    legacy: false,
  });
});

Deno.test("negotiate() adds personal mode only for a personal-mode Broker", () => {
  const restricted = negotiate(client, { accessMode: "restricted" });
  const personal = negotiate(client, { accessMode: "personal" });
  assert.ok(restricted.ok && !restricted.capabilities.includes(personalModeCapability));
  assert.ok(personal.ok && personal.capabilities.includes(personalModeCapability));
});

Deno.test("negotiate() refuses a requirement of personal mode from a restricted Broker", () => {
  const wantsPersonal = { ...client, requiredCapabilities: [personalModeCapability] };
  assert.deepEqual(negotiate(wantsPersonal, { accessMode: "restricted" }), {
    ok: false,
    code: "PROTOCOL_MISMATCH",
  });
  assert.equal(negotiate(wantsPersonal, { accessMode: "personal" }).ok, true);
});

Deno.test("negotiate() requires wire version 1 among the offered versions", () => {
  assert.deepEqual(negotiate({ ...client, versions: [2, 3] }, { accessMode: "restricted" }), {
    ok: false,
    code: "PROTOCOL_MISMATCH",
  });
  assert.equal(
    negotiate({ ...client, versions: [3, 1, 2] }, { accessMode: "restricted" }).ok,
    true,
  );
});

Deno.test("negotiate() refuses unknown required capabilities", () => {
  const unknown = { ...client, requiredCapabilities: ["runtime.v1", "teleport.v9"] };
  assert.deepEqual(negotiate(unknown, { accessMode: "personal" }), {
    ok: false,
    code: "PROTOCOL_MISMATCH",
  });
});

Deno.test("negotiate() refuses a requirement the Broker's own set lacks", () => {
  const offer = { accessMode: "restricted" as const, capabilities: ["runtime.v1"] };
  assert.equal(negotiate(client, offer).ok, false);
  const minimal = { ...client, requiredCapabilities: ["runtime.v1"] };
  assert.equal(negotiate(minimal, offer).ok, true);
});

Deno.test("negotiate() requires every provider capability of a provider", () => {
  assert.equal(negotiate(provider, { accessMode: "restricted" }).ok, true);
  for (const missing of providerCapabilities) {
    const lacking: AuthenticatedProviderHello = {
      ...provider,
      capabilities: providerCapabilities.filter((name) => name !== missing),
    };
    assert.deepEqual(
      negotiate(lacking, { accessMode: "restricted" }),
      { ok: false, code: "PROTOCOL_MISMATCH" },
      `accepted a provider without ${missing}`,
    );
  }
});

Deno.test("negotiate() tolerates unknown optional provider advertisements", () => {
  const extra = { ...provider, capabilities: [...providerCapabilities, "future.thing.v7"] };
  assert.equal(negotiate(extra, { accessMode: "restricted" }).ok, true);
});

Deno.test("negotiate() marks a client without a journal key as legacy", () => {
  const agreement = negotiate(legacy, { accessMode: "restricted" });
  assert.ok(agreement.ok && agreement.legacy);
  const provided = negotiate(provider, { accessMode: "restricted" });
  assert.ok(provided.ok && !provided.legacy);
});

Deno.test("HelloSchema refuses a client that sends only one of journalKey and requirements", () => {
  const { requiredCapabilities: _, ...keyOnly } = client;
  assert.equal(HelloSchema.safeParse(keyOnly).success, false);
  assert.equal(HelloSchema.safeParse({ ...legacy, requiredCapabilities: [] }).success, false);
});

Deno.test("HelloSchema bounds versions and capability lists", () => {
  const bad = [
    { ...client, bootstrap: 2 },
    { ...client, versions: [] },
    { ...client, versions: [1, 1] },
    { ...client, versions: [1, 2, 3, 4, 5, 6, 7, 8, 9] },
    { ...client, versions: [0, 1] },
    { ...client, versions: [1.5] },
    { ...client, requiredCapabilities: ["runtime.v1", "runtime.v1"] },
    { ...client, requiredCapabilities: Array.from({ length: 65 }, (_, i) => `cap${i}`) },
    { ...client, journalKey: "a".repeat(63) },
    { ...client, role: "admin" },
  ];
  for (const hello of bad) {
    assert.equal(HelloSchema.safeParse(hello).success, false, JSON.stringify(hello).slice(0, 80));
  }
  const most = { ...client, versions: [1, 2, 3, 4, 5, 6, 7, 8] };
  assert.equal(HelloSchema.safeParse(most).success, true);
});
