/**
 * DESIGN.md requirements 4, 7 and 10 and the fencing rule, as the Broker
 * keeps them:
 *
 * - 4: before a successful hello, and after a failed one, no client method
 *   reaches the runtime (`HANDSHAKE_REQUIRED` for every one of them), and a
 *   provider can call none of them (`ROLE_FORBIDDEN`);
 * - 7: the CDP allowlist refuses script evaluation, interception, storage
 *   clearing and CSP bypass at the wire, the extension's parameter checker
 *   refuses every function but the fixed page functions, and every DevTools
 *   call the Broker makes in a whole observe/act session passes that checker;
 * - fencing: while a session re-claims its tab again and again (each claim
 *   supersedes the lease before it) and reads it all the while, no call ever
 *   reaches the extension with a superseded fence;
 * - 10: an answer too big for a frame is refused with a code in a whole
 *   frame, never cut into invalid JSON, and the connection lives on.
 */
import assert from "node:assert/strict";
import { LeashClient } from "../../broker/client/client.ts";
import { isLeashError } from "../../contracts/errors.ts";
import { limits } from "../../contracts/limits.ts";
import { CdpMethodSchema } from "../../contracts/methods/cdp.ts";
import { clientMethods, providerMethods } from "../../contracts/methods/mod.ts";
import type { Observation } from "../../contracts/methods/mod.ts";
import { pageFunctions } from "../../contracts/methods/page_functions.ts";
import { methodSamples } from "../../contracts/testing/samples.ts";
import { checkCdpParams } from "../../extension/provider/cdp_params.ts";
import { specClientHello, specProviderHello } from "../integration/_hellos.ts";
import { startInProcess } from "../integration/_in_process.ts";
import { runtimeWorld } from "../integration/_runtime_world.ts";
import { fixtureSnapshot, ScriptedPage } from "../integration/_scripted_page.ts";
import { ScriptedProvider } from "../integration/_scripted_provider.ts";
import { BrokerChild } from "./_broker_child.ts";
import { RecordingPeer } from "./_recording_peer.ts";
import { figure, sized } from "./_size.ts";
import { hostFor, StdioExtension } from "./_stdio_extension.ts";

function sampleParams(method: string): unknown {
  const sample = Object.entries(methodSamples).find(([name]) => name === method)?.[1];
  assert.ok(sample !== undefined, `a sample for ${method}`);
  return sample.params;
}

Deno.test("no client method reaches the runtime before a successful hello, or from a provider", async () => {
  await using env = await startInProcess({ handshakeMs: 5_000 });
  const provider = await ScriptedProvider.connect({ socketPath: env.socketPath, token: env.token });
  const methods = Object.keys(clientMethods);
  const stranger = await RecordingPeer.connect(env.socketPath);
  const refusedHello = await stranger.request("h0", "hello", specClientHello("0".repeat(64)));
  assert.deepEqual(refusedHello, {
    type: "response",
    id: "h0",
    ok: false,
    code: "UNAUTHENTICATED",
  });
  const asProvider = await RecordingPeer.connect(env.socketPath);
  const welcome = await asProvider.request("h", "hello", specProviderHello(env.token, "other"));
  assert.equal(welcome?.type === "response" && welcome.ok, true);
  for (const method of methods) {
    for (
      const [peer, code] of [[stranger, "HANDSHAKE_REQUIRED"], [
        asProvider,
        "ROLE_FORBIDDEN",
      ]] as const
    ) {
      const id = `${code}-${method}`;
      const answer = await peer.request(id, method, sampleParams(method));
      assert.deepEqual(answer, { type: "response", id, ok: false, code }, method);
    }
  }
  assert.deepEqual(provider.grants, [], "no claim reached the provider");
  assert.equal(provider.started, 0, "no tabs.list reached the provider");
  assert.equal(env.broker.state.leases.size, 0);
  for (const peer of [stranger, asProvider]) {
    assert.deepEqual(peer.problems, []);
    peer.close();
  }
  provider.close();
  figure(
    "security hello gate",
    `${methods.length} client methods refused before a hello and to a provider, 0 reached the runtime`,
  );
});

/** DevTools methods a Broker must never send (DESIGN.md requirement 7), with what they would do. */
const forbiddenMethods = [
  "Runtime.evaluate", // caller-chosen script
  "Runtime.compileScript",
  "Runtime.runScript",
  "Runtime.addBinding",
  "Page.addScriptToEvaluateOnNewDocument",
  "Page.setBypassCSP",
  "Fetch.enable", // request interception
  "Fetch.continueRequest",
  "Fetch.fulfillRequest",
  "Network.setRequestInterception",
  "Network.getCookies",
  "Network.clearBrowserCookies",
  "Storage.clearDataForOrigin",
  "Storage.getCookies",
  "Debugger.enable",
  "DOM.setOuterHTML",
  "DOM.setAttributeValue",
  "Target.createTarget",
  "Target.attachToTarget",
  "Browser.close",
  "Emulation.setUserAgentOverride",
  "runtime.callFunctionOn",
  "Runtime.callFunctionOn ",
  "",
];

