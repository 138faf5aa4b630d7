import assert from "node:assert/strict";
import type { LeaseRecord } from "../provider/context.ts";
import { PageLogs } from "./page_logs.ts";

const origin = "http://127.0.0.1:8000";
const grantedAt = 1_000_000;

function lease(overrides: Partial<LeaseRecord> = {}): LeaseRecord {
  return {
    leaseId: "lease-1",
    fence: 1,
    generation: 1,
    tabId: 7,
    tab: "inst:7",
    scope: { kind: "origin", origin },
    clientName: "agent",
    grantedAt,
    signal: new AbortController().signal,
    ...overrides,
  };
}

function context(id: number, contextOrigin: string, isDefault = true) {
  return {
    context: { id, origin: contextOrigin, name: "", auxData: { isDefault, frameId: `F${id}` } },
  };
}

function logCall(contextId: number, text: string, timestamp = grantedAt + 10) {
  return {
    type: "log",
    args: [{ type: "string", value: text }],
    executionContextId: contextId,
    timestamp,
  };
}

function started(record = lease()) {
  const logs = new PageLogs(() => grantedAt + 5);
  const { logs: mine } = logs.start(record, `${origin}/app.html`);
  logs.heard(7, "Runtime.executionContextCreated", context(1, origin));
  return { logs, mine };
}

function texts(logs: PageLogs, leaseId = "lease-1"): string[] {
  return logs.logs(leaseId)?.console.read({ limit: 500 }).entries.map((entry) => entry.text) ?? [];
}

Deno.test("console calls of the page's default world of the lease's origin are logged", () => {
  const { logs } = started();
  logs.heard(7, "Runtime.consoleAPICalled", logCall(1, "saved"));
  assert.deepEqual(texts(logs), ["saved"]);
});

Deno.test("an extension's isolated world is never heard, though it runs in the page's frame", () => {
  const { logs } = started();
  logs.heard(7, "Runtime.executionContextCreated", context(2, origin, false));
  logs.heard(7, "Runtime.consoleAPICalled", logCall(2, "from a content script"));
  assert.deepEqual(texts(logs), []);
});

Deno.test("a frame of another origin is never heard, nor an unknown context", () => {
  const { logs } = started();
  logs.heard(7, "Runtime.executionContextCreated", context(3, "http://127.0.0.1:9000"));
  logs.heard(7, "Runtime.consoleAPICalled", logCall(3, "from the ad frame"));
  logs.heard(7, "Runtime.consoleAPICalled", logCall(99, "from nowhere"));
  logs.heard(7, "Runtime.exceptionThrown", {
    timestamp: grantedAt + 20,
    exceptionDetails: { text: "Uncaught", lineNumber: 0, columnNumber: 0, executionContextId: 3 },
  });
  assert.deepEqual(texts(logs), []);
});

Deno.test("what the page logged before the grant is left out when DevTools replays it", () => {
  const { logs } = started();
  logs.heard(7, "Runtime.consoleAPICalled", logCall(1, "before", grantedAt - 1));
  logs.heard(7, "Runtime.consoleAPICalled", logCall(1, "after", grantedAt + 1));
  assert.deepEqual(texts(logs), ["after"]);
});

Deno.test("other tabs and leases that did not start capture hear nothing", () => {
  const { logs } = started();
  logs.heard(8, "Runtime.executionContextCreated", context(1, origin));
  logs.heard(8, "Runtime.consoleAPICalled", logCall(1, "other tab"));
  assert.deepEqual(texts(logs), []);
  assert.equal(logs.logs("lease-2"), undefined);
});

Deno.test("stopping drops the lease's logs; a new lease on the tab starts empty", () => {
  const { logs } = started();
  logs.heard(7, "Runtime.consoleAPICalled", logCall(1, "old"));
  assert.equal(logs.stop("lease-1"), true);
  assert.equal(logs.logs("lease-1"), undefined);
  const next = lease({ leaseId: "lease-2", fence: 2, grantedAt: grantedAt + 100 });
  const { firstOnTab } = logs.start(next, `${origin}/app.html`);
  assert.equal(firstOnTab, true);
  assert.deepEqual(texts(logs, "lease-2"), []);
});

