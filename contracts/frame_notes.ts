/**
 * What an agent is told about a child frame wherever it shows one (an
 * inventory line, an `Iframe` row of an observation): how to read it, or
 * why it cannot be read. One wording, so the two never disagree.
 *
 * @module
 */
/** What a note is made from: a frame's relation to the page and its epoch, when it has one. */
export interface NotedFrame {
  originRelation: "same-origin" | "cross-origin" | "opaque";
  documentEpoch?: string;
}

/** How to read `frame`, or why it cannot be read. */
export function frameNote(frame: NotedFrame): string {
  if (frame.originRelation === "cross-origin") return "another origin: cannot be read";
  if (frame.originRelation === "opaque") return "sandboxed (opaque origin): cannot be read";
  if (frame.documentEpoch === undefined) return "its document is not known: cannot be read";
  return "observe with frame";
}
