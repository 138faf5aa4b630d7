import assert from "node:assert/strict";
import { isLeashError } from "../../contracts/errors.ts";
import { fakeProvider, grantShopLease } from "../testing/fakes.ts";
import { runCdp, runClick, runHit, runInput } from "./act.ts";
import { ChangeWatches } from "./change_watch.ts";
import { inputClockExpression, pageFunctions } from "../../contracts/methods/page_functions.ts";

const lease = { leaseId: "l1", fence: 1 };

async function setup(url = "https://shop.example/") {
  const provider = fakeProvider();
  provider.browser.addTab({ id: 7, url });
  await grantShopLease(provider.leases, lease);
  return provider;
}

const live = () => new AbortController().signal;

Deno.test("cdp sends exactly the checked params to the leased tab", async () => {
  const { context, browser } = await setup();
  browser.respond = () => ({ frameId: "f", loaderId: "l" });
  const result = await runCdp(context, {
    lease,
    method: "Page.navigate",
    params: { url: "https://shop.example/next" },
  }, live());
  assert.deepEqual(result, { frameId: "f", loaderId: "l" });
  assert.deepEqual(browser.commands.at(-1), {
    tabId: 7,
    method: "Page.navigate",
    params: { url: "https://shop.example/next" },
  });
});

Deno.test("a command that may replace the document turns the accessibility tree off first", async () => {
  for (
    const [method, params] of [
      ["Page.navigate", { url: "https://shop.example/next" }],
      ["Page.reload", {}],
    ] as const
  ) {
    const { context, browser } = await setup();
    // Turning it off may fail: the navigation goes on.
    browser.respond = (sent) => {
      if (sent === "Accessibility.disable") throw new Error("not enabled");
      return {};
    };
    await runCdp(context, { lease, method, params }, live());
    assert.deepEqual(browser.commands.map((command) => command.method), [
      "Accessibility.disable",
      method,
    ]);
  }
  const { context, browser } = await setup();
  await runCdp(context, { lease, method: "DOM.focus", params: { backendNodeId: 4 } }, live());
  assert.deepEqual(browser.commands.map((command) => command.method), ["DOM.focus"]);
});

Deno.test("an input cancelled while its change watch begins is not sent", async () => {
  const { context, browser } = await setup();
  const request = new AbortController();
  const watches = new ChangeWatches();
  watches.begin = () => {
    request.abort();
    return Promise.resolve();
  };
  await assert.rejects(
    runCdp(
      context,
      { lease, method: "Input.insertText", params: { text: "secret" } },
      request.signal,
      watches,
    ),
    (error) => isLeashError(error, "CANCELLED"),
  );
  assert.deepEqual(browser.commands, []);
});

Deno.test("a navigation cancelled while the accessibility tree is turned off is not sent", async () => {
  const { context, browser } = await setup();
  const request = new AbortController();
  browser.respond = (sent) => {
    if (sent === "Accessibility.disable") request.abort();
    return {};
  };
  await assert.rejects(
    runCdp(
      context,
      { lease, method: "Page.navigate", params: { url: "https://shop.example/next" } },
      request.signal,
    ),
    (error) => isLeashError(error, "CANCELLED"),
  );
  assert.deepEqual(browser.commands.map((command) => command.method), ["Accessibility.disable"]);
});

Deno.test("cdp refuses forbidden params before anything is sent", async () => {
  const { context, browser } = await setup();
  await assert.rejects(
    runCdp(
      context,
      { lease, method: "Page.navigate", params: { url: "https://evil.example/" } },
      live(),
    ),
    (error) => isLeashError(error, "CDP_FORBIDDEN"),
  );
  assert.deepEqual(browser.commands, []);
});

Deno.test("cdp on a tab that left the lease's origin sends nothing", async () => {
  const { context, browser, browser: { tabs } } = await setup();
  tabs.set(7, { ...tabs.get(7)!, url: "https://evil.example/" });
  await assert.rejects(
    runCdp(context, { lease, method: "Input.insertText", params: { text: "secret" } }, live()),
    (error) => isLeashError(error, "ORIGIN_CHANGED"),
  );
  assert.deepEqual(browser.commands, []);
});

