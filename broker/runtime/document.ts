/**
 * The main frame's document, read through the lease's {@linkcode Cdp} seam:
 * whether an action replaced the document (a new loader) or left it in
 * place, which document a capture shows, where a page walk starts.
 *
 * @module
 */
import { type DocumentIdentity, documentOf } from "../../contracts/document.ts";
import type { Cdp } from "./act/cdp.ts";

/** The main frame's current document; `INTERNAL` when DevTools names none. */
export async function readDocument(cdp: Cdp, signal?: AbortSignal): Promise<DocumentIdentity> {
  signal?.throwIfAborted();
  return documentOf(await cdp("Page.getFrameTree", {}, { signal }));
}
