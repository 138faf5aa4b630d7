/**
 * `browser.capture`: a screenshot of the leased tab's viewport, taken in
 * the tab's queue (the ladder of formats and the document check:
 * `broker/runtime/capture/capture.ts`).
 *
 * Per `runtime.capture-publication.v1` the client re-checks authority with
 * `browser.validateLease` before it publishes the image.
 *
 * @module
 */
import type { Handlers } from "../../contracts/methods/define.ts";
import type { ClientMethods } from "../../contracts/methods/mod.ts";
import { captureViewport } from "../runtime/capture/capture.ts";
import { onTab } from "../runtime/lease_calls.ts";
import { type HandlerDeps, runtimeOf } from "./context.ts";

/** The handler for `browser.capture`. */
export function captureHandlers(
  deps: HandlerDeps,
): Pick<Handlers<ClientMethods>, "browser.capture"> {
  return {
    "browser.capture": (params, { signal }) => {
      const runtime = runtimeOf(deps);
      const held = deps.requireLease(params);
      const format = params.format ?? "png";
      return onTab(
        runtime,
        held,
        signal,
        (work) => captureViewport(held, runtime.books, format, work),
      );
    },
  };
}
