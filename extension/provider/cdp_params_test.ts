import assert from "node:assert/strict";
import { isLeashError } from "../../contracts/errors.ts";
import type { CdpMethod } from "../../contracts/methods/cdp.ts";
import { cdpAllowlist } from "../../contracts/methods/cdp.ts";
import type { LeaseScope } from "../../contracts/methods/common.ts";
import { pageFunctions } from "../../contracts/methods/page_functions.ts";
import { checkCdpParams } from "./cdp_params.ts";

const origin: LeaseScope = { kind: "origin", origin: "https://shop.example" };
const tab: LeaseScope = { kind: "tab" };
const forbidden = (error: unknown) => isLeashError(error, "CDP_FORBIDDEN");

function refuses(method: CdpMethod, params: unknown, scope: LeaseScope = origin): void {
  assert.throws(
    () => checkCdpParams(method, params, scope),
    forbidden,
    `${method} ${JSON.stringify(params)}`,
  );
}

Deno.test("Page.navigate stays on the lease's origin and on HTTP(S)", () => {
  assert.deepEqual(
    checkCdpParams("Page.navigate", { url: "https://shop.example/cart?x=1" }, origin),
    { url: "https://shop.example/cart?x=1" },
  );
  refuses("Page.navigate", { url: "https://evil.example/" });
  refuses("Page.navigate", { url: "http://shop.example/" });
  refuses("Page.navigate", { url: "https://shop.example:8443/" });
  refuses("Page.navigate", { url: "javascript:alert(1)" });
  refuses("Page.navigate", { url: "file:///etc/passwd" }, tab);
  refuses("Page.navigate", { url: "https://shop.example/", frameId: "child" });
  refuses("Page.navigate", { url: "https://shop.example/", transitionType: "typed" });
  checkCdpParams("Page.navigate", { url: "https://anything.example/" }, tab);
});

Deno.test("screenshots are of the viewport only, png or jpeg", () => {
  checkCdpParams("Page.captureScreenshot", {}, origin);
  checkCdpParams("Page.captureScreenshot", { format: "jpeg", quality: 70 }, origin);
  refuses("Page.captureScreenshot", { captureBeyondViewport: true });
  const clip = { x: 0, y: 200_000, width: 800, height: 16_384, scale: 1 };
  checkCdpParams("Page.captureScreenshot", { clip, captureBeyondViewport: true }, origin);
  refuses("Page.captureScreenshot", { clip: { ...clip, height: 16_385 } });
  refuses("Page.captureScreenshot", { clip: { ...clip, width: 100_000 } });
  refuses("Page.captureScreenshot", { format: "webp" });
  refuses("Page.captureScreenshot", { format: "png", quality: 70 });
  refuses("Page.captureScreenshot", { clip: { x: 0, y: 0, width: 10, height: 10, scale: 8 } });
});

Deno.test("nodes are named by node or backend ID only, never by remote object", () => {
  checkCdpParams("DOM.getBoxModel", { backendNodeId: 5 }, origin);
  checkCdpParams("DOM.focus", { nodeId: 5 }, origin);
  refuses("DOM.getBoxModel", { objectId: "1.2.3" });
  refuses("DOM.getBoxModel", {});
  refuses("DOM.getBoxModel", { backendNodeId: 0 });
  refuses("DOM.describeNode", { backendNodeId: 5, pierce: true });
  refuses("DOM.describeNode", { backendNodeId: 5, depth: -1 });
  refuses("DOM.getDocument", { depth: -1 });
  refuses("DOM.getDocument", { pierce: true });
  refuses("Accessibility.queryAXTree", { objectId: "x", accessibleName: "Send" });
});

Deno.test("key events cannot reach the clipboard", () => {
  checkCdpParams("Input.dispatchKeyEvent", { type: "keyDown", key: "Enter" }, origin);
  checkCdpParams("Input.dispatchKeyEvent", { type: "keyDown", key: "a", modifiers: 2 }, origin);
  checkCdpParams(
    "Input.dispatchKeyEvent",
    { type: "keyDown", key: "a", commands: ["selectAll"] },
    origin,
  );
  refuses("Input.dispatchKeyEvent", { type: "keyDown", key: "v", modifiers: 2 });
  refuses("Input.dispatchKeyEvent", { type: "keyDown", key: "c", modifiers: 4 });
  refuses("Input.dispatchKeyEvent", { type: "keyDown", key: "v", commands: ["paste"] });
  refuses("Input.dispatchKeyEvent", { type: "keyDown", key: "x", commands: ["cut"] });
  refuses("Input.dispatchKeyEvent", { type: "keyDown", key: "V", modifiers: 2 | 8 });
  refuses("Input.dispatchKeyEvent", { type: "rawKeyDown", code: "KeyV", modifiers: 2 });
  refuses("Input.dispatchKeyEvent", {
    type: "rawKeyDown",
    windowsVirtualKeyCode: 67,
    modifiers: 4,
  });
  refuses("Input.dispatchKeyEvent", { type: "keyDown", key: "Insert", modifiers: 8 });
  refuses("Input.dispatchKeyEvent", {
    type: "keyDown",
    key: "Delete",
    code: "Delete",
    modifiers: 8,
  });
});

