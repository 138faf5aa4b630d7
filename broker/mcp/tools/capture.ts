/**
 * The capture tool. Per the spec's `runtime.capture-publication.v1`, a
 * screenshot is published only after `browser.validateLease` succeeds on the
 * same connection that captured it: events may be late, so a revocation
 * event is not the only check, and a lost connection never silently
 * reconnects the pending image.
 *
 * @module
 */
import { clientMethods } from "../../../contracts/methods/mod.ts";
import { callTimeoutMs, defineTool, leaseIdNote } from "../define.ts";
import { formatCapture } from "../format.ts";

const captureParams = clientMethods["browser.capture"].params;

/** `browser_capture` → `browser.capture`, then `browser.validateLease`. */
export const captureTool = defineTool({
  name: "browser_capture",
  method: "browser.capture",
  description: [
    "Take a screenshot of the leased tab's visible viewport and return it as an image.",
    "Use it when layout or visuals matter; to read or act on the page, browser_observe is cheaper and gives refs.",
    "Before the image is returned the lease is re-checked; if it ended meanwhile you get LEASE_NOT_FOUND and no image.",
    "While a frame of another origin (or a sandboxed one) shows in the viewport the capture is refused with OUT_OF_SCOPE: its pixels are outside the lease; scroll it out of view or use browser_observe.",
  ].join(" "),
  input: captureParams.omit({ sessionId: true }).extend({
    leaseId: captureParams.shape.leaseId.describe(leaseIdNote),
    format: captureParams.shape.format.describe('"png" (default) or "jpeg" (smaller).'),
  }),
  hints: { readOnlyHint: true, openWorldHint: true },
  async handler(args, { session, signal }) {
    const sessionId = session.sessionId;
    const capture = await session.withLease(args.leaseId, 2, async (connection) => {
      const image = await connection.call("browser.capture", { ...args, sessionId }, {
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
      text: formatCapture(capture),
      structured: metadata,
      image: { data, mimeType: capture.mimeType },
    };
  },
});
