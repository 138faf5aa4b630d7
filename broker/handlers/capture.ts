/**
 * `browser.capture`: a screenshot of the leased tab's viewport, whole page
 * (`fullPage`) or one element (`ref`), taken in the tab's queue (the area:
 * `broker/runtime/capture/area.ts`; the ladder of formats and the document
 * check: `broker/runtime/capture/capture.ts`).
 *
 * The frames' safety gate (`broker/runtime/frames/capture_gate.ts`) runs
 * before and after the image is taken, over the area the image shows: a
 * frame of another origin visible in it refuses the capture.
 *
 * Per `runtime.capture-publication.v1` the client re-checks authority with
 * `browser.validateLease` before it publishes the image.
 *
 * @module
 */
import type { Handlers } from "../../contracts/methods/define.ts";
import type { ClientMethods } from "../../contracts/methods/mod.ts";
import { type AreaRequest, captureArea } from "../runtime/capture/area.ts";
import { captureViewport } from "../runtime/capture/capture.ts";
import { assertCaptureSafe } from "../runtime/frames/capture_gate.ts";
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
      const request: AreaRequest | undefined = params.ref !== undefined
        ? { kind: "element", ref: params.ref, documentEpoch: params.documentEpoch ?? "" }
        : params.fullPage === true
        ? { kind: "fullPage" }
        : undefined;
      return onTab(
        runtime,
        held,
        signal,
        async (work) => {
          const area = request === undefined
            ? undefined
            : await captureArea(held, runtime.books, request, work);
          const shows = area?.inViewport;
          await assertCaptureSafe(held, runtime.books, work, shows);
          const image = await captureViewport(held, runtime.books, format, work, area);
          await assertCaptureSafe(held, runtime.books, work, shows);
          return image;
        },
      );
    },
  };
}
