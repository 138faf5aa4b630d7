/**
 * The DevTools methods the Broker may ask a provider to run through the
 * internal `cdp` method. Everything else is refused before it reaches the
 * debugger: no script evaluation, no request interception, no storage
 * clearing, no CSP bypass. The provider also checks each method's params.
 *
 * @module
 */
import { z } from "zod";

/** Allowlisted DevTools methods, read-only or input-only. */
export const cdpAllowlist = [
  "Accessibility.getPartialAXTree",
  "Accessibility.queryAXTree",
  "DOM.describeNode",
  "DOM.getBoxModel",
  "DOM.getContentQuads",
  "DOM.getDocument",
  "DOM.getNodeForLocation",
  "DOM.scrollIntoViewIfNeeded",
  "DOM.focus",
  "Input.dispatchKeyEvent",
  "Input.dispatchMouseEvent",
  "Input.insertText",
  "Page.captureScreenshot",
  "Page.getFrameTree",
  "Page.getLayoutMetrics",
  "Page.navigate",
] as const;

/** An allowlisted DevTools method name. */
export const CdpMethodSchema = z.enum(cdpAllowlist);

export type CdpMethod = z.infer<typeof CdpMethodSchema>;
