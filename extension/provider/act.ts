/**
 * The `act` family: `cdp`, the fenced seam the Broker's action engine
 * drives, and `cdp.input`, the same for a run of input events. One
 * allowlisted DevTools command on the leased tab, with its
 * parameters checked against the lease ({@linkcode checkCdpParams}). The
 * tab must still show the lease's origin when the command is sent, and the
 * lease must still be live when the result comes back. History is seen and
 * used only inside the lease's scope (`history.ts`).
 *
 * `cdp.hit` and `cdp.click` are the engine's hit test and its last steps
 * of a click (move, hit-test again, press) done here, where each DevTools
 * command is local, instead of one Broker round trip per command
 * (`hit_test.ts`). Each takes the target's backend node and a viewport
 * point the engine aimed at, never a script or an object.
 *
 * @module
 */
import { LeashError } from "../../contracts/errors.ts";
import { JsonObjectSchema } from "../../contracts/json.ts";
import type { ParamsOf, ProviderMethods, ResultOf } from "../../contracts/methods/mod.ts";
import { checkCdpParams } from "./cdp_params.ts";
import type { ChangeWatches } from "./change_watch.ts";
import type { LeaseRecord, ProviderContext } from "./context.ts";
import { abortReason, operationSignal, untilAborted } from "./guard.ts";
import { checkHistoryEntry, scopedHistory } from "./history.ts";
import { isChooserMethod, runChooser } from "./chooser.ts";
import { isDragMethod, runDrag } from "./drag.ts";
import { clickEvents, moveEvent } from "../../contracts/methods/click.ts";
import { hitTest } from "./hit_test.ts";
import { markInput } from "./input_clock.ts";
import { inLeaseScope } from "../../contracts/scope.ts";
import type { IsolatedWorlds, TabCommand } from "./isolated_world.ts";

/** How long one command may take; a screenshot of a hidden tab can hang. */
export const cdpTimeoutMs = 15_000;

/** Input to the page: what an action's first one begins a change watch for. */
const inputMethods: ReadonlySet<string> = new Set([
  "Input.dispatchDragEvent",
  "Input.dispatchKeyEvent",
  "Input.dispatchMouseEvent",
  "Input.insertText",
]);

/**
 * Commands that may replace the tab's document. Before one is sent,
 * DevTools' accessibility tree is turned off: kept on, the renderer builds
 * the new document's tree while the page loads and lays out, which holds
 * the load up (a navigation to 20,000 rows took some 400 ms longer); the
 * next read turns it on and builds it once (`ax_walk.ts`). Its node IDs
 * are the DOM's, so a walk kept of a document that stays (a fragment, a
 * history entry of the same page) still reads as before.
 */
const documentLoads: ReadonlySet<string> = new Set([
  "Page.navigate",
  "Page.navigateToHistoryEntry",
  "Page.reload",
]);

/** Throw unless the lease's tab is still there and shows the lease's origin. */
async function assertTabInScope(
  context: ProviderContext,
  record: LeaseRecord,
  operation: AbortSignal,
): Promise<void> {
  const tab = await untilAborted(context.browser.getTab(record.tabId), operation);
  if (tab === undefined) throw new LeashError("TAB_NOT_FOUND");
  context.leases.assertInScope(record, tab.url);
}

/**
 * Run one allowlisted command. Before input reaches the page, a change
 * watch of the tab's document begins (unless one runs), so the read after
 * the action sees the regions it changed (`change_watch.ts`); after it
 * (the `lastInput` of a run), the input clock is set, from which the wait
 * for the page's reaction counts its quiet (`input_clock.ts`).
 */