Deno.test("a tab lease's logs start over when its top document changes origin", () => {
  const logs = new PageLogs(() => grantedAt);
  logs.start(lease({ scope: { kind: "tab" } }), `${origin}/a`);
  logs.heard(7, "Runtime.executionContextCreated", context(1, origin));
  logs.heard(7, "Runtime.consoleAPICalled", logCall(1, "on a"));
  logs.navigated(7, `${origin}/b`);
  assert.deepEqual(texts(logs), ["on a"]);
  logs.navigated(7, "https://elsewhere.example/");
  assert.deepEqual(texts(logs), []);
  logs.heard(7, "Runtime.executionContextCreated", context(5, "https://elsewhere.example"));
  logs.heard(7, "Runtime.consoleAPICalled", logCall(5, "on elsewhere"));
  assert.deepEqual(texts(logs), ["on elsewhere"]);
});

function sent(requestId: string, url: string, documentURL: string, headers = {}) {
  return {
    requestId,
    documentURL,
    timestamp: 10,
    wallTime: (grantedAt + 10) / 1000,
    type: "Fetch",
    request: { url, method: "GET", headers },
    initiator: { type: "script" },
  };
}

Deno.test("requests of documents of another origin are left out", () => {
  const { logs, mine } = started();
  logs.heard(7, "Network.requestWillBeSent", sent("1", `${origin}/api/a`, `${origin}/app.html`));
  logs.heard(
    7,
    "Network.requestWillBeSent",
    sent("2", `${origin}/api/b`, "http://127.0.0.1:9000/frame.html"),
  );
  const entries = mine.network.buffer.read({ limit: 50 }).entries.map((held) => held.entry.url);
  assert.deepEqual(entries, [`${origin}/api/a`]);
});

Deno.test("request headers and URLs are redacted as they are heard", () => {
  const { logs, mine } = started();
  logs.heard(
    7,
    "Network.requestWillBeSent",
    sent("1", `${origin}/api?token=abc&page=2`, `${origin}/app.html`, {
      Authorization: "Bearer secret-value",
      Accept: "application/json",
    }),
  );
  logs.heard(7, "Network.responseReceived", {
    requestId: "1",
    type: "Fetch",
    response: {
      url: `${origin}/api?token=abc&page=2`,
      status: 200,
      statusText: "OK",
      headers: { "Set-Cookie": "sid=s3cr3t", "Content-Type": "application/json" },
      mimeType: "application/json",
    },
  });
  const [held] = mine.network.buffer.read({ limit: 50 }).entries;
  assert.equal(held.entry.url, `${origin}/api?token=[redacted]&page=2`);
  assert.deepEqual(held.requestHeaders, [
    ["Authorization", "[redacted]"],
    ["Accept", "application/json"],
  ]);
  assert.deepEqual(held.responseHeaders[0], ["Set-Cookie", "[redacted]"]);
  assert.equal(held.readable, true);
  assert.ok(!JSON.stringify(held).includes("s3cr3t"));
  assert.ok(!JSON.stringify(held).includes("secret-value"));
});

Deno.test("browser log entries count only for the lease's requests or origin", () => {
  const { logs, mine } = started();
  logs.heard(7, "Network.requestWillBeSent", sent("1", `${origin}/api/a`, `${origin}/app.html`));
  const entry = (text: string, extra: Record<string, unknown>) => ({
    entry: { source: "network", level: "error", text, timestamp: grantedAt + 30, ...extra },
  });
  logs.heard(7, "Log.entryAdded", entry("ours", { networkRequestId: "1", url: `${origin}/api/a` }));
  logs.heard(7, "Log.entryAdded", entry("theirs", { networkRequestId: "2", url: `${origin}/x` }));
  logs.heard(7, "Log.entryAdded", entry("their url", { url: "http://127.0.0.1:9000/x" }));
  logs.heard(7, "Log.entryAdded", entry("no url", {}));
  assert.deepEqual(mine.console.read({ limit: 50 }).entries.map((e) => e.text), ["ours"]);
});

Deno.test("the caps hold under a page that logs 100,000 lines", () => {
  const { logs, mine } = started();
  const long = "x".repeat(5_000);
  for (let i = 0; i < 100_000; i++) {
    logs.heard(7, "Runtime.consoleAPICalled", logCall(1, i % 10 === 0 ? long : `line ${i}`));
  }
  assert.ok(mine.console.size <= 500);
  assert.ok(mine.console.units <= 256 * 1024);
  const read = mine.console.read({ limit: 500 });
  assert.equal(read.entries.at(-1)?.text, "line 99999");
  assert.equal(read.cursor, "100000");
  assert.ok(read.entries.every((entry) => entry.text.length <= 2_000));
});
