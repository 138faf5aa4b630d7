import assert from "node:assert/strict";
import { isLeashError } from "../../contracts/errors.ts";
import type { ParamsOf, ProviderMethods } from "../../contracts/methods/mod.ts";
import { fakeProvider } from "../testing/fakes.ts";
import type { Decision } from "./context.ts";
import { grantLease, revokeLease } from "./lease.ts";

type GrantParams = ParamsOf<ProviderMethods, "lease.grant">;

const params: GrantParams = {
  lease: { leaseId: "l1", fence: 1 },
  tab: "inst:7",
  scope: "origin",
  clientName: "claude-code",
  reason: "Check the order",
};

function setup(options: { mode?: "restricted" | "personal"; decide?: Decision } = {}) {
  const provider = fakeProvider({
    link: { mode: options.mode ?? "restricted" },
    decide: () => options.decide ?? "allow",
  });
  provider.browser.addTab({ id: 7, title: "Shop", url: "https://shop.example/cart", active: true });
  return provider;
}

const signal = () => new AbortController().signal;

Deno.test("a restricted grant asks the person and yields an exact-origin lease", async () => {
  const { context, prompts, debuggerControl } = setup();
  const result = await grantLease(context, params, signal());
  assert.deepEqual(result, {
    tab: "inst:7",
    scope: { kind: "origin", origin: "https://shop.example" },
    url: "https://shop.example/cart",
  });
  assert.deepEqual(prompts, [{
    clientName: "claude-code",
    title: "Shop",
    origin: "https://shop.example",
    scope: "origin",
    reason: "Check the order",
  }]);
  assert.deepEqual(debuggerControl.log, ["attach 7"]);
  context.leases.check(params.lease, 1);
});

for (
  const [decision, code] of [
    ["deny", "CLAIM_DENIED"],
    ["closed", "CLAIM_DENIED"],
    ["timeout", "CLAIM_TIMEOUT"],
  ] as const
) {
  Deno.test(`a restricted grant answered "${decision}" fails with ${code} and attaches nothing`, async () => {
    const { context, debuggerControl } = setup({ decide: decision });
    await assert.rejects(
      grantLease(context, params, signal()),
      (error) => isLeashError(error, code),
    );
    assert.deepEqual(debuggerControl.log, []);
  });
}

Deno.test("a grant shows the person the MCP client's own name beside the one the claim gives", async () => {
  const { context, prompts } = setup();
  await grantLease(context, { ...params, clientName: "Mine", mcpClientName: "codex" }, signal());
  assert.deepEqual(prompts, [{
    clientName: "Mine",
    mcpClientName: "codex",
    title: "Shop",
    origin: "https://shop.example",
    scope: "origin",
    reason: "Check the order",
  }]);
});

for (const mode of ["restricted", "personal"] as const) {
  Deno.test(`a ${mode} grant whose client passes for Leash or shows nothing is INVALID_PARAMS, unasked`, async () => {
    const { context, prompts, debuggerControl } = setup({ mode });
    for (
      const names of [
        { clientName: "Leash" },
        { clientName: "LEASH (official)" },
        { clientName: "Le\u200bash" },
        { clientName: "Leash\u202e (system check)\u202c" },
        { clientName: "\u200b\u2028" },
        { clientName: "claude-code", mcpClientName: "leash" },
      ]
    ) {
      await assert.rejects(
        grantLease(context, { ...params, ...names }, signal()),
        (error) => isLeashError(error, "INVALID_PARAMS"),
        JSON.stringify(names),
      );
    }
    assert.deepEqual(prompts, []);
    assert.deepEqual(debuggerControl.log, []);
  });
}

Deno.test("tab scope needs a Broker in personal mode", async () => {
  const { context } = setup();
  await assert.rejects(
    grantLease(context, { ...params, scope: "tab" }, signal()),
    (error) => isLeashError(error, "UNSUPPORTED"),
  );
});

Deno.test("personal mode grants ordinary web tabs without a prompt, tab scope included", async () => {
  const { context, prompts } = setup({ mode: "personal" });
  const result = await grantLease(context, { ...params, scope: "tab" }, signal());
  assert.deepEqual(result.scope, { kind: "tab" });
  assert.deepEqual(prompts, []);
});