/** Declarations a page must never run, each a near miss of a real page function. */
const foreignFunctions = [
  "function () { return document.cookie; }",
  `${pageFunctions.deliversTo} `,
  ` ${pageFunctions.deliversTo}`,
  pageFunctions.deliversTo.replace("return true", "return fetch('/x') && true"),
  pageFunctions.textPresent.toUpperCase(),
  `(${pageFunctions.describeElement})()`,
  "() => location.href",
  "",
];

Deno.test("the CDP allowlist refuses script, interception, storage clearing and CSP bypass, and the extension runs only the fixed page functions", () => {
  const lease = { leaseId: "l", fence: 1 };
  for (const method of forbiddenMethods) {
    assert.equal(CdpMethodSchema.safeParse(method).success, false, method);
    const call = { lease, method, params: {} };
    assert.equal(providerMethods.cdp.params.safeParse(call).success, false, `cdp ${method}`);
  }
  const scope = { kind: "origin", origin: "https://shop.example" } as const;
  const call = (functionDeclaration: string, extra: Record<string, unknown> = {}) =>
    checkCdpParams("Runtime.callFunctionOn", {
      functionDeclaration,
      objectId: "1.2.3",
      returnByValue: true,
      ...extra,
    }, scope);
  // Drag events are allowed only without data: the provider adds the page's own, files taken out.
  for (
    const data of [
      { items: [], dragOperationsMask: 1, files: ["/home/ada/.ssh/id_ed25519"] },
      { items: [{ mimeType: "text/plain", data: "x" }], dragOperationsMask: 1 },
    ]
  ) {
    assert.throws(
      () => checkCdpParams("Input.dispatchDragEvent", { type: "drop", x: 1, y: 1, data }, scope),
      (e) => isLeashError(e, "CDP_FORBIDDEN"),
    );
  }
  // Nor a reload that runs a script of the caller's on load.
  assert.throws(
    () => checkCdpParams("Page.reload", { scriptToEvaluateOnLoad: "fetch('/x')" }, scope),
    (e) => isLeashError(e, "CDP_FORBIDDEN"),
  );
  for (const declaration of foreignFunctions) {
    assert.throws(() => call(declaration), (e) => isLeashError(e, "CDP_FORBIDDEN"), declaration);
  }
  for (const declaration of Object.values(pageFunctions)) {
    call(declaration);
    for (
      const extra of [
        { returnByValue: false },
        { awaitPromise: true },
        { userGesture: true },
        { executionContextId: 1 },
        { uniqueContextId: "x" },
        { arguments: [{ unserializableValue: "Infinity" }] },
      ]
    ) {
      assert.throws(() => call(declaration, extra), (e) => isLeashError(e, "CDP_FORBIDDEN"));
    }
  }
  figure(
    "security cdp allowlist",
    `${forbiddenMethods.length} forbidden methods refused at the wire, ${foreignFunctions.length} foreign ` +
      `functions and ${Object.keys(pageFunctions).length * 6} widened page-function calls refused`,
  );
});

function refOf(observation: Observation, role: string, name: string): string {
  const ref = observation.nodes.find((node) => node.role === role && node.name === name)?.ref;
  assert.ok(typeof ref === "string", `${role} "${name}" has a ref`);
  return ref;
}

Deno.test("every DevTools call the Broker makes in an observe and act session passes the extension's checker", async () => {
  await using world = await runtimeWorld();
  const { client, handle } = world;
  let observation = await client.call("browser.observe", handle);
  const actions = [
    { kind: "fill", ref: refOf(observation, "textbox", "Full name"), text: "Grace Hopper" },
    { kind: "append", ref: refOf(observation, "textbox", "Email"), text: "example.com" },
    { kind: "check", ref: refOf(observation, "checkbox", "Email me about offers"), checked: true },
    { kind: "radio", ref: refOf(observation, "radio", "Express (£5)") },
    { kind: "select", ref: refOf(observation, "combobox", "Country"), option: "Japan" },
    { kind: "press", key: "Tab" },
    { kind: "wheel", deltaX: 0, deltaY: 120 },
    { kind: "scroll", ref: refOf(observation, "link", "Contact us") },
    { kind: "click", ref: refOf(observation, "button", "Place order") },
    { kind: "navigate", url: "https://shop.example/done" },
  ] as const;
  let outcomes = 0;
  for (const [i, action] of actions.entries()) {
    try {
      const result = await client.call("browser.act", {
        ...handle,
        requestId: `a${i}`,
        documentEpoch: observation.documentEpoch,
        action,
      });
      outcomes++;
      if (result.documentChanged) observation = await client.call("browser.observe", handle);
    } catch (error) {
      // A scripted page may not play every control; the calls made until then still count.
      assert.ok(isLeashError(error), String(error));
    }
  }
  await client.call("browser.readPage", { ...handle, options: {} });
  await client.call("browser.capture", { ...handle, format: "png" });
  await client.call("browser.validateLease", handle);
  const calls = world.provider.cdpCalls;
  assert.ok(calls.some((call) => call.method === "Input.dispatchMouseEvent"), "input was sent");
  assert.ok(calls.some((call) => call.method === "Runtime.callFunctionOn"), "page functions ran");
  for (const call of calls) {
    assert.doesNotThrow(
      () => checkCdpParams(call.method, call.params, world.lease.scope),
      `${call.method} ${JSON.stringify(call.params)}`,
    );
  }
  const methods = new Set(calls.map((call) => call.method));
  figure(
    "security cdp traffic",
    `${calls.length} DevTools calls (${methods.size} methods) from ${actions.length} actions ` +
      `(${outcomes} completed), reads and a capture: all pass the extension's checker`,
  );
});