Deno.test("a DevTools error on a node is a stale target, never a foreign message", async () => {
  const { context, browser } = await setup();
  browser.respond = () => {
    throw new Error("No node with given id found");
  };
  await assert.rejects(
    runCdp(context, { lease, method: "DOM.getBoxModel", params: { backendNodeId: 9 } }, live()),
    (error) => isLeashError(error, "STALE_TARGET"),
  );
});

Deno.test("cdp.input sends its events in order, each checked as cdp checks one", async () => {
  const { context, browser } = await setup();
  const result = await runInput(context, {
    lease,
    events: [
      { method: "Input.dispatchKeyEvent", params: { type: "keyDown", key: "a", text: "a" } },
      { method: "Input.dispatchKeyEvent", params: { type: "keyUp", key: "a" } },
      { method: "Input.insertText", params: { text: "é" } },
    ],
  }, live());
  assert.deepEqual(result, { sent: 3 });
  assert.deepEqual(browser.commands.map((c) => [c.method, c.params?.type ?? c.params?.text]), [
    ["Input.dispatchKeyEvent", "keyDown"],
    ["Input.dispatchKeyEvent", "keyUp"],
    ["Input.insertText", "é"],
  ]);
});

Deno.test("cdp.input stops at the first refused event; the ones before it were sent", async () => {
  const { context, browser } = await setup();
  await assert.rejects(
    runInput(context, {
      lease,
      events: [
        { method: "Input.insertText", params: { text: "ok" } },
        { method: "Input.insertText", params: { text: "x", extra: true } },
        { method: "Input.insertText", params: { text: "never" } },
      ],
    }, live()),
    (error) => isLeashError(error, "CDP_FORBIDDEN"),
  );
  assert.deepEqual(browser.commands.map((c) => c.params?.text), ["ok"]);
});

Deno.test("cdp.input asks the tab's origin before each event: a page that left it gets no more", async () => {
  const { context, browser, browser: { tabs } } = await setup();
  browser.respond = () => {
    // The first key's page navigates away.
    tabs.set(7, { ...tabs.get(7)!, url: "https://evil.example/" });
    return {};
  };
  await assert.rejects(
    runInput(context, {
      lease,
      events: [
        { method: "Input.dispatchKeyEvent", params: { type: "keyDown", key: "Enter" } },
        { method: "Input.insertText", params: { text: "secret" } },
      ],
    }, live()),
    (error) => isLeashError(error, "ORIGIN_CHANGED"),
  );
  assert.deepEqual(browser.commands.map((c) => c.method), ["Input.dispatchKeyEvent"]);
});

/**
 * A page whose hit test finds `hit` at any point, scrolled by (0, 300), and
 * whose `deliversTo` answers `delivers`; the commands are the browser's.
 */
function hitPage(
  browser: ReturnType<typeof fakeProvider>["browser"],
  hit: number,
  delivers = false,
  pseudo = false,
) {
  browser.respond = (method, params) => {
    switch (method) {
      case "Page.getLayoutMetrics":
        return { cssLayoutViewport: { pageX: 0, pageY: 300, clientWidth: 800, clientHeight: 600 } };
      case "DOM.getNodeForLocation":
        return { backendNodeId: hit };
      case "Page.getFrameTree":
        return { frameTree: { frame: { id: "F", loaderId: "L", url: "https://shop.example/" } } };
      case "Page.createIsolatedWorld":
        return { executionContextId: 31 };
      case "DOM.resolveNode":
        // Node 9's ::before box is what is hit when `pseudo` is set.
        return pseudo && params?.backendNodeId === 9
          ? { object: { objectId: "pseudo-9", className: "CSSPseudoElement" } }
          : { object: { objectId: `node-${params?.backendNodeId}`, subtype: "node" } };
      case "Runtime.callFunctionOn":
        return params?.objectId === "pseudo-9"
          ? { result: { objectId: "node-12" } }
          : { result: { value: delivers } };
      case "DOM.describeNode":
        return { node: { backendNodeId: Number(String(params?.objectId).slice(5)) } };
      default:
        return {};
    }
  };
}

