/**
 * Lease tools for tabs Leash opens: `browser_open` claims a new tab at a
 * URL, `browser_close` releases a lease and closes the tab Leash opened
 * for it.
 *
 * @module
 */
import { z } from "zod";
import { clientMethods } from "../../../contracts/methods/mod.ts";
import { defineTool, leaseIdNote } from "../define.ts";
import { captureInput, ClaimResultSchema, grantedLease, release } from "./lease.ts";

const openParams = clientMethods["browser.open"].params;
const releaseParams = clientMethods["browser.release"].params;

/** What `browser_open` puts in `structuredContent`: as `browser_claim` does. */
export const OpenResultSchema = ClaimResultSchema;

/** What the text says of a tab Leash opened. */
const openedNote = "(a new tab Leash opened for you: close it with browser_close when done)";

/** `browser_open` → `browser.open`, then `browser.observe` for the first look. */
export const openTool = defineTool({
  name: "browser_open",
  method: "browser.open",
  description: [
    "Open a new tab at `url` (http or https) and get a lease on it, with its first observation, as browser_claim gives: use it to start on a page no tab shows yet (a dev server, another site than your lease's).",
    "In restricted mode (the default) the person first sees the site's origin in an approval window and nothing is requested from that site before they allow it; if they deny, the blank tab closes. In personal mode it opens at once.",
    "The lease covers the URL's origin (a redirect to another origin ends it). Close the tab with browser_close when you are done (browser_release leaves it open); Leash closes only tabs it opened.",
    "`reason` is shown to the person: say what you will do there.",
    "Errors: CLAIM_DENIED — the person said no; CLAIM_TIMEOUT — nobody answered; NAVIGATION_FAILED — the page did not load (is the server running?); INVALID_PARAMS — not an http(s) URL, or no single browser connected (call browser_instances).",
  ].join(" "),
  input: openParams.omit({ sessionId: true, mcpClientName: true }).extend({
    url: openParams.shape.url.describe(
      "The page to open: an absolute http:// or https:// URL.",
    ),
    instance: openParams.shape.instance.optional().describe(
      "An instance from browser_instances (its handle such as `b1`, or its `id`); the only connected one when omitted.",
    ),
    scope: openParams.shape.scope.describe(
      '"origin" (default): the URL\'s origin only. "tab": the whole tab, personal mode only.',
    ),
    clientName: openParams.shape.clientName.describe(
      "Your name as the approval window shows it; this MCP client's name when omitted.",
    ),
    reason: openParams.shape.reason.describe(
      "One sentence for the person: what you will do on that site.",
    ),
    observe: z.boolean().optional().describe(
      "Return the page's first observation with the lease (default true); false returns the lease alone.",
    ),
    capture: captureInput(openParams.shape.capture),
  }),
  hints: { readOnlyHint: false, destructiveHint: false, openWorldHint: true },
  handler(args, context) {
    const { observe: _, ...open } = args;
    return grantedLease(
      args,
      context,
      (connection, asked, options) =>
        connection.call("browser.open", { ...open, ...asked }, options),
      openedNote,
    );
  },
});

/** `browser_close` → `browser.release` with `closeTab`. */
export const closeTool = defineTool({
  name: "browser_close",
  method: "browser.release",
  description: [
    "Release a lease and close its tab, when Leash opened that tab for you with browser_open; a tab the person or a page opened is only released, never closed, and the text says so.",
    "Closing a lease that already ended is harmless and says so.",
  ].join(" "),
  input: z.strictObject({ leaseId: releaseParams.shape.leaseId.describe(leaseIdNote) }),
  hints: {
    readOnlyHint: false,
    destructiveHint: true,
    idempotentHint: true,
    openWorldHint: false,
  },
  handler: ({ leaseId }, { session, signal }) =>
    release(session, { leaseId, closeTab: true }, signal),
});
