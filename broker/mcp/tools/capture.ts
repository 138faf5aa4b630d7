/**
 * The capture tool. Per the spec's `runtime.capture-publication.v1`, a
 * screenshot is published only after `browser.validateLease` succeeds on the
 * same connection that captured it: events may be late, so a revocation
 * event is not the only check, and a lost connection never silently
 * reconnects the pending image.
 *
 * @module
 */
import { CaptureParamsObject } from "../../../contracts/methods/mod.ts";
import { callTimeoutMs, defineTool, leaseIdNote } from "../define.ts";
import { NotedError } from "../errors.ts";
import { formatCapture } from "../format.ts";
import { noEpochNote } from "./act.ts";

const captureParams = CaptureParamsObject;

/** `browser_capture` → `browser.capture`, then `browser.validateLease`. */
export const captureTool = defineTool({
  name: "browser_capture",
  method: "browser.capture",
  description: [
    "Take a screenshot of the leased tab's visible viewport and return it as an image; with fullPage: true, the whole page; with a ref, only that element (scrolled into view first).",
    "A capture that reaches past the viewport (a full page taller than it, a tall element) makes Chromium hide the tab's scrollbar until the page reloads; prefer the viewport or an element in view when the person is using the tab.",
    "Use it when layout or visuals matter; to read or act on the page, browser_observe is cheaper and gives refs.",
    "A full page or element larger than 16,384 pixels either way is refused with RESULT_TOO_LARGE, as is an image too large even as a low-quality JPEG; capture an element instead. A ref from an older observation is STALE_TARGET: observe again.",
    "Before the image is returned the lease is re-checked; if it ended meanwhile you get LEASE_NOT_FOUND and no image.",
    "While a frame of another origin (or a sandboxed one) shows in the viewport the capture is refused with OUT_OF_SCOPE: its pixels are outside the lease; scroll it out of view or use browser_observe.",
  ].join(" "),
  input: captureParams.omit({ sessionId: true }).extend({
    leaseId: captureParams.shape.leaseId.describe(leaseIdNote),
    format: captureParams.shape.format.describe('"png" (default) or "jpeg" (smaller).'),
    fullPage: captureParams.shape.fullPage.describe(
      "Capture the whole page, not only the viewport. Not with ref.",
    ),
    ref: captureParams.shape.ref.describe(
      "Capture only this element, by its ref from browser_observe.",
    ),
    documentEpoch: captureParams.shape.documentEpoch.describe(
      "The `epoch` of the observation the ref came from. Omit it and the server uses the epoch of the observation it showed you the ref in.",
    ),
  }),
  hints: { readOnlyHint: true, openWorldHint: true },
  async handler(args, { session, signal }) {
    const sessionId = session.sessionId;
    if (args.fullPage === true && args.ref !== undefined) {
      throw new NotedError("INVALID_PARAMS", "Give fullPage or ref, not both.");
    }
    const documentEpoch = args.ref === undefined
      ? undefined
      : args.documentEpoch ?? session.leases.epochFor(args.leaseId, args.ref);
    if (args.ref !== undefined && documentEpoch === undefined) {
      throw new NotedError("INVALID_PARAMS", noEpochNote);
    }
    const { documentEpoch: _given, ...asked } = args;
    const params = {
      ...asked,
      sessionId,
      ...(documentEpoch === undefined ? {} : { documentEpoch }),
    };
    const capture = await session.withLease(args.leaseId, 2, async (connection) => {
      const image = await connection.call("browser.capture", params, {
        signal,
        timeoutMs: callTimeoutMs,
      });
      session.leases.assertNotEnded(args.leaseId);
      await connection.call("browser.validateLease", { sessionId, leaseId: args.leaseId }, {
        signal,
        timeoutMs: callTimeoutMs,
      });
      session.leases.assertNotEnded(args.leaseId);
      return image;
    });
    session.leases.noteEpoch(args.leaseId, capture.documentEpoch);
    const { data, ...metadata } = capture;
    return {
      text: formatCapture(capture, args),
      structured: metadata,
      image: { data, mimeType: capture.mimeType },
    };
  },
});
