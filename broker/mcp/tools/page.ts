/**
 * The page tool: live windows of a long document.
 *
 * @module
 */
import { z } from "zod";
import { clientMethods, FrameIdSchema } from "../../../contracts/methods/mod.ts";
import { NodesArgumentSchema } from "../structured.ts";
import { callTimeoutMs, defineTool, leaseIdNote } from "../define.ts";
import { formatWindow } from "../format.ts";
import { currentFrame } from "./observe.ts";

const readParams = clientMethods["browser.readPage"].params;
const readOptions = readParams.shape.options.shape;

const frameNote =
  'A same-origin child frame to read instead of the top document: its ID from browser_frames or an `Iframe` row (`"f1"`, read in its current document), or `{frameId, documentEpoch}` to read only that document.';

/** What `browser_read_page` takes: the method's params without `sessionId`, `options` flattened. */
export const readPageInput = z.strictObject({
  leaseId: readParams.shape.leaseId.describe(leaseIdNote),
  frame: z.union([FrameIdSchema, readOptions.frame.unwrap()]).optional().describe(frameNote),
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
    'With `frame` (`"f1"`, from browser_frames or an `Iframe` row) the windows are of that same-origin frame\'s document, and their continuations work only for it.',
    "Windows are fresh reads, not deltas: they carry no `cursor`. Use browser_observe with `query` to find one thing; use this to read everything.",
  ].join(" "),
  input: readPageInput,
  hints: { readOnlyHint: true, openWorldHint: true },
  async handler({ leaseId, nodes: _nodes, frame, ...rest }, { session, signal }) {
    const sessionId = session.sessionId;
    const window = await session.withLease(
      leaseId,
      typeof frame === "string" ? 2 : 1,
      async (connection) => {
        const call = { signal, timeoutMs: callTimeoutMs };
        const target = typeof frame === "string"
          ? await currentFrame(connection, { sessionId, leaseId }, frame, call)
          : frame;
        const options = { ...rest, ...(target === undefined ? {} : { frame: target }) };
        return await connection.call("browser.readPage", { sessionId, leaseId, options }, call);
      },
    );
    session.leases.noteObservation(leaseId, window.documentEpoch, window.nodes);
    return { text: formatWindow(window), structured: window };
  },
});
