import assert from "node:assert/strict";
import { requestLimits, RequestTracker } from "./requests.ts";

function tracker() {
  let now = 1_000;
  const requests = new RequestTracker(() => now);
  return { requests, advance: (ms: number) => (now += ms) };
}

Deno.test("RequestTracker counts the open requests of a tab that started since a time", () => {
  const { requests, advance } = tracker();
  requests.heard(7, "Network.requestWillBeSent", { requestId: "old", type: "Fetch" });
  advance(100);
  requests.heard(7, "Network.requestWillBeSent", { requestId: "a", type: "Fetch" });
  requests.heard(7, "Network.requestWillBeSent", { requestId: "b", type: "XHR" });
  requests.heard(8, "Network.requestWillBeSent", { requestId: "other-tab", type: "Fetch" });
  assert.equal(requests.open(7, 1_050), 2);
  assert.equal(requests.open(7, 0), 3);
  requests.heard(7, "Network.loadingFinished", { requestId: "a" });
  requests.heard(7, "Network.loadingFailed", { requestId: "b", errorText: "net::ERR_ABORTED" });
  assert.equal(requests.open(7, 1_050), 0);
  assert.equal(requests.open(8, 0), 1);
  requests.forget(8);
  assert.equal(requests.open(8, 0), 0);
});

Deno.test("RequestTracker leaves out long-lived requests and keeps a redirect's first time", () => {
  const { requests, advance } = tracker();
  for (const type of ["EventSource", "WebSocket", "Media"]) {
    requests.heard(7, "Network.requestWillBeSent", { requestId: type, type });
  }
  requests.heard(7, "Network.requestWillBeSent", { requestId: "r", type: "Document" });
  advance(500);
  requests.heard(7, "Network.requestWillBeSent", { requestId: "r", type: "Document" });
  assert.equal(requests.open(7, 0), 1);
  assert.equal(requests.open(7, 1_200), 0, "the redirect did not restart the request");
});

Deno.test("RequestTracker ends a frame's old document's requests when its new document answers", () => {
  const { requests } = tracker();
  const sent = (requestId: string, frameId: string, loaderId: string, type = "Fetch") =>
    requests.heard(7, "Network.requestWillBeSent", { requestId, type, frameId, loaderId });
  // A fetch whose body the page never read, then the navigation it started.
  sent("fetch", "top", "L1");
  sent("framed", "child", "L0");
  sent("L2", "top", "L2", "Document");
  assert.equal(requests.open(7, 0), 3);
  // A frame's own document, and an answer of another type, end nothing.
  requests.heard(7, "Network.responseReceived", { type: "Fetch", frameId: "top", loaderId: "L2" });
  assert.equal(requests.open(7, 0), 3);
  requests.heard(7, "Network.responseReceived", {
    requestId: "L2",
    type: "Document",
    frameId: "top",
    loaderId: "L2",
  });
  // The old document's fetch is gone; the new document's request and the frame's stay.
  assert.equal(requests.open(7, 0), 2);
  requests.heard(7, "Network.loadingFinished", { requestId: "L2" });
  requests.heard(7, "Network.loadingFinished", { requestId: "framed" });
  assert.equal(requests.open(7, 0), 0);
});

Deno.test("RequestTracker ignores malformed events and bounds what it keeps", () => {
  const { requests, advance } = tracker();
  requests.heard(7, "Network.requestWillBeSent", { type: "Fetch" });
  requests.heard(7, "Network.requestWillBeSent", "nonsense");
  requests.heard(7, "Network.loadingFinished", {});
  assert.equal(requests.open(7, 0), 0);
  for (let i = 0; i < requestLimits.perTab + 10; i++) {
    requests.heard(7, "Network.requestWillBeSent", { requestId: `r${i}`, type: "Fetch" });
  }
  assert.equal(requests.open(7, 0), requestLimits.perTab);
  advance(requestLimits.maxAgeMs + 1);
  assert.equal(requests.open(7, 0), 0, "requests past the age bound are forgotten");
});