Deno.test("while a session re-claims its tab over and over, no call reaches the extension with a superseded fence", async () => {
  await using broker = await BrokerChild.start();
  const host = hostFor(broker);
  const extension = await StdioExtension.start(
    host,
    new ScriptedPage(fixtureSnapshot("form_page.json")),
    "fenced",
  );
  const client = await LeashClient.connect({ runtimeDir: broker.dirs.runtimeDir });
  const rounds = sized(40, 1_000);
  const outcomes = new Map<string, number>();
  const note = (what: string) => outcomes.set(what, (outcomes.get(what) ?? 0) + 1);
  const leases: string[] = [];
  for (let i = 0; i < rounds; i++) {
    const current = leases.at(-1);
    const reads = current === undefined
      ? []
      : Array.from({ length: 3 }, () =>
        client.call("browser.observe", { sessionId: "s", leaseId: current }).then(
          () =>
            note("read"),
          (error) => note(isLeashError(error) ? error.code : String(error)),
        ));
    // Let the reads get under way by a varying margin, so the claim lands at every point of them.
    await new Promise((resolve) => setTimeout(resolve, i % 4));
    // Claiming the tab again supersedes the session's lease on it, with a higher fence.
    const claim = client.call("browser.claim", {
      sessionId: "s",
      instance: "fenced",
      tab: "steady:1",
    });
    const [lease] = await Promise.all([claim, ...reads]);
    leases.push(lease.leaseId);
  }
  await client.call("browser.release", { sessionId: "s", leaseId: leases[leases.length - 1] });
  client.close();
  await host.closeStdin();
  await host.result();
  await extension.served;
  await broker[Symbol.asyncDispose]();
  assert.equal(extension.staleFences, 0, "a call carried a superseded or unknown fence");
  assert.ok((outcomes.get("read") ?? 0) > 0, "reads overlapped the re-claims");
  assert.equal(outcomes.get("STALE_LEASE"), undefined);
  const seen = [...outcomes].sort().map(([what, n]) => `${what} ${n}`).join(", ");
  figure(
    "security fences",
    `${rounds} superseding claims with overlapping reads (${seen}): 0 stale fences sent`,
  );
});

Deno.test("an answer too big for a frame is refused with a code in a whole frame, and the connection lives on", async () => {
  // Personal mode, where the Broker relays tab titles.
  await using env = await startInProcess({ accessMode: "personal" });
  // One tab list that fits a frame from the provider but not with a 128-character request ID.
  const tabs: Array<{ tab: string; active: boolean; title: string }> = [];
  const target = limits.maxFrameBytes - 100;
  while (JSON.stringify(tabs).length < target - 10_000) {
    tabs.push({ tab: `big:${tabs.length}`, active: false, title: "x".repeat(9_000) });
  }
  const last = { tab: "big:last", active: false, title: "" };
  last.title = "y".repeat(target - JSON.stringify([...tabs, last]).length);
  tabs.push(last);
  assert.equal(JSON.stringify(tabs).length, target);
  const provider = await ScriptedProvider.connect({
    socketPath: env.socketPath,
    token: env.token,
    instanceId: "big",
    tabs,
  });
  const peer = await RecordingPeer.connect(env.socketPath);
  await peer.request("h", "hello", specClientHello(env.token));
  const longId = "i".repeat(limits.maxIdCodePoints);
  assert.deepEqual(await peer.request(longId, "browser.tabs", { instance: "big" }), {
    type: "response",
    id: longId,
    ok: false,
    code: "RESULT_TOO_LARGE",
  });
  const fits = await peer.request("s", "browser.tabs", { instance: "big" });
  assert.ok(fits?.type === "response" && fits.ok, "the same answer fits with a short ID");
  assert.equal(JSON.stringify(fits.value).length, target);
  assert.deepEqual(peer.problems, [], "every frame whole");
  assert.equal(peer.closed, false);
  peer.close();
  provider.close();
});
