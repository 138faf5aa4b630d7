/**
 * Parameter checks for the allowlisted DevTools methods of the internal
 * `cdp` method (DESIGN.md requirement 7). Each method accepts a strict
 * subset of its DevTools parameters: nodes only by node or backend ID (never
 * a remote object, session or script), no navigation outside the lease,
 * screenshots of the viewport or of a clip at most 16,384 px a side, no clipboard editing commands, key
 * chords or keys the engine's keyboard lacks, no mouse buttons that navigate
 * history, and page functions only from the
 * fixed `pageFunctions`, returned by value. Anything else is `CDP_FORBIDDEN`.
 *
 * @module
 */
import { z } from "zod";
import { LeashError } from "../../contracts/errors.ts";
import { type JsonObject, JsonValueSchema } from "../../contracts/json.ts";
import type { CdpMethod } from "../../contracts/methods/cdp.ts";
import type { LeaseScope } from "../../contracts/methods/common.ts";
import { chordRefusal, codesNamed } from "../../contracts/keyboard.ts";
import { limits } from "../../contracts/limits.ts";
import { maxCaptureSide } from "../../contracts/methods/capture.ts";
import { isPageFunction } from "../../contracts/methods/page_functions.ts";
import { inLeaseScope } from "../../contracts/scope.ts";

const nodeIdSchema = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const coordinate = z.number().finite().min(-100_000).max(100_000);
const size = z.number().finite().positive().max(100_000);
/** A point of the document: within the largest layout Chromium makes (2^25 px). */
const documentCoordinate = z.number().int().min(0).max(2 ** 25);

/** Exactly one of `nodeId` and `backendNodeId`. */
function nodeTarget<S extends z.ZodRawShape>(extra: S) {
  return z.union([
    z.strictObject({ nodeId: nodeIdSchema, ...extra }),
    z.strictObject({ backendNodeId: nodeIdSchema, ...extra }),
  ]);
}

/** Modifier bits: Alt=1, Ctrl=2, Meta=4, Shift=8. */
const modifiers = z.number().int().min(0).max(15);

/** Editing commands that move or delete only; copy, cut and paste would reach the clipboard. */
const editingCommands = z.enum([
  "selectAll",
  "deleteBackward",
  "deleteForward",
  "deleteWordBackward",
  "deleteWordForward",
  "moveToBeginningOfLine",
  "moveToEndOfLine",
  "moveToBeginningOfDocument",
  "moveToEndOfDocument",
]);

/**
 * A key event names one key of the engine's keyboard (`contracts/keyboard.ts`)
 * by every name it gives — `key`, `code`, virtual key code — and they agree,
 * so a `key` of "a" cannot ride on the virtual key code of V, which is what
 * the page's editing shortcuts read. No native key code: without one,
 * DevTools never lets an event the page leaves unhandled reach the
 * browser's own shortcuts. And no chord whose default is the clipboard's
 * or the browser's (`chordRefusal`): Ctrl/Meta with C, V or X, Shift or
 * Ctrl with Insert, Shift+Delete, tab, window and address-bar chords,
 * function keys.
 */
function oneAllowedKey(event: {
  key?: string;
  code?: string;
  windowsVirtualKeyCode?: number;
  modifiers?: number;
}): boolean {
  const codes = codesNamed({
    key: event.key,
    code: event.code,
    keyCode: event.windowsVirtualKeyCode,
  });
  const code = codes[0];
  if (code === undefined || code === "" || codes.some((other) => other !== code)) return false;
  return chordRefusal(code, event.modifiers ?? 0) === undefined;
}

const keyEvent = z.strictObject({
  type: z.enum(["keyDown", "keyUp", "rawKeyDown"]),
  modifiers: modifiers.optional(),
  text: z.string().max(32).optional(),
  unmodifiedText: z.string().max(32).optional(),
  key: z.string().max(64).optional(),
  code: z.string().max(64).optional(),
  windowsVirtualKeyCode: z.number().int().min(0).max(255).optional(),
  autoRepeat: z.boolean().optional(),
  isKeypad: z.boolean().optional(),
  isSystemKey: z.boolean().optional(),
  location: z.number().int().min(0).max(3).optional(),
  commands: z.array(editingCommands).max(4).optional(),
}).refine(oneAllowedKey, {
  message: "one key of the keyboard, agreeing in every name, in no clipboard or browser chord",
});

const mouseEvent = z.strictObject({
  type: z.enum(["mousePressed", "mouseReleased", "mouseMoved", "mouseWheel"]),
  x: coordinate,
  y: coordinate,
  modifiers: modifiers.optional(),
  // `back` and `forward` would navigate history around the lease's checks.
  button: z.enum(["none", "left", "middle", "right"]).optional(),
  buttons: z.number().int().min(0).max(7).optional(),
  clickCount: z.number().int().min(0).max(3).optional(),
  deltaX: coordinate.optional(),
  deltaY: coordinate.optional(),
  pointerType: z.literal("mouse").optional(),
});

/** A clip's side: the Broker's own bound on a full-page or element capture. */
const clipSide = z.number().finite().positive().max(maxCaptureSide);
/** Where a clip starts: in document coordinates, so far down a long page. */
const clipCoordinate = z.number().finite().min(-100_000).max(2 ** 25);

