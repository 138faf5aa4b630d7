/**
 * One valid params/result pair for every method and one value for every
 * event: golden vectors for the schema twin tests and examples for the docs.
 *
 * @module
 */
import type { EventValueOf, ParamsOf, ResultOf } from "../methods/define.ts";
import type { Events, Methods } from "../methods/mod.ts";

/** A valid params/result pair per method; a missing method is a type error. */
export type MethodSamples = {
  [K in keyof Methods]: { params: ParamsOf<Methods, K>; result: ResultOf<Methods, K> };
};

/** A valid value per event. */
export type EventSamples = { [K in keyof Events]: EventValueOf<Events, K> };

const journalKey = "a".repeat(64);
const lease = { leaseId: "lease-1", fence: 3 };
const binding = {
  frameId: "F1",
  loaderId: "L1",
  contextUniqueId: "-1.-2",
  rootFrameId: "F0",
  rootLoaderId: "L0",
};
const root = { backendNodeId: 12, role: "form", name: "Sign in", editable: false };
const document = { frameId: "F0", loaderId: "L0", url: "https://example.com/", title: "Example" };
const axNode = {
  backendNodeId: 7,
  parentId: 1,
  role: "button",
  name: "Submit",
  states: ["focused" as const],
  depth: 2,
};
const node = { ref: "e1", role: "button", name: "Submit", states: [], level: 1 };
const observation = {
  scope: { kind: "page" as const },
  documentEpoch: "doc-1",
  url: "https://example.com/",
  title: "Example",
  text: '[page] Example\n  button "Submit" ref=e1',
  nodes: [node],
  cursor: "c1",
  truncated: null,
  delta: null,
};
const actResult = {
  requestId: "act-1",
  status: "verified" as const,
  documentChanged: false,
  documentEpoch: "doc-1",
  observation,
};
const leaseValue = {
  leaseId: "lease-1",
  sessionId: "s1",
  instance: "chrome-1",
  tab: "chrome-1:7",
  scope: { kind: "origin" as const, origin: "https://example.com" },
  grantedAt: "2026-11-30T00:00:00.000Z",
};

const consoleLog = {
  entries: [{
    seq: 3,
    time: 1_764_460_800_000,
    level: "error" as const,
    source: "exception" as const,
    text: "Uncaught Error: Save failed",
    url: "https://example.com/app.js",
    line: 10,
    column: 5,
    stack: ["save (https://example.com/app.js:10:5)"],
  }],
  cursor: "3",
  started: false,
  capturingSince: 1_764_460_700_000,
  omitted: 0,
  dropped: 0,
};
const networkEntry = {
  id: "n2",
  seq: 2,
  time: 1_764_460_800_000,
  method: "POST",
  url: "https://example.com/api/save",
  type: "Fetch",
  state: "done" as const,
  status: 500,
  statusText: "Internal Server Error",
  mimeType: "application/json",
  durationMs: 12,
  transferBytes: 230,
  bodyBytes: 24,
  initiator: { type: "script", url: "https://example.com/app.js", line: 12 },
};
const networkLog = {
  entries: [networkEntry],
  cursor: "2",
  started: true,
  capturingSince: 1_764_460_700_000,
  omitted: 1,
  dropped: 0,
};
const networkRequest = {
  entry: networkEntry,
  requestHeaders: [["content-type", "application/json"], ["authorization", "[redacted]"]] as [
    string,
    string,
  ][],
  responseHeaders: [["set-cookie", "[redacted]"]] as [string, string][],
  requestBody: '{"name":"Ada","password":"[redacted]"}',
  body: {
    kind: "text" as const,
    mimeType: "application/json",
    text: '{"error":"db down"}',
    offset: 0,
    total: 19,
    cut: false,
  },
};