export async function runCdp(
  context: ProviderContext,
  params: ParamsOf<ProviderMethods, "cdp">,
  signal: AbortSignal,
  watches?: ChangeWatches,
  lastInput = true,
): Promise<ResultOf<ProviderMethods, "cdp">> {
  const record = context.leases.check(params.lease, context.link.generation);
  const commandParams = checkCdpParams(params.method, params.params, record.scope);
  const operation = operationSignal(signal, record.signal, cdpTimeoutMs);
  await assertTabInScope(context, record, operation);
  // Each command goes out under the call's signal, and none once it ended (a Stop, a cancel,
  // the deadline) while an earlier step was awaited: DevTools cannot take a command back.
  const send: TabCommand = (method, sent = {}) =>
    operation.aborted
      ? Promise.reject(abortReason(operation))
      : untilAborted(context.browser.sendCommand(record.tabId, method, sent), operation);

  let result: unknown;
  try {
    if (params.method === "Page.navigateToHistoryEntry") {
      const history = await send("Page.getNavigationHistory");
      checkHistoryEntry(history, commandParams.entryId, record.scope);
    }
    if (documentLoads.has(params.method)) {
      // Best effort: a tree left on only costs time; an ended call ends here.
      await send("Accessibility.disable").catch((error) => {
        if (operation.aborted) throw error;
      });
    }
    if (watches !== undefined && inputMethods.has(params.method)) {
      await watches.begin(record.tabId, send);
    }
    result = isDragMethod(params.method)
      ? await runDrag(context, record.tabId, params.method, commandParams, operation)
      : isChooserMethod(params.method)
      ? await runChooser(context, record.tabId, commandParams, operation)
      : await send(params.method, commandParams);
  } catch (error) {
    if (error instanceof LeashError) throw error;
    // DevTools refused: a node that no longer exists is a stale target; anything else is ours.
    const addressesNode = "nodeId" in commandParams || "backendNodeId" in commandParams;
    throw new LeashError(addressesNode ? "STALE_TARGET" : "INTERNAL", { cause: error });
  }
  if (watches !== undefined && lastInput && inputMethods.has(params.method)) {
    markInput(
      record.tabId,
      (method, commandParams) => context.browser.sendCommand(record.tabId, method, commandParams),
      watches.worlds,
      (url) => inLeaseScope(record.scope, url),
    );
  }
  context.leases.check(params.lease, context.link.generation);
  if (params.method === "Page.getNavigationHistory") return scopedHistory(result, record.scope);
  const parsed = JsonObjectSchema.safeParse(result ?? {});
  if (!parsed.success) throw new LeashError("INTERNAL", { cause: parsed.error });
  return parsed.data;
}

/**
 * Send `params.events` in order, each exactly as {@linkcode runCdp} sends
 * one: checked, the lease and the tab's origin asked again before each, and
 * each awaited before the next, so the page gets them in order. What it
 * saves is the round trip to the Broker between them: a typed word's keys
 * come back to back, as a person's do. The first event that fails ends the
 * run with its error; those before it reached the page.
 */
export async function runInput(
  context: ProviderContext,
  params: ParamsOf<ProviderMethods, "cdp.input">,
  signal: AbortSignal,
  watches?: ChangeWatches,
): Promise<ResultOf<ProviderMethods, "cdp.input">> {
  const last = params.events.length - 1;
  for (const [index, event] of params.events.entries()) {
    await runCdp(context, { lease: params.lease, ...event }, signal, watches, index === last);
  }
  return { sent: params.events.length };
}

/**
 * Hit-test `params.point` for `params.backendNodeId` (see `hit_test.ts`):
 * on the leased tab while it shows the lease's origin, answered only while
 * the lease is live. Sends no input.
 */
export async function runHit(
  context: ProviderContext,
  params: ParamsOf<ProviderMethods, "cdp.hit">,
  signal: AbortSignal,
  worlds: IsolatedWorlds,
): Promise<ResultOf<ProviderMethods, "cdp.hit">> {
  const record = context.leases.check(params.lease, context.link.generation);
  const operation = operationSignal(signal, record.signal, cdpTimeoutMs);
  await assertTabInScope(context, record, operation);
  const hit = await hitTest(
    (method, commandParams) =>
      untilAborted(context.browser.sendCommand(record.tabId, method, commandParams), operation),
    worlds,
    { tabId: record.tabId, backendNodeId: params.backendNodeId, point: params.point },
    operation,
  );
  context.leases.check(params.lease, context.link.generation);
  return hit;
}

/**
 * The end of a click the engine aimed: the mouse moves to `params.point`;
 * the page sees it arrive and may slide a layer over the target, so the
 * point is hit-tested again, and the press (`params.press`) is sent only
 * if the target is still what it hits. Otherwise `TARGET_COVERED` (or
 * `TARGET_NOT_INTERACTABLE` when nothing is there), after the move: the
 * move was input. Each event goes as {@linkcode runCdp} sends one.
 */
export async function runClick(
  context: ProviderContext,
  params: ParamsOf<ProviderMethods, "cdp.click">,
  signal: AbortSignal,
  watches: ChangeWatches,
): Promise<ResultOf<ProviderMethods, "cdp.click">> {
  const { lease, backendNodeId, point } = params;
  // The press follows at once: the input clock is set after it.
  await runCdp(context, { lease, ...moveEvent(point) }, signal, watches, false);
  const hit = await runHit(context, { lease, backendNodeId, point }, signal, watches.worlds);
  if (hit.kind === "nothing") {
    throw new LeashError("TARGET_NOT_INTERACTABLE", { detail: { reason: "offscreen" } });
  }
  if (hit.kind === "covered") {
    throw new LeashError("TARGET_COVERED", { detail: { reason: "covered" } });
  }
  const events = clickEvents(point, params.press);
  await runInput(context, { lease, events }, signal, watches);
  return { sent: events.length + 1 };
}