const screenshot = z.strictObject({
  format: z.enum(["png", "jpeg"]).optional(),
  quality: z.number().int().min(0).max(100).optional(),
  clip: z.strictObject({
    x: clipCoordinate,
    y: clipCoordinate,
    width: clipSide,
    height: clipSide,
    scale: z.number().positive().max(2),
  }).optional(),
  // Beyond the viewport only within a clip, so the pixels stay bounded.
  captureBeyondViewport: z.boolean().optional(),
  fromSurface: z.literal(true).optional(),
  optimizeForSpeed: z.boolean().optional(),
}).refine((shot) => shot.quality === undefined || shot.format === "jpeg", {
  message: "quality applies to jpeg only",
}).refine((shot) => shot.captureBeyondViewport !== true || shot.clip !== undefined, {
  message: "a capture beyond the viewport needs a clip",
});

/** A Broker-named object group: plain characters only. */
const objectGroup = z.string().regex(/^[A-Za-z0-9_.:-]{1,64}$/);
/** A remote object the Broker resolved itself (`DOM.resolveNode`). */
const objectId = z.string().min(1).max(256);

/**
 * One fixed page function on a resolved object. No execution context, no
 * user gesture (it could unlock clipboard or pop-ups) and results only by
 * value, so no page object handle escapes.
 */
const callFunctionOn = z.strictObject({
  functionDeclaration: z.string().refine(isPageFunction, { message: "not a page function" }),
  objectId,
  arguments: z.array(z.union([
    z.strictObject({ value: JsonValueSchema }),
    z.strictObject({ objectId }),
  ])).max(4).optional(),
  returnByValue: z.literal(true),
  awaitPromise: z.literal(false).optional(),
  silent: z.boolean().optional(),
  objectGroup: objectGroup.optional(),
});

/** The parameter schema of each allowlisted method. */
const paramSchemas: Record<CdpMethod, z.ZodType<JsonObject>> = {
  "Accessibility.getPartialAXTree": nodeTarget({ fetchRelatives: z.boolean().optional() }),
  "Accessibility.queryAXTree": nodeTarget({
    accessibleName: z.string().max(limits.maxTextUnits).optional(),
    role: z.string().min(1).max(64).optional(),
  }),
  "DOM.describeNode": nodeTarget({ depth: z.number().int().min(0).max(1).optional() }),
  "DOM.getBoxModel": nodeTarget({}),
  "DOM.getContentQuads": nodeTarget({}),
  "DOM.getDocument": z.strictObject({ depth: z.number().int().min(0).max(4).optional() }),
  // Document coordinates: a long page's rows lie far below 100,000 px.
  "DOM.getNodeForLocation": z.strictObject({
    x: documentCoordinate,
    y: documentCoordinate,
    includeUserAgentShadowDOM: z.boolean().optional(),
    ignorePointerEventsNone: z.boolean().optional(),
  }),
  "DOM.resolveNode": nodeTarget({ objectGroup: objectGroup.optional() }),
  "DOM.scrollIntoViewIfNeeded": nodeTarget({
    rect: z.strictObject({ x: coordinate, y: coordinate, width: size, height: size }).optional(),
  }),
  "DOM.focus": nodeTarget({}),
  // No `data`: the provider adds the data the page's own drag gave (`drag.ts`).
  "Input.dispatchDragEvent": z.strictObject({
    type: z.enum(["dragEnter", "dragOver", "drop", "dragCancel"]),
    x: coordinate,
    y: coordinate,
    modifiers: modifiers.optional(),
  }),
  "Input.dispatchKeyEvent": keyEvent,
  "Input.dispatchMouseEvent": mouseEvent,
  "Input.insertText": z.strictObject({ text: z.string().max(10_000) }),
  "Input.setInterceptDrags": z.strictObject({ enabled: z.boolean() }),
  "Page.captureScreenshot": screenshot,
  "Page.getFrameTree": z.strictObject({}),
  "Page.getLayoutMetrics": z.strictObject({}),
  "Page.getNavigationHistory": z.strictObject({}),
  "Page.navigate": z.strictObject({ url: z.string().min(1).max(8192) }),
  // Which entry is checked against the lease's scope when it is sent (`history.ts`).
  "Page.navigateToHistoryEntry": z.strictObject({ entryId: nodeIdSchema }),
  // No script to run on load: a reload loads the page as it is.
  "Page.reload": z.strictObject({ ignoreCache: z.boolean().optional() }),
  "Page.setInterceptFileChooserDialog": z.strictObject({ enabled: z.boolean() }),
  "Runtime.callFunctionOn": callFunctionOn,
  "Runtime.releaseObjectGroup": z.strictObject({ objectGroup }),
};

/**
 * Check `params` for `method` under a lease of `scope`. Returns the params to
 * send (exactly the accepted fields); throws `CDP_FORBIDDEN` otherwise.
 */
export function checkCdpParams(method: CdpMethod, params: unknown, scope: LeaseScope): JsonObject {
  const checked = paramSchemas[method].safeParse(params);
  if (!checked.success) throw new LeashError("CDP_FORBIDDEN", { cause: checked.error });
  if (method === "Page.navigate") checkNavigation(checked.data, scope);
  return checked.data;
}

/** A navigation stays on HTTP(S) and, for an origin lease, on the lease's origin. */
function checkNavigation(params: JsonObject, scope: LeaseScope): void {
  const url = params.url;
  if (typeof url !== "string" || !inLeaseScope(scope, url)) {
    throw new LeashError("CDP_FORBIDDEN", { cause: new Error("navigation outside the lease") });
  }
}
