/**
 * The compact text of a frame inventory: one line per frame, indented under
 * its parent, with its ID, how it relates to the page's origin and what an
 * agent can do with it.
 *
 * ```text
 * frames: 4  epoch: 6QK2…
 * f0 main "http://127.0.0.1:8000"
 *   f1 same-origin "http://127.0.0.1:8000" epoch=T7… — observe with frame
 *   f2 cross-origin "http://localhost:8000" — another origin: cannot be read
 * ```
 *
 * Origins are chosen by the page (it embeds whatever it likes), so they are
 * quoted page data.
 *
 * @module
 */
import { frameNote } from "../../contracts/frame_notes.ts";
import type { FrameInventory } from "../../contracts/methods/frames.ts";
import { pageDataNote, quote } from "../../contracts/page_text.ts";
import { word } from "./format.ts";

/** The text of `inventory`. */
export function formatFrames(inventory: FrameInventory): string {
  const depth = new Map<string, number>();
  const lines = [
    pageDataNote,
    `frames: ${inventory.frames.length}  epoch: ${word(inventory.documentEpoch)}`,
  ];
  for (const frame of inventory.frames) {
    const level = frame.parentId === undefined ? 0 : (depth.get(frame.parentId) ?? 0) + 1;
    depth.set(frame.id, level);
    let line = `${"  ".repeat(level)}${word(frame.id)}`;
    line += frame.isMain ? " main" : ` ${frame.originRelation}`;
    if (frame.origin !== undefined) line += ` ${quote(frame.origin)}`;
    if (!frame.isMain && frame.documentEpoch !== undefined) {
      line += ` epoch=${word(frame.documentEpoch)}`;
    }
    if (!frame.isMain) line += ` — ${frameNote(frame)}`;
    lines.push(line);
  }
  if (inventory.truncated) lines.push("… more frames than one inventory lists");
  return lines.join("\n");
}