Deno.test("only ordinary web pages can be leased", async () => {
  const { context, browser, prompts } = setup({ mode: "personal" });
  browser.addTab({ id: 8, url: "chrome://settings/" });
  await assert.rejects(
    grantLease(context, { ...params, tab: "inst:8" }, signal()),
    (error) => isLeashError(error, "DEBUGGER_UNAVAILABLE"),
  );
  assert.deepEqual(prompts, []);
});

Deno.test("an unknown tab, or a tab of another instance, is TAB_NOT_FOUND", async () => {
  const { context } = setup();
  for (const tab of ["inst:99", "other:7", "garbage"]) {
    await assert.rejects(
      grantLease(context, { ...params, tab }, signal()),
      (error) => isLeashError(error, "TAB_NOT_FOUND"),
    );
  }
});

Deno.test("without a tab the active tab is claimed", async () => {
  const { context } = setup();
  const { tab: _omitted, ...rest } = params;
  assert.equal((await grantLease(context, rest, signal())).tab, "inst:7");
});

Deno.test("a tab that left the approved origin while the person decided is not leased", async () => {
  const provider = fakeProvider({
    decide: () => {
      provider.browser.addTab({ id: 7, title: "Elsewhere", url: "https://evil.example/" });
      return "allow";
    },
  });
  provider.browser.addTab({ id: 7, title: "Shop", url: "https://shop.example/" });
  await assert.rejects(
    grantLease(provider.context, params, signal()),
    (error) => isLeashError(error, "ORIGIN_CHANGED"),
  );
  assert.deepEqual(provider.debuggerControl.log, []);
});

Deno.test("a stale or replayed grant is refused before the person is asked", async () => {
  const { context, prompts } = setup();
  await grantLease(context, params, signal());
  await assert.rejects(
    grantLease(context, params, signal()),
    (error) => isLeashError(error, "STALE_LEASE"),
  );
  assert.equal(prompts.length, 1);
});

Deno.test("revoke ends only the exact live grant, quietly", async () => {
  const { context, events, debuggerControl } = setup();
  await grantLease(context, params, signal());
  assert.deepEqual(await revokeLease(context, { lease: { leaseId: "l1", fence: 2 } }), {
    revoked: false,
  });
  assert.deepEqual(await revokeLease(context, { lease: { leaseId: "l1", fence: 1 } }), {
    revoked: true,
  });
  assert.deepEqual(await revokeLease(context, { lease: { leaseId: "l1", fence: 1 } }), {
    revoked: false,
  });
  assert.deepEqual(events, []);
  assert.deepEqual(debuggerControl.log, ["attach 7", "detach 7"]);
});

Deno.test("a standing grant for the client on the tab's origin grants without asking", async () => {
  const provider = fakeProvider({
    link: { mode: "restricted" },
    decide: () => "deny",
    standing: (who, origin) =>
      who.clientName === "claude-code" && origin === "https://shop.example",
  });
  provider.browser.addTab({ id: 7, title: "Shop", url: "https://shop.example/cart", active: true });
  const result = await grantLease(provider.context, params, signal());
  assert.deepEqual(result.scope, { kind: "origin", origin: "https://shop.example" });
  assert.deepEqual(provider.prompts, []);
});

Deno.test("a grant that asks for capture starts the lease's console and network logs at once; one that does not, none", async () => {
  const asked = setup();
  await grantLease(asked.context, { ...params, capture: true }, signal());
  assert.notEqual(asked.context.logs.logs("l1"), undefined);
  const enabled = asked.browser.commands.map((command) => command.method);
  assert.ok(enabled.includes("Runtime.enable") && enabled.includes("Network.enable"), `${enabled}`);

  const plain = setup();
  await grantLease(plain.context, params, signal());
  assert.equal(plain.context.logs.logs("l1"), undefined);
  assert.ok(!plain.browser.commands.some((command) => command.method === "Runtime.enable"));
});
