/**
 * The page tool: live windows of a long document.
 *
 * @module
 */
import { z } from "zod";
import { clientMethods } from "../../../contracts/methods/mod.ts";
import { NodesArgumentSchema } from "../structured.ts";
import { callTimeoutMs, defineTool, leaseIdNote } from "../define.ts";
import { formatWindow } from "../format.ts";

const readParams = clientMethods["browser.readPage"].params;
const readOptions = readParams.shape.options.shape;

const frameNote =
  "A same-origin child frame to read instead of the top document: its `frameId` and `documentEpoch`.";

/** What `browser_read_page` takes: the method's params without `sessionId`, `options` flattened. */
export const readPageInput = z.strictObject({
  leaseId: readParams.shape.leaseId.describe(leaseIdNote),
  frame: readOptions.frame.describe(frameNote),
  rootRef: readOptions.rootRef.describe(
    "Read only the subtree under this ref (from the current document).",
  ),
  continuation: readOptions.continuation.describe(
    "The `continuation` from the previous window, to read the next one. Single-use.",
  ),
  nodes: NodesArgumentSchema,
});

/** `browser_read_page` → `browser.readPage`. */
export const readPageTool = defineTool({
  name: "browser_read_page",
  method: "browser.readPage",
  description: [
    "Read a long document window by window, live, in the same line format as browser_observe.",
    "The first call (no `continuation`) reads from the top of the page, or of the subtree under `rootRef`; each answer ends with a single-use `continuation` for the next window, or says the document is complete.",
    "A continuation works once, only for the same lease, document and root: reusing one, or using it after the page changed, fails with STALE_CURSOR instead of silently reading something else — then start again without `continuation`.",
    "Windows are fresh reads, not deltas: they carry no `cursor`. Use browser_observe with `query` to find one thing; use this to read everything.",
  ].join(" "),
  input: readPageInput,
  hints: { readOnlyHint: true, openWorldHint: true },
  async handler({ leaseId, nodes: _nodes, ...options }, { session, signal }) {
    const window = await session.withLease(
      leaseId,
      1,
      (connection) =>
        connection.call("browser.readPage", { sessionId: session.sessionId, leaseId, options }, {
          signal,
          timeoutMs: callTimeoutMs,
        }),
    );
    session.leases.noteObservation(leaseId, window.documentEpoch, window.nodes);
    return { text: formatWindow(window), structured: window };
  },
});
