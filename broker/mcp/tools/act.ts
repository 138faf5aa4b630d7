/**
 * The act tool: one fenced, journaled input on an observed element.
 *
 * @module
 */
import { isLeashError } from "../../../contracts/errors.ts";
import { clientMethods, refOf } from "../../../contracts/methods/mod.ts";
import { NodesArgumentSchema } from "../structured.ts";
import type { z } from "zod";
import {
  callTimeoutMs,
  defineTool,
  leaseIdNote,
  type ToolContext,
  type ToolOutput,
} from "../define.ts";
import { NotedError } from "../errors.ts";
import { formatAct } from "../format.ts";

const actParams = clientMethods["browser.act"].params;

/** The prefix of request IDs the server makes up when the caller gives none. */
export const generatedRequestIdPrefix = "leash-";

/** What an agent is told when an action is answered `ORIGIN_CHANGED`. */
export const leftOriginNote =
  "The page left the leased origin as this action ran: if the action was sent, it ran and took the page there, and it is never sent again. To go on, claim the tab again with browser_claim for its new origin (the person approves it), then observe it.";

/** What an agent is told when it acts on a lease this session never showed it a page of. */
export const noEpochNote =
  "This action names no documentEpoch and this session has shown you no observation of the lease to fence it with: observe the page first (browser_observe), then act on what you read.";

/** The act tool's input: the method's params with the session's parts filled by the server. */
export const actInput = actParams.omit({ sessionId: true }).extend({
  leaseId: actParams.shape.leaseId.describe(leaseIdNote),
  requestId: actParams.shape.requestId.optional().describe(
    "Your ID for this action (up to 128 characters), new for every distinct action; reuse it only to retry the identical action.",
  ),
  documentEpoch: actParams.shape.documentEpoch.optional().describe(
    "The `epoch` of the observation the ref came from. Omit it and the server fences the action with the epoch of the observation it showed you the ref in (for an action without a ref, the epoch last shown).",
  ),
  action: actParams.shape.action.describe("What to do, by `kind` (see the tool description)."),
  expect: actParams.shape.expect.describe(
    "What must hold afterwards for the action to count as verified.",
  ),
  timeoutMs: actParams.shape.timeoutMs.describe(
    "How long, in ms, the action may wait for its target to become actionable (default 2000, at most 15000, 0 looks once).",
  ),
  settleMs: actParams.shape.settleMs.describe(
    "Longest wait in ms for the page's reaction before the result's observation (0–10000, default 1000).",
  ),
  frame: actParams.shape.frame.describe(
    "For an action inside a same-origin child frame: its `frameId` and `documentEpoch` (then `documentEpoch` above must equal it). Omit it for a ref you read in a frame observation: the server sends that frame.",
  ),
  nodes: NodesArgumentSchema,
});

