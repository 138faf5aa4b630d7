/**
 * How the runtime reads a leased tab's frames: one `frames.list` from the
 * lease's provider, projected ({@linkcode projectInventory}). Call it inside
 * the tab's queue.
 *
 * @module
 */
import type { OwnedLease } from "../../authority/owned_lease.ts";
import type { ObserveBooks } from "../observe/observe.ts";
import { type ProjectedInventory, projectInventory } from "./inventory.ts";

/** The current frame inventory of `held`'s tab. */
export async function readInventory(
  held: OwnedLease,
  books: ObserveBooks,
  signal: AbortSignal,
): Promise<ProjectedInventory> {
  const source = await held.call("frames.list", { lease: held.token }, signal);
  return projectInventory(source, {
    leaseId: held.lease.leaseId,
    tab: held.lease.tab,
    scope: held.lease.scope,
    ids: books.frames,
    epochs: books.epochs,
  });
}
