import assert from "node:assert/strict";
import { isLeashError, LeashError } from "../../contracts/errors.ts";
import { fakeProvider, grantShopLease } from "../testing/fakes.ts";
import { answerDialog } from "./dialog.ts";
import { providerHandlers } from "./mod.ts";

const lease = { leaseId: "l1", fence: 1 };
const call = () => ({ id: "r1", signal: new AbortController().signal });
const cdpParams = {
  lease,
  method: "Input.dispatchMouseEvent" as const,
  params: { type: "mouseReleased", x: 5, y: 5, button: "left", clickCount: 1 },
};

async function setup() {
  const provider = fakeProvider();
  provider.browser.addTab({ id: 7, url: "https://shop.example/" });
  await grantShopLease(provider.leases, lease);
  return { ...provider, handlers: providerHandlers(provider.context) };
}

function opening(url: string, type = "confirm", message = "Delete the order?") {
  return { url, frameId: "F", message, type, hasBrowserHandler: true, defaultPrompt: "" };
}

function isDialogOpen(type: string, name: string) {
  return (error: unknown) =>
    isLeashError(error, "DIALOG_OPEN") && error.detail?.reason === "dialog" &&
    error.detail.by?.role === type && error.detail.by.name === name &&
    error.detail.use === "dialog";
}

Deno.test("a leased call while a dialog is open answers DIALOG_OPEN with its type and message, sending nothing", async () => {
  const { handlers, dialogs, browser } = await setup();
  dialogs.heard(7, "Page.javascriptDialogOpening", opening("https://shop.example/cart"));
  await assert.rejects(
    Promise.resolve(handlers.cdp(cdpParams, call())),
    isDialogOpen("confirm", "Delete the order?"),
  );
  await assert.rejects(
    Promise.resolve(handlers["ax.read"]({ lease, request: {} }, call())),
    isDialogOpen("confirm", "Delete the order?"),
  );
  assert.deepEqual(browser.commands, []);
});

Deno.test("a call already waiting on the tab answers DIALOG_OPEN as soon as a dialog opens", async () => {
  const { handlers, dialogs, browser } = await setup();
  // The click whose handler opens the dialog: Chrome answers it only once the dialog is gone.
  browser.respond = () => new Promise(() => {});
  const waiting = Promise.resolve(handlers.cdp(cdpParams, call()));
  await new Promise((resolve) => setTimeout(resolve, 0));
  dialogs.heard(7, "Page.javascriptDialogOpening", opening("https://shop.example/", "alert", "Hi"));
  await assert.rejects(waiting, isDialogOpen("alert", "Hi"));
});

Deno.test("once the dialog closed, the lease goes on", async () => {
  const { handlers, dialogs, browser } = await setup();
  dialogs.heard(7, "Page.javascriptDialogOpening", opening("https://shop.example/"));
  dialogs.heard(7, "Page.javascriptDialogClosed", { frameId: "F", result: true, userInput: "" });
  browser.respond = () => ({});
  assert.deepEqual(await handlers.cdp(cdpParams, call()), {});
});

Deno.test("a dialog of another origin keeps its message and cannot be answered by the lease", async () => {
  const { handlers, dialogs, browser, context } = await setup();
  dialogs.heard(7, "Page.javascriptDialogOpening", opening("https://ads.example/frame", "prompt"));
  await assert.rejects(
    Promise.resolve(handlers.cdp(cdpParams, call())),
    isDialogOpen("prompt", ""),
  );
  await assert.rejects(
    answerDialog(context, { lease, accept: true }, call().signal),
    (error) => isLeashError(error, "OUT_OF_SCOPE"),
  );
  assert.deepEqual(browser.commands, []);
});

Deno.test("dialog.answer accepts a prompt with its text, and gives text to no other dialog", async () => {
  const { handlers, dialogs, browser } = await setup();
  dialogs.heard(7, "Page.javascriptDialogOpening", opening("https://shop.example/", "prompt"));
  assert.deepEqual(
    await handlers["dialog.answer"]({ lease, accept: true, promptText: "Ada" }, call()),
    { type: "prompt" },
  );
  dialogs.heard(7, "Page.javascriptDialogOpening", opening("https://shop.example/", "confirm"));
  await handlers["dialog.answer"]({ lease, accept: false, promptText: "Ada" }, call());
  assert.deepEqual(browser.commands, [
    {
      tabId: 7,
      method: "Page.handleJavaScriptDialog",
      params: { accept: true, promptText: "Ada" },
    },
    { tabId: 7, method: "Page.handleJavaScriptDialog", params: { accept: false } },
  ]);
});

Deno.test("once dialog.answer answered, the next call goes through before DevTools says it closed", async () => {
  const { handlers, dialogs } = await setup();
  dialogs.heard(7, "Page.javascriptDialogOpening", opening("https://shop.example/"));
  await handlers["dialog.answer"]({ lease, accept: true }, call());
  assert.deepEqual(await handlers.cdp(cdpParams, call()), {});
  // A dialog that opened since is not the one answered: it stays.
  dialogs.heard(7, "Page.javascriptDialogOpening", opening("https://shop.example/", "alert", "1"));
  const answered = dialogs.open(7);
  assert.ok(answered !== undefined);
  dialogs.heard(7, "Page.javascriptDialogOpening", opening("https://shop.example/", "alert", "2"));
  dialogs.answered(7, answered);
  await assert.rejects(
    Promise.resolve(handlers.cdp(cdpParams, call())),
    isDialogOpen("alert", "2"),
  );
});

Deno.test("dialog.answer with no dialog open (the person answered it) is STALE_TARGET", async () => {
  const { handlers, dialogs, browser } = await setup();
  await assert.rejects(
    Promise.resolve(handlers["dialog.answer"]({ lease, accept: true }, call())),
    (error) => isLeashError(error, "STALE_TARGET"),
  );
  dialogs.heard(7, "Page.javascriptDialogOpening", opening("https://shop.example/"));
  browser.respond = () => {
    throw new Error("No dialog is showing");
  };
  await assert.rejects(
    Promise.resolve(handlers["dialog.answer"]({ lease, accept: true }, call())),
    (error) => isLeashError(error, "STALE_TARGET") && !(error.cause instanceof LeashError),
  );
});

Deno.test("a stale lease is refused by its handler, not by the gate", async () => {
  const { handlers, dialogs } = await setup();
  dialogs.heard(7, "Page.javascriptDialogOpening", opening("https://shop.example/"));
  await assert.rejects(
    Promise.resolve(handlers.cdp({ ...cdpParams, lease: { leaseId: "l1", fence: 9 } }, call())),
    (error) => isLeashError(error, "STALE_LEASE"),
  );
});