const aimed = { backendNodeId: 7, point: { x: 40.5, y: 20 } };

Deno.test("cdp.hit of the target itself asks DevTools where it is, in document coordinates", async () => {
  const { context, browser } = await setup();
  hitPage(browser, 7);
  const hit = await runHit(context, { lease, ...aimed }, live(), new ChangeWatches().worlds);
  assert.deepEqual(hit, { kind: "target" });
  assert.deepEqual(browser.commands.map((c) => c.method), [
    "Page.getLayoutMetrics",
    "DOM.getNodeForLocation",
  ]);
  assert.deepEqual(browser.commands[1].params, {
    x: 41,
    y: 320,
    includeUserAgentShadowDOM: true,
    ignorePointerEventsNone: false,
  });
});

Deno.test("cdp.hit compares another node with the target in the provider's isolated world", async () => {
  for (const delivers of [true, false]) {
    const { context, browser } = await setup();
    hitPage(browser, 9, delivers);
    const hit = await runHit(context, { lease, ...aimed }, live(), new ChangeWatches().worlds);
    assert.deepEqual(hit, delivers ? { kind: "target" } : { kind: "covered", by: 9 });
    const resolved = browser.commands.filter((c) => c.method === "DOM.resolveNode");
    // Both nodes in the world the page cannot reach: its rewritten DOM methods are not used.
    assert.deepEqual(resolved.map((c) => [c.params?.backendNodeId, c.params?.executionContextId]), [
      [9, 31],
      [7, 31],
    ]);
    const ran = browser.commands.find((c) => c.method === "Runtime.callFunctionOn");
    assert.equal(ran?.params?.functionDeclaration, pageFunctions.deliversTo);
    assert.equal(ran?.params?.objectId, "node-7");
    assert.deepEqual(ran?.params?.arguments, [{ objectId: "node-9" }]);
    assert.equal(browser.commands.at(-1)?.method, "Runtime.releaseObjectGroup");
  }
});

Deno.test("cdp.hit on another element's ::before box names that element as the cover", async () => {
  const { context, browser } = await setup();
  hitPage(browser, 9, false, true);
  const hit = await runHit(context, { lease, ...aimed }, live(), new ChangeWatches().worlds);
  assert.deepEqual(hit, { kind: "covered", by: 12 });
});

Deno.test("cdp.hit where DevTools finds nothing answers nothing; on a tab that left the origin it sends nothing", async () => {
  const { context, browser, browser: { tabs } } = await setup();
  browser.respond = (method) => {
    if (method === "DOM.getNodeForLocation") throw new Error("No node found at given location");
    return { cssLayoutViewport: { pageX: 0, pageY: 0 } };
  };
  const worlds = new ChangeWatches().worlds;
  assert.deepEqual(await runHit(context, { lease, ...aimed }, live(), worlds), { kind: "nothing" });
  browser.commands.length = 0;
  tabs.set(7, { ...tabs.get(7)!, url: "https://evil.example/" });
  await assert.rejects(
    runHit(context, { lease, ...aimed }, live(), worlds),
    (error) => isLeashError(error, "ORIGIN_CHANGED"),
  );
  assert.deepEqual(browser.commands, []);
});

