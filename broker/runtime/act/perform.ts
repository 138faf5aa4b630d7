/**
 * `performAction`: one action on the leased page, from checks that send
 * nothing, through the dispatch gate, to the verdict.
 *
 * Before the gate everything only reads the page (and scrolls the target
 * into view), waiting up to `actionabilityTimeoutMs` for the target to
 * become actionable (`actionability.ts`); a failure there throws a `LeashError` (`STALE_TARGET`,
 * `TARGET_NOT_INTERACTABLE`, `TARGET_COVERED`, `OUT_OF_SCOPE`) and nothing
 * was dispatched. From the gate on, the action never throws: a failure ends
 * it as `uncertain`, because input may have reached the page.
 *
 * @module
 */
import { type DocumentIdentity, sameDocument } from "../../../contracts/document.ts";
import { LeashError } from "../../../contracts/errors.ts";
import type { Action } from "../../../contracts/methods/mod.ts";
import { defaultActionabilityTimeoutMs } from "./actionability.ts";
import { append, fill, fillEditable } from "./text.ts";
import { check, radio, select } from "./choice.ts";
import { readDocument } from "../document.ts";
import { nameCover } from "./cover.ts";
import { checkExpectation, type ExpectationResult } from "./expectation.ts";
import { DispatchGate } from "./gate.ts";
import { press } from "./keyboard.ts";
import { navigate } from "./navigate.ts";
import { PageObjects } from "./page_objects.ts";
import { click, scroll, wheel } from "./pointer.ts";
import { hover } from "./hover.ts";
import { drag } from "./drag.ts";
import { reload, traverse } from "./history.ts";
import { type } from "./type.ts";
import { upload } from "./upload.ts";
import type { Postcondition, StepContext } from "./step.ts";
import type { ActionOutcome, Check, PerformActionOptions } from "./types.ts";
import { verdict } from "./verdict.ts";

/**
 * Perform `options.action` on `options.target` and check the result.
 *
 * Throws only when nothing was dispatched: `beforeDispatch` did not run, or
 * it threw, or the signal aborted while it ran. Resolves with `dispatched`,
 * the status, whether the main document changed, and every check made.
 */
export async function performAction(options: PerformActionOptions): Promise<ActionOutcome> {
  const { cdp, signal } = options;
  signal?.throwIfAborted();
  if (options.expect?.element !== undefined && options.resolveRef === undefined) {
    throw new TypeError("Cannot check an element expectation: no resolveRef was given");
  }
  const gate = new DispatchGate(options.beforeDispatch);
  const objects = new PageObjects(cdp, signal);
  const context: StepContext = {
    cdp,
    objects,
    gate,
    target: options.target,
    ...(options.dropTarget === undefined ? {} : { dropTarget: options.dropTarget }),
    leaseScope: options.leaseScope,
    signal,
    ...(options.typed === undefined ? {} : { typed: options.typed }),
    ...(options.rest === undefined ? {} : { rest: options.rest }),
    patience: {
      deadline: Date.now() + (options.actionabilityTimeoutMs ?? defaultActionabilityTimeoutMs),
      signal,
      nameCover: (backendNodeId) => nameCover(cdp, backendNodeId, signal),
    },
  };
  try {
    const reading = readDocument(cdp, signal);
    // The target's object is asked for beside the document: each is a round trip to the page,
    // and the step resolves the target first (a failure there is the step's to report).
    if (options.target !== undefined) objects.resolve(options.target.backendNodeId).catch(() => {});
    const before = await reading;
    if (options.loaderId !== undefined && before.loaderId !== options.loaderId) {
      throw new LeashError("STALE_TARGET", {
        cause: new Error("the page shows another document than the one observed"),
      });
    }
    let postcondition: Postcondition;
    try {
      postcondition = await runStep(context, options.action);
    } catch (error) {
      if (!gate.opened) throw error;
      return await afterFailure(context, before, error);
    }
    if (gate.opened) options.afterStep?.();
    try {
      return await conclude(options, context, before, postcondition);
    } catch (error) {
      if (!gate.opened) throw error;
      return await afterFailure(context, before, error);
    }
  } finally {
    await objects.release();
  }
}

function runStep(context: StepContext, action: Action): Promise<Postcondition> {
  switch (action.kind) {
    case "click":
      return click(context, action);
    case "fill":
      return fill(context, action);
    case "append":
      return append(context, action);
    case "fillEditable":
      return fillEditable(context, action);
    case "press":
      return press(context, action);
    case "type":
      return type(context, action);
    case "hover":
      return hover(context, action);
    case "check":
      return check(context, action);
    case "radio":
      return radio(context, action);
    case "select":
      return select(context, action);
    case "wheel":
      return wheel(context, action);
    case "scroll":
      return scroll(context, action);
    case "navigate":
      return navigate(context, action);
    case "drag":
      return drag(context, action);
    case "upload":
      return upload(context, action);
    case "reload":
      return reload(context);
    case "back":
    case "forward":
      return traverse(context, action);
    case "dialog":
      // Answering a dialog reads nothing on the blocked page first: `actOnLease` does it.
      throw new TypeError("Cannot perform a dialog answer as a page step");
  }
}

/** Read the postcondition, check the expectation and compare documents. */
async function conclude(
  options: PerformActionOptions,
  context: StepContext,
  before: DocumentIdentity,
  postcondition: Postcondition,
): Promise<ActionOutcome> {
  const { cdp, signal } = context;
  let post: Check | "unreadable" | undefined;
  if (postcondition !== undefined) {
    try {
      const read = await postcondition.read();
      post = typeof read === "boolean" ? { name: postcondition.name, held: read } : read;
    } catch {
      signal?.throwIfAborted();
      // The page could not answer: the document changed or went away under the action.
      post = "unreadable";
    }
  }
  let expectation: ExpectationResult | undefined;
  if (options.expect !== undefined) {
    expectation = await checkExpectation(
      cdp,
      options.expect,
      options.resolveRef ?? (() => undefined),
      { signal, timeoutMs: options.expectTimeoutMs },
    );
  }
  // The action's objects are done with: they go beside the last read instead of after it.
  const released = context.objects.release();
  const after = await readDocument(cdp, signal);
  await released;
  const checks = [
    ...(post !== undefined && post !== "unreadable" ? [post] : []),
    ...(expectation?.checks ?? []),
  ];
  return {
    dispatched: context.gate.opened,
    documentChanged: !sameDocument(before, after),
    checks,
    ...verdict({ postcondition: post, expectation }),
  };
}

/** After dispatch, a failure leaves the outcome uncertain; the document may have changed. */
async function afterFailure(
  context: StepContext,
  before: DocumentIdentity,
  cause: unknown,
): Promise<ActionOutcome> {
  let documentChanged = true;
  try {
    // Without the action's signal: it may be the reason for the failure.
    documentChanged = !sameDocument(before, await readDocument(context.cdp));
  } catch {
    // The page went away: its document did change.
  }
  return {
    dispatched: context.gate.opened,
    status: "uncertain",
    documentChanged,
    checks: [],
    reason: "error-after-dispatch",
    cause,
  };
}
