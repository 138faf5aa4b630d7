/**
 * `browser.frames`: the leased tab's frames as validated metadata, read in
 * the tab's queue (the projection: `broker/runtime/frames/inventory.ts`).
 * Listing a frame grants nothing: whether its content may be read is the
 * read's own check.
 *
 * @module
 */
import type { Handlers } from "../../contracts/methods/define.ts";
import type { ClientMethods } from "../../contracts/methods/mod.ts";
import { readInventory } from "../runtime/frames/read.ts";
import { onTab } from "../runtime/lease_calls.ts";
import { type HandlerDeps, runtimeOf } from "./context.ts";

/** The handler for `browser.frames`. */
export function framesHandlers(deps: HandlerDeps): Pick<Handlers<ClientMethods>, "browser.frames"> {
  return {
    "browser.frames": (params, { signal }) => {
      const runtime = runtimeOf(deps);
      const held = deps.requireLease(params);
      return onTab(
        runtime,
        held,
        signal,
        async (work) => (await readInventory(held, runtime.books, work)).inventory,
      );
    },
  };
}
