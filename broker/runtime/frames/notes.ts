/**
 * What the row of a frame element says of its frame: its public ID and how
 * to read it (` frame=f1 — observe with frame`), or only why it cannot be
 * read (` — another origin: cannot be read`).
 *
 * @module
 */
import { frameNote } from "../../../contracts/frame_notes.ts";
import type { ProjectedInventory } from "./inventory.ts";

/** The note of every frame element `projected` knows, by the element's backend node. */
export function frameRowNotes(projected: ProjectedInventory): Map<number, string> {
  const notes = new Map<number, string>();
  for (const [owner, frame] of projected.byOwner) {
    const id = frame.readable ? ` frame=${frame.info.id}` : "";
    notes.set(owner, `${id} — ${frameNote(frame.info)}`);
  }
  return notes;
}
