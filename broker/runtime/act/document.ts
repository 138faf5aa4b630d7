/**
 * The main frame's document identity, to tell whether an action replaced
 * the document (a new loader) or left it in place.
 *
 * @module
 */
import { call, type Cdp, FrameTreeAnswer } from "./cdp.ts";

/** The main frame's current document. */
export interface MainFrame {
  frameId: string;
  loaderId: string;
  url: string;
}

/** Read the main frame's frame ID, loader ID and URL (with its fragment). */
export async function readMainFrame(cdp: Cdp, signal?: AbortSignal): Promise<MainFrame> {
  const { frame } = (await call(cdp, "Page.getFrameTree", {}, FrameTreeAnswer, signal)).frameTree;
  return {
    frameId: frame.id,
    loaderId: frame.loaderId,
    url: frame.url + (frame.urlFragment ?? ""),
  };
}
