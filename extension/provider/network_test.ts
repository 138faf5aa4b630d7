import assert from "node:assert/strict";
import { isLeashError } from "../../contracts/errors.ts";
import { networkCaps } from "../../contracts/methods/network.ts";
import { fakeProvider, grantShopLease } from "../testing/fakes.ts";
import { readConsole } from "./console.ts";
import { bodyContinuations, passesFilter, readNetwork, readRequest } from "./network.ts";

const lease = { leaseId: "l1", fence: 1 };
const live = () => new AbortController().signal;
const origin = "https://shop.example";
const bodies: Record<string, unknown> = {};

async function setup() {
  const provider = fakeProvider();
  provider.browser.addTab({ id: 7, url: `${origin}/` });
  await grantShopLease(provider.leases, lease);
  provider.browser.respond = (method, params) => {
    if (method === "Page.getFrameTree") {
      return { frameTree: { frame: { id: "F", loaderId: "L", url: `${origin}/app` } } };
    }
    if (method === "Network.getResponseBody") {
      const body = bodies[String(params?.requestId)];
      if (body === undefined) throw new Error("No resource with given identifier found");
      return body;
    }
    return {};
  };
  return provider;
}

/** A request of `documentURL` to `url`, answered `status` with `type`, finished. */
function request(
  logs: ReturnType<typeof fakeProvider>["logs"],
  id: string,
  url: string,
  response: { status: number; mimeType: string; headers?: Record<string, string> },
  documentURL = `${origin}/app`,
) {
  logs.heard(7, "Network.requestWillBeSent", {
    requestId: id,
    documentURL,
    timestamp: 1,
    wallTime: 2,
    type: "Fetch",
    request: { url, method: "GET", headers: {} },
  });
  logs.heard(7, "Network.responseReceived", {
    requestId: id,
    type: "Fetch",
    response: { url, statusText: "", headers: response.headers ?? {}, ...response },
  });
  logs.heard(7, "Network.dataReceived", { requestId: id, dataLength: 3_000 });
  logs.heard(7, "Network.loadingFinished", {
    requestId: id,
    timestamp: 1.25,
    encodedDataLength: 3_100,
  });
}

Deno.test("the first read starts capture once: the domains go on, and off when the lease ends", async () => {
  const { context, browser, leases } = await setup();
  const first = await readNetwork(context, { lease }, live());
  assert.equal(first.started, true);
  const second = await readConsole(context, { lease }, live());
  assert.equal(second.started, false);
  const sent = browser.commands.map((command) => command.method);
  assert.deepEqual(sent.filter((method) => method.endsWith(".enable")), [
    "Network.enable",
    "Log.enable",
    "Runtime.enable",
  ]);
  const buffers = browser.commands.find((command) => command.method === "Network.enable")?.params;
  assert.ok(Number(buffers?.maxResourceBufferSize) > 0);
  await leases.end("l1", "broker");
  const after = browser.commands.map((command) => command.method).slice(sent.length);
  assert.deepEqual(after, ["Runtime.disable", "Log.disable", "Network.enable"]);
  assert.equal(browser.commands.at(-1)?.params?.maxResourceBufferSize, 0);
});

Deno.test("a read lists the lease's requests with their status, timing and sizes", async () => {
  const { context, logs } = await setup();
  await readNetwork(context, { lease }, live());
  request(logs, "r1", `${origin}/api/save`, { status: 500, mimeType: "application/json" });
  const read = await readNetwork(context, { lease }, live());
  assert.deepEqual(
    read.entries.map(({ id, status, state, durationMs, bodyBytes }) => ({
      id,
      status,
      state,
      durationMs,
      bodyBytes,
    })),
    [{ id: "n1", status: 500, state: "done", durationMs: 250, bodyBytes: 3_000 }],
  );
});

Deno.test("filters keep URLs, methods, types, statuses and failures", () => {
  const entry = {
    id: "n1",
    seq: 1,
    time: 0,
    method: "POST",
    url: "https://shop.example/api/Save",
    type: "Fetch",
    state: "done" as const,
    status: 503,
  };
  for (const filter of ["api/save", "post", "fetch", "503", "5xx", "failed", undefined]) {
    assert.ok(passesFilter(entry, filter), String(filter));
  }
  for (const filter of ["4xx", "404", "xhr", "get", "/cart"]) {
    assert.ok(!passesFilter(entry, filter), filter);
  }
  assert.ok(!passesFilter({ ...entry, status: 200 }, "failed"));
  assert.ok(passesFilter({ ...entry, state: "failed", status: undefined }, "failed"));
});

Deno.test("a text body comes in pages behind single-use continuations bound to the lease", async () => {
  const { context, logs } = await setup();
  const continuations = bodyContinuations(() => 0);
  await readNetwork(context, { lease }, live());
  request(logs, "big", `${origin}/report.txt`, { status: 200, mimeType: "text/plain" });
  const text = "row\n".repeat(40_000);
  bodies.big = { body: btoa(text), base64Encoded: true };
  const first = await readRequest(context, { lease, id: "n1", body: true }, {
    signal: live(),
    continuations,
  });
  assert.equal(first.body?.kind, "text");
  if (first.body?.kind !== "text") return;
  assert.equal(first.body.text.length, networkCaps.bodyPageUnits);
  assert.equal(first.body.total, text.length);
  const continuation = first.body.continuation ?? "";
  const second = await readRequest(context, { lease, id: "n1", continuation }, {
    signal: live(),
    continuations,
  });
  assert.equal(second.body?.kind === "text" && second.body.offset, networkCaps.bodyPageUnits);
  await assert.rejects(
    readRequest(context, { lease, id: "n1", continuation }, { signal: live(), continuations }),
    (error) => isLeashError(error, "STALE_CURSOR"),
  );
});

Deno.test("no body for another origin's response the page could not read; binary is described", async () => {
  const { context, logs, browser } = await setup();
  const continuations = bodyContinuations(() => 0);
  await readNetwork(context, { lease }, live());
  request(logs, "cdn", "https://cdn.example/data.json", {
    status: 200,
    mimeType: "application/json",
  });
  request(logs, "cors", "https://api.example/data.json", {
    status: 200,
    mimeType: "application/json",
    headers: { "Access-Control-Allow-Origin": origin },
  });
  request(logs, "img", `${origin}/logo.png`, { status: 200, mimeType: "image/png" });
  bodies.cors = { body: '{"ok":true}', base64Encoded: false };
  const read = (id: string) =>
    readRequest(context, { lease, id, body: true }, { signal: live(), continuations });
  assert.deepEqual((await read("n1")).body, { kind: "unavailable", reason: "cross-origin" });
  assert.equal((await read("n2")).body?.kind, "text");
  assert.deepEqual((await read("n3")).body, {
    kind: "binary",
    mimeType: "image/png",
    bytes: 3_000,
  });
  const asked = browser.commands.filter((command) => command.method === "Network.getResponseBody");
  assert.deepEqual(asked.map((command) => command.params?.requestId), ["cors"]);
});

Deno.test("a request the log no longer holds is STALE_TARGET", async () => {
  const { context } = await setup();
  await assert.rejects(
    readRequest(context, { lease, id: "n9" }, {
      signal: live(),
      continuations: bodyContinuations(() => 0),
    }),
    (error) => isLeashError(error, "STALE_TARGET"),
  );
});