/** `browser_act` → `browser.act`. */
export const actTool = defineTool({
  name: "browser_act",
  method: "browser.act",
  description: [
    "Perform one action on the leased page, fenced against stale state: for element actions pass the element's `ref`; the action is fenced with the epoch of the observation you read the ref in (pass `documentEpoch` to name it yourself).",
    "Element actions wait until their target can take them — attached, visible, enabled, and for pointer actions scrolled into view, no longer moving and not covered — up to `timeoutMs` (default 2000, at most 15000; 0 looks once), then act once; only then do they fail.",
    'Action kinds: click {ref, button?, count?, modifiers?} (scrolled into view and hit-tested: if something else still covers the element after the wait, nothing is clicked and you get TARGET_COVERED naming what covers it; a click on a control\'s label or on its own drawn parts counts as a click on it; button "right" opens the page\'s context menu, count 2 is a double click — to open an item or edit a grid cell —, modifiers ["Control"] or ["Shift"] hold keys during the click, to add to or extend a selection); hover {ref} (the pointer rests on the element, aimed like a click: menus and tooltips that open on hover); fill {ref, text} (replace the value of any editable field: input, textarea, contenteditable editor — fast, one input event; the value as an input mask formats it counts as kept; if the page does not keep the value the result is unverified with a note: use type; a date, time, colour or range field takes its value as its type writes it — 2026-12-24, 14:30, 2026-12-24T14:30, 2026-12, 2026-W52, #336699, 7 — and any other text is refused with INVALID_PARAMS before the field loses its value); type {text, ref?, clear?, submit?} (real key presses, one per character, for widgets that react only to keys: spinbuttons, masked inputs, search-as-you-type; clear empties the field first, submit presses Enter after; on the ref or the focused element); append {ref, text} (type at the end); press {key, ref?} (a key or chord: Enter, Tab, Escape, ArrowDown, a, Control+A, Shift+Tab, Meta+Enter; chords that reach the clipboard or the browser — Control/Meta+C/V/X/T/W/N/Q/L/Tab, Shift+Insert, function keys — are refused with INVALID_PARAMS); check {ref, checked} (a checkbox or switch; checked true also chooses a radio); radio {ref}; select {ref, option} (an option\'s label or value; for a multiple select, a list of the options to leave selected, e.g. ["Breakfast", "Parking"]); wheel {deltaX, deltaY, ref?}; scroll {ref} (into view); drag {from, to} (press on the element `from`, move to the element `to` and let go there — reordering a sortable list, moving a card to another column, a slider\'s handle; both refs from the same observation, both ends must be visible at once and are hit-tested; real pointer events, and HTML5 drag events when the page uses them, never with files; pass `expect` to verify it); upload {ref, files: [{name, type?, data}]} (a file input\'s files by value, bytes in base64, at most 512 KiB together — for files on disk use browser_upload); navigate {url} (only inside the lease\'s origin, else OUT_OF_SCOPE: to go to another site, open it in a new tab with browser_open); reload {}; back {} and forward {} (one step in the tab\'s history, only to an entry inside the lease\'s origin: OUT_OF_SCOPE for an entry of another site, TARGET_NOT_INTERACTABLE when there is no entry that way; verified once the tab shows that entry); dialog {accept, promptText?} (answer the JavaScript dialog open on the page — alert, confirm, prompt or leave-page prompt — accept true is OK/leave, false is Cancel/stay; promptText answers a prompt and is journaled by its length only; STALE_TARGET when no dialog is open any more, OUT_OF_SCOPE for a dialog of another origin).',
    "While a dialog is open the page is blocked: every call on the lease answers DIALOG_OPEN at once with the dialog's type and message, and an action whose input opened a dialog comes back unverified with the dialog instead of an observation; answer it with the dialog action (or the person answers it), then go on.",
    "`expect` states what must hold afterwards (`textPresent`, or an element's checked/selected/expanded/disabled/focused/value); the result's status is verified when it holds; unverified when the input went in but nothing confirmed its effect (no `expect` was given, or it did not hold in time): read the changes listed after it before doing it again, a second click may undo the first; uncertain when the action may or may not have happened — observe before doing anything else then.",
    "The result says its status and what changed: `document changed` with the new `epoch` when the document was replaced (then old refs and the old epoch are dead, and a full observation follows), else, when you observed this document before, only the rows that changed since (a title or URL only when it changed; not the field a verified fill or type left holding exactly your text), within 600 tokens: past that, the largest changed region shows its first rows and one line saying how many more there are and how to observe them. Rows the page drew again as they were (a calendar or a list built anew) are no change, but their refs are new: one line says which (`# drawn again as they were, under new refs: e3–e8 are now e20–e25`), and an action on an old one fails with STALE_TARGET naming its new ref. The requestId is shown only when you gave one or the status is uncertain.",
    "Before that observation the page's own reaction is waited for (DOM quiet, requests the action started finished, animations it started that move, show or hide something done — a colour or shadow easing is not waited for, nor a menu or panel fading or sliding in with its content already there (the next action waits for its target to stand still); after a dialog closes, the page it hid from assistive technology until it is given back (some libraries lift that a moment later); after text entered in a field that searches or suggests as typed — a combobox, a search or filter box — also half a second from the last key, so a debounced search is seen to start), at most `settleMs` (default 1000; 0 skips the wait); when the bound cut the wait the result says `not settled after … ms` and what was still going on — observe again a little later if you need the outcome.",
    "When the page opens a tab while the action runs (a popup, a link with target=_blank), the result says `the page opened tab t4`: that tab is not leased; claim it with browser_claim to use it.",
    "`requestId` makes the action safe to retry: the same requestId with the identical payload never runs twice; you get the first answer back (or RECOVERY_REQUIRED once it is no longer kept). If you omit it, the server makes one up and returns it in the structured result (and in the text when the status is uncertain), but if that answer is lost you cannot retry exactly — set your own for anything that must not happen twice.",
    "In a same-origin child frame (observed with browser_observe `frame`, e.g. a rich-text editor's body), click, fill, fillEditable, and type and press on a ref work, with a `textPresent` expectation only: pass the ref you read there and the server sends its frame; the result's observation is of that frame.",
    "Errors: STALE_TARGET — the page changed since you observed it or the ref is from another document: observe again and use the new epoch and refs (or, where the error names the ref the page drew the element again as, use that); TARGET_COVERED / TARGET_NOT_INTERACTABLE — nothing was dispatched and the error says why (what covers it, which condition failed, which action can take it): observe and choose again; REQUEST_CONFLICT — that requestId was used for a different action; OUTCOME_UNKNOWN — observe before deciding; ORIGIN_CHANGED — the page left the leased origin and the lease ended (an action that took it there ran and is not repeated): claim the tab again with browser_claim for the new origin.",
  ].join(" "),
  input: actInput,
  hints: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
  handler: ({ nodes: _nodes, ...args }, context) => runAct(args, context),
});

