/**
 * `browser.readPage`: live windows of the leased document, read in the
 * tab's queue (the walk: `broker/runtime/page/window.ts`), or with `frame`
 * of a same-origin child document (`broker/runtime/frames/frame_window.ts`).
 *
 * @module
 */
import type { Handlers } from "../../contracts/methods/define.ts";
import type { ClientMethods } from "../../contracts/methods/mod.ts";
import { readFrameWindow } from "../runtime/frames/frame_window.ts";
import { onTab } from "../runtime/lease_calls.ts";
import { readPageWindow } from "../runtime/page/window.ts";
import { type HandlerDeps, runtimeOf } from "./context.ts";

/** The handler for `browser.readPage`. */
export function pageHandlers(deps: HandlerDeps): Pick<Handlers<ClientMethods>, "browser.readPage"> {
  return {
    "browser.readPage": (params, { signal }) => {
      const runtime = runtimeOf(deps);
      const held = deps.requireLease(params);
      const { frame, rootRef, continuation } = params.options;
      if (frame !== undefined) {
        return onTab(
          runtime,
          held,
          signal,
          (work) => readFrameWindow(held, runtime, { frame, rootRef, continuation }, work),
        );
      }
      return onTab(
        runtime,
        held,
        signal,
        (work) => readPageWindow(held, runtime, { rootRef, continuation }, work),
      );
    },
  };
}
