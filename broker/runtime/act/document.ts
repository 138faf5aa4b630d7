/**
 * The main frame's document, read through the {@linkcode Cdp} seam, to tell
 * whether an action replaced the document (a new loader) or left it in
 * place, and where it is now.
 *
 * @module
 */
import { type DocumentIdentity, documentOf } from "../../../contracts/document.ts";
import type { Cdp } from "./cdp.ts";

/** The main frame's current document; `INTERNAL` when DevTools names none. */
export async function readDocument(cdp: Cdp, signal?: AbortSignal): Promise<DocumentIdentity> {
  signal?.throwIfAborted();
  return documentOf(await cdp("Page.getFrameTree", {}, { signal }));
}
