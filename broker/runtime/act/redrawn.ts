/**
 * Where an action's target went when the page drew it again with no read
 * in between: a list or table drawn anew from a string, a component that
 * re-renders on a timer or a push. A read after the redraw pairs the old
 * node with its new one (`delta.ts`); without one, the action that finds
 * its target gone looks for the element of the same document that reads
 * as the target did (its role and exact name, `ax.find`). Exactly one such
 * element is the target drawn again: it gets a ref, noted as the old one's
 * redrawing, and the refusal names it. None, or more than one (a row's
 * "Remove" among the others'), and the refusal stays plain: what the
 * reader meant is not for the Broker to guess. Nothing is sent to the page
 * but the search, and the action is never sent to the new element.
 *
 * @module
 */
import { ellipsis } from "../../../contracts/text.ts";
import type { OwnedLease } from "../../authority/owned_lease.ts";
import type { EpochBook } from "../observe/epochs.ts";
import type { ActTarget } from "./types.ts";

/**
 * The ref of the one element of `documentEpoch`'s document that reads as
 * `target`, `ref`'s element, did, noted as its redrawing; undefined when
 * there is not exactly one, the document changed, or the search failed.
 */
export async function findRedrawn(
  held: OwnedLease,
  epochs: EpochBook,
  documentEpoch: string,
  ref: string,
  target: ActTarget,
  signal: AbortSignal,
): Promise<string | undefined> {
  const { role, name, backendNodeId } = target;
  // A cut name cannot be searched for exactly; a nameless one reads like its siblings.
  if (name === "" || name.endsWith(ellipsis)) return undefined;
  const origin = epochs.describe(documentEpoch);
  const refs = epochs.refTable(documentEpoch);
  if (origin === undefined || refs === undefined) return undefined;
  try {
    const found = await held.call(
      "ax.find",
      { lease: held.token, request: { query: name, role } },
      signal,
    );
    if (found.frameId !== origin.frameId || found.loaderId !== origin.loaderId) return undefined;
    if (found.truncated) return undefined;
    const same = found.nodes.filter((node) =>
      node.role === role && node.name === name && node.backendNodeId !== backendNodeId
    );
    if (same.length !== 1) return undefined;
    const now = refs.refFor(same[0].backendNodeId, { role, name });
    refs.noteRedrawn(ref, now);
    return now;
  } catch {
    return undefined;
  }
}
