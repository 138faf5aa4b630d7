/**
 * The identity of a tab's top-level document, read from a DevTools
 * `Page.getFrameTree` answer. A document is its frame and its loader: a
 * navigation that replaces the document gets a new loader, a
 * same-document one (a fragment, `history.pushState`) keeps it. Both sides
 * ask DevTools their own way and read the answer with {@linkcode documentOf}.
 *
 * @module
 */
import { z } from "zod";
import { LeashError } from "./errors.ts";

/** The part of a `Page.getFrameTree` answer that names the main frame's document. */
const FrameTreeAnswerSchema = z.object({
  frameTree: z.object({
    frame: z.object({
      id: z.string().min(1),
      loaderId: z.string().min(1),
      url: z.string(),
      urlFragment: z.string().optional(),
    }),
  }),
});

/** A top-level document: its frame, its loader (one per navigation) and where it is. */
export interface DocumentIdentity {
  frameId: string;
  loaderId: string;
  /** The document's URL without its fragment, as DevTools reports it. */
  url: string;
  /** The URL's fragment with its `#`, or `""` when it has none. */
  urlFragment: string;
}

/**
 * The main frame's document in a `Page.getFrameTree` answer; throws
 * `LeashError("INTERNAL")` when the answer does not name one.
 *
 * @example
 * ```ts
 * documentOf({ frameTree: { frame: { id: "F", loaderId: "L", url: "https://a.example/" } } });
 * // { frameId: "F", loaderId: "L", url: "https://a.example/", urlFragment: "" }
 * ```
 */
export function documentOf(answer: unknown): DocumentIdentity {
  const parsed = FrameTreeAnswerSchema.safeParse(answer);
  if (!parsed.success) throw new LeashError("INTERNAL", { cause: parsed.error });
  const { id, loaderId, url, urlFragment } = parsed.data.frameTree.frame;
  return { frameId: id, loaderId, url, urlFragment: urlFragment ?? "" };
}

/**
 * Whether `a` and `b` name the same document: the same frame and the same
 * loader, wherever its URL went since.
 */
export function sameDocument(
  a: Pick<DocumentIdentity, "frameId" | "loaderId">,
  b: Pick<DocumentIdentity, "frameId" | "loaderId">,
): boolean {
  return a.frameId === b.frameId && a.loaderId === b.loaderId;
}