/** The act tool's arguments, but the node list switch. */
export type ActArgs = Omit<z.output<typeof actInput>, "nodes">;

/**
 * Send one action on the session's lease and format its answer: what
 * `browser_act` does, and `browser_upload` once it read its files.
 */
export async function runAct(
  args: ActArgs,
  { session, signal }: ToolContext,
): Promise<ToolOutput> {
  const requestId = args.requestId ?? `${generatedRequestIdPrefix}${crypto.randomUUID()}`;
  const ref = refOf(args.action);
  const documentEpoch = args.documentEpoch ?? args.frame?.documentEpoch ??
    session.leases.epochFor(args.leaseId, ref);
  if (documentEpoch === undefined) {
    session.leases.assertNotEnded(args.leaseId);
    throw new NotedError("INVALID_PARAMS", noEpochNote);
  }
  // A ref shown by a frame observation is acted on in that frame, as explicitly on the wire
  // as if the caller had named it.
  const frameId = args.frame?.frameId ?? session.leases.frameFor(args.leaseId, ref);
  const frame = frameId === undefined ? undefined : { frameId, documentEpoch };
  const sent = {
    ...args,
    ...(frame === undefined ? {} : { frame }),
    documentEpoch,
    requestId,
    sessionId: session.sessionId,
  };
  const result = await session.withLease(
    args.leaseId,
    1,
    (connection) => connection.call("browser.act", sent, { signal, timeoutMs: callTimeoutMs }),
  ).catch((error) => {
    if (isLeashError(error, "ORIGIN_CHANGED")) {
      session.leases.end(args.leaseId, "left-origin");
      throw new NotedError("ORIGIN_CHANGED", leftOriginNote, { cause: error });
    }
    throw error;
  });
  if (frame === undefined) {
    session.leases.noteObservation(
      args.leaseId,
      result.documentEpoch,
      result.observation?.nodes,
      result.observation === null ? undefined : { scope: {}, cursor: result.observation.cursor },
    );
  } else if (result.observation !== null) {
    session.leases.noteFrameObservation(
      args.leaseId,
      result.documentEpoch,
      result.observation.nodes,
      {
        scope: { frame },
        cursor: result.observation.cursor,
      },
    );
  }
  return {
    text: formatAct(result, {
      requestId: args.requestId,
      documentEpoch,
      handles: session.handles,
    }),
    structured: result,
  };
}
