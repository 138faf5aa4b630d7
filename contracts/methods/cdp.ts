/**
 * The DevTools methods the Broker may ask a provider to run through the
 * internal `cdp` method. Everything else is refused before it reaches the
 * debugger: no script evaluation, no request interception, no storage
 * clearing, no CSP bypass. The provider also checks each method's params.
 *
 * @module
 */
import { z } from "zod";

/**
 * Allowlisted DevTools methods, sorted, read-only or input-only. Why the
 * less obvious ones are here:
 * - `DOM.resolveNode`: turn a backend node into a remote object (in a
 *   Broker-named object group) so a page function can run on it.
 * - `Runtime.callFunctionOn`: run one of the fixed `pageFunctions` (see
 *   `page_functions.ts`) on such an object; the provider refuses any other
 *   `functionDeclaration`, so this never runs caller-chosen script.
 * - `Runtime.releaseObjectGroup`: release the objects of one action.
 * - `Page.getNavigationHistory`, `Page.navigateToHistoryEntry`: `back` and
 *   `forward`; the provider blanks entries outside the lease's scope and
 *   goes only to an entry inside it.
 * - `Input.setInterceptDrags`, `Input.dispatchDragEvent`: a drag the page
 *   starts with HTML5 drag events; the provider keeps the drag data the
 *   page gave (files taken out) and sends it itself, so the Broker never
 *   names any.
 * - `Page.setInterceptFileChooserDialog`: an upload aimed at a drop zone
 *   whose file input is elsewhere clicks it with choosers intercepted; the
 *   provider answers which input the page opened one from, and turns
 *   interception off whatever happens, so no dialog of the person's is
 *   swallowed after the upload.
 */
export const cdpAllowlist = [
  "Accessibility.getPartialAXTree",
  "Accessibility.queryAXTree",
  "DOM.describeNode",
  "DOM.focus",
  "DOM.getBoxModel",
  "DOM.getContentQuads",
  "DOM.getDocument",
  "DOM.getNodeForLocation",
  "DOM.resolveNode",
  "DOM.scrollIntoViewIfNeeded",
  "Input.dispatchDragEvent",
  "Input.dispatchKeyEvent",
  "Input.dispatchMouseEvent",
  "Input.insertText",
  "Input.setInterceptDrags",
  "Page.captureScreenshot",
  "Page.getFrameTree",
  "Page.getLayoutMetrics",
  "Page.getNavigationHistory",
  "Page.navigate",
  "Page.navigateToHistoryEntry",
  "Page.reload",
  "Page.setInterceptFileChooserDialog",
  "Runtime.callFunctionOn",
  "Runtime.releaseObjectGroup",
] as const;

/** An allowlisted DevTools method name. */
export const CdpMethodSchema = z.enum(cdpAllowlist);

export type CdpMethod = z.infer<typeof CdpMethodSchema>;