Deno.test("cdp.click moves, hit-tests again and presses only on the target", async () => {
  const { context, browser } = await setup();
  hitPage(browser, 7);
  const result = await runClick(
    context,
    { lease, ...aimed, press: { count: 2 } },
    live(),
    new ChangeWatches(),
  );
  assert.deepEqual(result, { sent: 5 });
  const mouse = browser.commands.filter((c) => c.method === "Input.dispatchMouseEvent");
  assert.deepEqual(
    mouse.map((c) => [c.params?.type, c.params?.x, c.params?.y, c.params?.clickCount]),
    [
      ["mouseMoved", 40.5, 20, undefined],
      ["mousePressed", 40.5, 20, 1],
      ["mouseReleased", 40.5, 20, 1],
      ["mousePressed", 40.5, 20, 2],
      ["mouseReleased", 40.5, 20, 2],
    ],
  );
  // The hit test comes between the move and the first press.
  const methods = browser.commands.map((c) => c.method);
  assert.ok(
    methods.indexOf("DOM.getNodeForLocation") > methods.indexOf("Input.dispatchMouseEvent"),
  );
  assert.ok(
    methods.indexOf("DOM.getNodeForLocation") < methods.lastIndexOf("Input.dispatchMouseEvent"),
  );
  // The input clock is set once, in the provider's world, after the last release (in the
  // background: the answer does not wait for it).
  await settled();
  const clocks = clockSets(browser);
  assert.deepEqual(clocks.map((i) => browser.commands[i].params?.contextId), [31]);
  assert.ok(clocks[0] > methods.lastIndexOf("Input.dispatchMouseEvent"));
});

/** A task later: what runs in the background has run. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Where in the browser's commands the input clock was set. */
function clockSets(browser: ReturnType<typeof fakeProvider>["browser"]): number[] {
  return browser.commands.flatMap((command, index) =>
    command.method === "Runtime.evaluate" && command.params?.expression === inputClockExpression
      ? [index]
      : []
  );
}

Deno.test("cdp.input sets the input clock once, after its last event; a lone cdp input sets it too", async () => {
  const { context, browser } = await setup();
  hitPage(browser, 7);
  const watches = new ChangeWatches();
  const keys = [
    { method: "Input.dispatchKeyEvent", params: { type: "keyDown", key: "a", text: "a" } },
    { method: "Input.dispatchKeyEvent", params: { type: "keyUp", key: "a" } },
  ] as const;
  await runInput(context, { lease, events: [...keys] }, live(), watches);
  await settled();
  const methods = browser.commands.map((c) => c.method);
  assert.deepEqual(clockSets(browser), [methods.length - 1]);
  assert.ok(methods.lastIndexOf("Input.dispatchKeyEvent") < methods.length - 1);
  const text = { lease, method: "Input.insertText", params: { text: "b" } } as const;
  await runCdp(context, text, live(), watches);
  await settled();
  assert.equal(clockSets(browser).length, 2);
  // What is no input sets no clock.
  const metrics = { lease, method: "Page.getLayoutMetrics", params: {} } as const;
  await runCdp(context, metrics, live(), watches);
  await settled();
  assert.equal(clockSets(browser).length, 2);
});

Deno.test("an input that took the page to another origin sets no clock there", async () => {
  const { context, browser } = await setup();
  hitPage(browser, 7);
  const respond = browser.respond;
  // The page the input led to is already another origin's when the provider looks.
  browser.respond = (method, params) =>
    method === "Page.getFrameTree"
      ? { frameTree: { frame: { id: "F", loaderId: "L2", url: "https://elsewhere.example/" } } }
      : respond(method, params);
  const enter = {
    lease,
    method: "Input.dispatchKeyEvent",
    params: { type: "keyDown", key: "Enter" },
  } as const;
  await runCdp(context, enter, live(), new ChangeWatches());
  await settled();
  const methods = browser.commands.map((c) => c.method);
  assert.ok(methods.includes("Page.getFrameTree"), methods.join(" "));
  assert.ok(!methods.includes("Page.createIsolatedWorld"), methods.join(" "));
  assert.deepEqual(clockSets(browser), []);
});

Deno.test("cdp.click onto a layer the move slid in is TARGET_COVERED, with no press", async () => {
  const { context, browser } = await setup();
  hitPage(browser, 9, false);
  await assert.rejects(
    runClick(context, { lease, ...aimed }, live(), new ChangeWatches()),
    (error) => isLeashError(error, "TARGET_COVERED"),
  );
  const mouse = browser.commands.filter((c) => c.method === "Input.dispatchMouseEvent");
  assert.deepEqual(mouse.map((c) => c.params?.type), ["mouseMoved"]);
});