/** Golden method vectors. */
export const methodSamples: MethodSamples = {
  hello: {
    params: {
      bootstrap: 1,
      versions: [1],
      role: "client",
      token: "0".repeat(64),
      journalKey,
      requiredCapabilities: ["runtime.v1"],
    },
    result: { version: 1, connectionEpoch: "epoch-1", capabilities: ["runtime.v1"] },
  },
  "browser.instances": {
    params: {},
    result: [{
      id: "chrome-1",
      family: "chromium",
      brand: "chrome",
      version: "Mozilla/5.0",
      profileLabel: "User-authorized profile",
      connectedSince: "2026-11-30T00:00:00Z",
    }],
  },
  "browser.tabs": {
    params: { instance: "chrome-1" },
    result: [{ tab: "chrome-1:7", active: true, title: "Example", url: "https://example.com/" }],
  },
  "browser.claim": {
    params: {
      sessionId: "s1",
      instance: "chrome-1",
      tab: "chrome-1:7",
      clientName: "agent",
      mcpClientName: "claude-code",
      reason: "Check the order",
    },
    result: leaseValue,
  },
  "browser.observe": {
    params: { sessionId: "s1", leaseId: "lease-1", query: "Submit", maxTokens: 2000 },
    result: observation,
  },
  "browser.act": {
    params: {
      sessionId: "s1",
      leaseId: "lease-1",
      requestId: "act-1",
      documentEpoch: "doc-1",
      action: { kind: "fill", ref: "e2", text: "hello" },
      expect: { textPresent: "Saved" },
      settleMs: 500,
    },
    result: actResult,
  },
  "browser.readPage": {
    params: { sessionId: "s1", leaseId: "lease-1", options: { continuation: "k1" } },
    result: {
      scope: { kind: "page" },
      documentEpoch: "doc-1",
      url: "https://example.com/",
      title: "Example",
      text: "row 1",
      nodes: [node],
      continuation: "k2",
      complete: false,
    },
  },
  "browser.capture": {
    params: { sessionId: "s1", leaseId: "lease-1", format: "png" },
    result: {
      mimeType: "image/png",
      data: "iVBORw0KGgo=",
      width: 800,
      height: 600,
      documentEpoch: "doc-1",
    },
  },
  "browser.frames": {
    params: { sessionId: "s1", leaseId: "lease-1" },
    result: {
      tab: "chrome-1:7",
      documentEpoch: "doc-1",
      truncated: false,
      frames: [{
        id: "f0",
        isMain: true,
        contextStatus: "known",
        originRelation: "same-origin",
        origin: "https://example.com",
      }],
    },
  },
  "browser.batch": {
    params: {
      sessionId: "s1",
      request: {
        leaseId: "lease-1",
        requestId: "plan-1",
        documentEpoch: "doc-1",
        steps: [{ action: { kind: "click", ref: "e1" } }],
      },
      approvalId: "approval-1",
    },
    result: {
      requestId: "plan-1",
      status: "verified",
      completed: 1,
      skipped: 0,
      steps: [actResult],
    },
  },
  "browser.validateLease": {
    params: { sessionId: "s1", leaseId: "lease-1" },
    result: { valid: true },
  },
  "browser.open": {
    params: {
      sessionId: "s1",
      instance: "chrome-1",
      url: "https://app.example/start",
      clientName: "agent",
      reason: "Test the sign-up flow",
    },
    result: {
      leaseId: "lease-1",
      sessionId: "s1",
      instance: "chrome-1",
      tab: "chrome-1:9",
      scope: { kind: "origin", origin: "https://app.example" },
      grantedAt: "2026-01-01T00:00:00Z",
    },
  },
  "browser.release": {
    params: { sessionId: "s1", leaseId: "lease-1" },
    result: { released: true },
  },
  "browser.releaseSession": { params: { sessionId: "s1" }, result: { released: 2 } },
  "browser.approveBatchStep": {
    params: { approvalId: "approval-1", index: 0 },
    result: { allowed: true },
  },
  "tabs.list": {
    params: {},
    result: [{ tab: "chrome-1:7", active: true }],
  },
  "lease.grant": {
    params: {
      lease,
      tab: "chrome-1:7",
      scope: "origin",
      clientName: "agent",
      mcpClientName: "claude-code",
    },
    result: {
      tab: "chrome-1:7",
      scope: { kind: "origin", origin: "https://example.com" },
      url: "https://example.com/",
    },
  },
  "lease.open": {
    params: {
      lease,
      url: "https://app.example/start",
      scope: "origin",
      clientName: "agent",
      reason: "Test the sign-up flow",
    },
    result: {
      tab: "chrome-1:9",
      scope: { kind: "origin", origin: "https://app.example" },
      url: "https://app.example/start",
    },
  },
  "lease.revoke": { params: { lease, closeTab: true }, result: { revoked: true, closed: true } },
  "ax.read": {
    params: { lease, request: { maxNodes: 500, maxDepth: 32 } },
    result: { ...document, nodes: [axNode], cut: { reason: "nodes", at: 7, omitted: 40 } },
  },
  "ax.find": {
    params: { lease, request: { query: "Submit", role: "button" } },
    result: { ...document, nodes: [axNode], truncated: false },
  },
  "ax.search": {
    params: { lease, request: { query: "Order 42", maxNodes: 1_334 } },
    result: {
      ...document,
      nodes: [axNode],
      cut: { reason: "nodes", at: null, omitted: 3 },
      via: "text",
    },
  },
  "ax.page": {
    params: { lease, request: { frameId: "F0", continuation: "k1" } },
    result: { ...document, nodes: [axNode], continuation: null, complete: true },
  },
  "page.settle": {
    params: { lease, request: { quietMs: 100, timeoutMs: 1_000, sinceMs: 40 } },
    result: { settled: false, waitedMs: 1_000, requests: 1, mutating: true, animating: false },
  },
  cdp: {
    params: { lease, method: "DOM.getBoxModel", params: { backendNodeId: 7 } },
    result: { model: { width: 10, height: 10 } },
  },
  "cdp.input": {
    params: {
      lease,
      events: [
        { method: "Input.dispatchKeyEvent", params: { type: "keyDown", key: "a", text: "a" } },
        { method: "Input.dispatchKeyEvent", params: { type: "keyUp", key: "a" } },
      ],
    },
    result: { sent: 2 },
  },
  "cdp.hit": {
    params: { lease, backendNodeId: 7, point: { x: 120, y: 48.5 } },
    result: { kind: "covered", by: 9 },
  },
  "cdp.click": {
    params: { lease, backendNodeId: 7, point: { x: 120, y: 48.5 }, press: { count: 2 } },
    result: { sent: 5 },
  },
  "browser.console": {
    params: { sessionId: "s1", leaseId: "lease-1", since: "2", level: "warn", limit: 20 },
    result: consoleLog,
  },
  "console.read": { params: { lease, level: "error" }, result: consoleLog },
  "browser.network": {
    params: { sessionId: "s1", leaseId: "lease-1", filter: "5xx", limit: 10 },
    result: networkLog,
  },
  "network.read": { params: { lease, since: "1" }, result: networkLog },
  "browser.networkRequest": {
    params: { sessionId: "s1", leaseId: "lease-1", id: "n2", body: true },
    result: networkRequest,
  },
  "network.request": {
    params: { lease, id: "n2", continuation: "b0123" },
    result: { ...networkRequest, body: { kind: "binary", mimeType: "image/png", bytes: 2048 } },
  },
  "dialog.answer": {
    params: { lease, accept: true, promptText: "Ada" },
    result: { type: "prompt" },
  },
  "frames.list": {
    params: { lease },
    result: {
      rootFrameId: "F0",
      rootLoaderId: "L0",
      truncated: false,
      frames: [{ frameId: "F0", loaderId: "L0", url: "https://example.com/", session: "root" }],
    },
  },
  "ax.frame": {
    params: { lease, binding },
    result: { ...document, nodes: [axNode], cut: null },
  },
  "ax.frame.page": {
    params: { lease, request: { binding, root } },
    result: { ...document, nodes: [axNode], continuation: "k3", complete: false },
  },
  "ax.frame.text": {
    params: { lease, request: { binding, text: "Welcome back" } },
    result: { present: true },
  },
  "ax.frame.find": {
    params: { lease, request: { binding, query: "Email", root } },
    result: { ...document, nodes: [axNode], truncated: false },
  },
  "ax.frame.subtree": {
    params: { lease, request: { binding, root } },
    result: { ...document, nodes: [axNode], cut: null },
  },
  "frame.click.prepare": {
    params: { lease, request: { binding, backendNodeId: 7, role: "button", name: "Submit" } },
    result: { acknowledged: false },
  },
  "frame.click": {
    params: { lease, request: { binding, backendNodeId: 7, role: "button", name: "Submit" } },
    result: { acknowledged: true },
  },
  "frame.input.prepare": {
    params: {
      lease,
      request: {
        binding,
        backendNodeId: 8,
        role: "textbox",
        name: "Title",
        input: { kind: "fill", text: "Hello" },
      },
    },
    result: { acknowledged: false },
  },
  "frame.input": {
    params: {
      lease,
      request: {
        binding,
        backendNodeId: 8,
        role: "textbox",
        name: "Title",
        input: { kind: "type", text: "Hello", clear: true },
      },
    },
    result: { acknowledged: true },
  },
  "frame.geometry": {
    params: { lease, request: { binding, backendNodeId: 7 } },
    result: { point: { x: 120, y: 340 }, local: { x: 20, y: 40 }, depth: 1 },
  },
};

/** Golden event vectors. */
export const eventSamples: EventSamples = {
  "browser.lease-revoked": { sessionId: "s1", leaseId: "lease-1" },
  "lease.revoked": { leaseId: "lease-1", reason: "stop" },
  "lease.tab-opened": { leaseId: "lease-1", tab: "chrome-1:10" },
  "page.changed": { tab: "instance:7", leaseId: "lease", sequence: 1 },
};
