import assert from "node:assert/strict";
import { clientRequiredCapabilities, providerCapabilities } from "../../contracts/capabilities.ts";
import { judgeHello, welcomeFor } from "./handshake.ts";
import { TokenVerifier } from "../../local/token.ts";
import { HelloSchema, WelcomeSchema } from "../../contracts/hello.ts";

const token = "0123456789abcdef".repeat(4);
const verifier = await TokenVerifier.create(token);
const offer = { accessMode: "restricted" } as const;

const client = {
  bootstrap: 1,
  versions: [1],
  role: "client",
  token,
  journalKey: "j".repeat(64),
  requiredCapabilities: [...clientRequiredCapabilities],
};
const provider = {
  bootstrap: 1,
  versions: [1],
  role: "provider",
  token,
  capabilities: [...providerCapabilities],
  requiredCapabilities: ["runtime.v1"],
  instance: { id: "i", family: "chromium", brand: "chrome", version: "1", profileLabel: "p" },
};

Deno.test("judgeHello accepts the current client, the legacy client and the provider", async () => {
  const current = await judgeHello(client, verifier, offer);
  assert.ok(current.ok && !current.agreement.legacy);
  const legacy = await judgeHello(
    { bootstrap: 1, versions: [1], role: "client", token },
    verifier,
    offer,
  );
  assert.ok(legacy.ok && legacy.agreement.legacy);
  assert.ok((await judgeHello(provider, verifier, offer)).ok);
});

Deno.test("judgeHello checks the token before the schema and allows retries only for schema-valid hellos", async () => {
  assert.deepEqual(await judgeHello({ ...client, token: "bad" }, verifier, offer), {
    ok: false,
    code: "UNAUTHENTICATED",
    retry: true,
  });
  assert.deepEqual(await judgeHello({ role: "x" }, verifier, offer), {
    ok: false,
    code: "UNAUTHENTICATED",
    retry: false,
  });
  assert.deepEqual(await judgeHello({ ...client, extra: true }, verifier, offer), {
    ok: false,
    code: "INVALID_PARAMS",
    retry: false,
  });
});

Deno.test("judgeHello refuses with PROTOCOL_MISMATCH: no version 1, unknown requirement, provider lacking a capability", async () => {
  const mismatch = { ok: false, code: "PROTOCOL_MISMATCH", retry: true };
  assert.deepEqual(await judgeHello({ ...client, versions: [2] }, verifier, offer), mismatch);
  assert.deepEqual(
    await judgeHello(
      { ...client, requiredCapabilities: ["broker.personal-mode.v1"] },
      verifier,
      offer,
    ),
    mismatch,
  );
  assert.deepEqual(
    await judgeHello({ ...provider, capabilities: providerCapabilities.slice(1) }, verifier, offer),
    mismatch,
  );
});

Deno.test("welcomeFor gives version 1, a fresh epoch and the agreed capabilities, never the token", async () => {
  const verdict = await judgeHello(client, verifier, offer);
  assert.ok(verdict.ok);
  const a = welcomeFor(verdict.agreement);
  const b = welcomeFor(verdict.agreement);
  assert.ok(WelcomeSchema.safeParse(a).success);
  assert.notEqual(a.connectionEpoch, b.connectionEpoch);
  assert.deepEqual(a.capabilities, verdict.agreement.capabilities);
  assert.ok(!JSON.stringify(a).includes(token));
});

Deno.test("judgeHello refuses a schema-valid provider hello without the token with UNAUTHENTICATED", async () => {
  const { token: _, ...uninjected } = provider;
  assert.ok(HelloSchema.safeParse(uninjected).success, "the spec's provider hello is a hello");
  assert.deepEqual(await judgeHello(uninjected, verifier, offer), {
    ok: false,
    code: "UNAUTHENTICATED",
    retry: true,
  });
});