Deno.test("key events name one key of the engine's keyboard by every name", () => {
  // Chords the engine sends: selection, undo, focus movement, letters and digits with modifiers.
  for (
    const event of [
      { type: "rawKeyDown", key: "a", code: "KeyA", windowsVirtualKeyCode: 65, modifiers: 2 },
      { type: "keyUp", key: "z", code: "KeyZ", windowsVirtualKeyCode: 90, modifiers: 4 },
      { type: "rawKeyDown", key: "Tab", code: "Tab", windowsVirtualKeyCode: 9, modifiers: 8 },
      { type: "rawKeyDown", key: "Enter", code: "Enter", windowsVirtualKeyCode: 13, modifiers: 4 },
      { type: "rawKeyDown", key: "1", code: "Digit1", windowsVirtualKeyCode: 49, modifiers: 2 },
      {
        type: "keyDown",
        key: "!",
        code: "Digit1",
        windowsVirtualKeyCode: 49,
        modifiers: 8,
        text: "!",
        unmodifiedText: "!",
      },
    ]
  ) {
    checkCdpParams("Input.dispatchKeyEvent", event, origin);
  }
  // A harmless key cannot carry the virtual key code (or code) of a clipboard key.
  refuses("Input.dispatchKeyEvent", {
    type: "rawKeyDown",
    key: "a",
    windowsVirtualKeyCode: 86,
    modifiers: 2,
  });
  refuses("Input.dispatchKeyEvent", { type: "rawKeyDown", key: "a", code: "KeyX", modifiers: 2 });
  // Tab, window, address-bar and history chords, and function keys, belong to the browser.
  for (
    const [key, modifiers] of [["t", 2], ["w", 4], ["n", 2], ["q", 4], ["l", 2], ["Tab", 2], [
      "PageDown",
      2,
    ], ["ArrowLeft", 1]] as const
  ) {
    refuses("Input.dispatchKeyEvent", { type: "rawKeyDown", key, modifiers });
  }
  refuses("Input.dispatchKeyEvent", { type: "rawKeyDown", key: "F5" });
  refuses("Input.dispatchKeyEvent", { type: "rawKeyDown", windowsVirtualKeyCode: 123 });
  // No key at all, a key the keyboard lacks, or a native key code (which lets the browser handle it).
  refuses("Input.dispatchKeyEvent", { type: "keyUp" });
  refuses("Input.dispatchKeyEvent", { type: "keyDown", key: "Unidentified" });
  refuses("Input.dispatchKeyEvent", { type: "keyDown", key: "a", nativeVirtualKeyCode: 65 });
  refuses("Input.dispatchKeyEvent", { type: "char", text: "a" });
});

Deno.test("mouse events cannot navigate history", () => {
  checkCdpParams("Input.dispatchMouseEvent", {
    type: "mousePressed",
    x: 10,
    y: 20,
    button: "left",
    clickCount: 1,
  }, origin);
  refuses("Input.dispatchMouseEvent", { type: "mousePressed", x: 1, y: 1, button: "back" });
  refuses("Input.dispatchMouseEvent", { type: "mousePressed", x: Infinity, y: 1 });
  refuses("Input.dispatchMouseEvent", { type: "dragEnter", x: 1, y: 1 });
});

Deno.test("only the fixed page functions run, by value, on resolved objects", () => {
  checkCdpParams("DOM.resolveNode", { backendNodeId: 5, objectGroup: "act-1" }, origin);
  refuses("DOM.resolveNode", { backendNodeId: 5, executionContextId: 3 });
  checkCdpParams("Runtime.callFunctionOn", {
    functionDeclaration: pageFunctions.describeElement,
    objectId: "123.4.5",
    returnByValue: true,
  }, origin);
  checkCdpParams("Runtime.callFunctionOn", {
    functionDeclaration: pageFunctions.deliversTo,
    objectId: "123.4.5",
    arguments: [{ objectId: "123.4.6" }],
    returnByValue: true,
    objectGroup: "act-1",
  }, origin);
  refuses("Runtime.callFunctionOn", {
    functionDeclaration: "function () { return document.cookie; }",
    objectId: "1",
    returnByValue: true,
  });
  refuses("Runtime.callFunctionOn", {
    functionDeclaration: pageFunctions.describeElement + " ",
    objectId: "1",
    returnByValue: true,
  });
  refuses("Runtime.callFunctionOn", {
    functionDeclaration: pageFunctions.describeElement,
    objectId: "1",
  });
  refuses("Runtime.callFunctionOn", {
    functionDeclaration: pageFunctions.describeElement,
    executionContextId: 1,
    returnByValue: true,
  });
  refuses("Runtime.callFunctionOn", {
    functionDeclaration: pageFunctions.describeElement,
    objectId: "1",
    returnByValue: true,
    userGesture: true,
  });
  checkCdpParams("Runtime.releaseObjectGroup", { objectGroup: "act-1" }, origin);
  refuses("Runtime.releaseObjectGroup", { objectGroup: "" });
});

Deno.test("every allowlisted method refuses unknown parameters", () => {
  for (const method of cdpAllowlist) refuses(method, { surprise: true });
});

Deno.test("a hit test takes a point anywhere in a long document, never outside it", () => {
  checkCdpParams("DOM.getNodeForLocation", { x: 257, y: 500_065 }, origin);
  refuses("DOM.getNodeForLocation", { x: 0, y: 2 ** 25 + 1 });
  refuses("DOM.getNodeForLocation", { x: -1, y: 10 });
  refuses("DOM.getNodeForLocation", { x: 1.5, y: 10 });
});
