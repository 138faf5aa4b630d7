/**
 * The approval window: shows the oldest pending claim and sends the
 * person's answer. The buttons stay disabled, and the click handler refuses,
 * for 500 ms after a claim appears, and again for 500 ms whenever the window
 * comes back into view (restored, or uncovered where the platform tracks
 * occlusion), so a click meant for something else (for instance the second
 * click of a double click on a page whose popup covered this window) cannot
 * approve it. Page-derived and client-chosen text is only ever set as
 * text, in the words of `claim_text.ts`; the client's name sits in a box of
 * its own, so no character in it can move the heading's words around it.
 * Allow may come with a standing grant for this client on this site (1 or
 * 8 hours), chosen afresh for every claim.
 *
 * @module
 */
import "../jitless.ts";
import {
  type ApprovalCommand,
  approvalPortName,
  ApprovalStateSchema,
  type ClaimView,
} from "../messages.ts";
import { claimWords, heading as headingWords } from "./claim_text.ts";

/** How long a newly shown claim ignores input. */
export const armDelayMs = 500;

function element<T extends HTMLElement>(id: string, type: new () => T): T {
  const found = document.getElementById(id);
  if (!(found instanceof type)) throw new Error(`Cannot find element: #${id}`);
  return found;
}

const main = element("approval", HTMLElement);
const heading = element("heading", HTMLElement);
const queueCount = element("queue-count", HTMLElement);
const claimCard = element("claim", HTMLElement);
const empty = element("empty", HTMLElement);
const allow = element("allow", HTMLButtonElement);
const deny = element("deny", HTMLButtonElement);
const expiry = element("expiry", HTMLElement);
const standFor = element("stand-for", HTMLSelectElement);

/** The claim on screen, and when input for it starts to count. */
let shown: ClaimView | undefined;
let armedAt = Infinity;

function setArmed(armed: boolean): void {
  allow.disabled = !armed;
  deny.disabled = !armed;
  // The grant's length is part of the answer: no early key may change it either.
  standFor.disabled = !armed;
  main.dataset.armed = String(armed);
}

function render(claims: ClaimView[]): void {
  const head = claims[0];
  queueCount.hidden = claims.length < 2;
  queueCount.textContent = claims.length < 2 ? "" : `· 1 of ${claims.length}`;
  claimCard.hidden = head === undefined;
  empty.hidden = head !== undefined;
  if (head === undefined) {
    shown = undefined;
    armedAt = Infinity;
    setArmed(false);
    heading.textContent = "No requests waiting";
    main.dataset.claimId = "";
    return;
  }
  const words = claimWords(head);
  heading.replaceChildren(headingWords.before, nameBox(words.name), headingWords.after);
  element("client-name", HTMLElement).textContent = words.name;
  element("client-program-name", HTMLElement).textContent = words.program ?? "";
  element("client-program", HTMLElement).hidden = words.program === undefined;
  element("tab-title", HTMLElement).textContent = words.title;
  element("tab-title", HTMLElement).title = words.title;
  element("origin", HTMLElement).textContent = head.origin;
  element("scope", HTMLElement).textContent = words.scope;
  element("reason", HTMLElement).textContent = words.reason ?? "";
  element("reason", HTMLElement).hidden = words.reason === undefined;
  element("reason-label", HTMLElement).hidden = words.reason === undefined;
  // A new claim on screen, or one whose answer the worker did not take: input
  // counts only after the person could read it.
  const fresh = shown?.claimId !== head.claimId || armedAt === Infinity;
  shown = head;
  if (fresh) {
    main.dataset.claimId = head.claimId;
    // Each claim starts at "this time only": a standing grant is chosen for one claim at a time.
    standFor.value = "";
    holdInput();
  }
  showExpiry();
}

/** A client's name in a box of its own, its direction isolated from the words around it. */
function nameBox(name: string): HTMLElement {
  const box = document.createElement("span");
  box.className = "name";
  box.dir = "auto";
  box.textContent = name;
  return box;
}

/** Ignore input for the claim on screen for the next {@linkcode armDelayMs}. */
function holdInput(): void {
  if (shown === undefined) return;
  setArmed(false);
  const until = performance.now() + armDelayMs;
  armedAt = until;
  const claimId = shown.claimId;
  setTimeout(() => {
    // A later hold (or a decision) moved `armedAt`: that one arms, not this.
    if (shown?.claimId === claimId && armedAt === until) setArmed(true);
  }, armDelayMs);
}

/**
 * The window came back into view: hold input again, unless it waits for
 * the worker's answer to a decision (then it takes none).
 */
function holdAfterReturn(): void {
  if (shown !== undefined && armedAt !== Infinity) holdInput();
}

function showExpiry(): void {
  if (shown === undefined) {
    expiry.textContent = "";
    return;
  }
  const seconds = Math.max(0, Math.ceil((shown.expiresAt - Date.now()) / 1000));
  expiry.textContent = `This request expires in ${seconds} s.`;
}

function decide(decision: ApprovalCommand["decision"]): void {
  if (shown === undefined || performance.now() < armedAt) return;
  const stand = standFor.value;
  const command: ApprovalCommand = {
    type: "decide",
    claimId: shown.claimId,
    decision,
    ...(decision === "allow" && (stand === "1h" || stand === "8h") ? { standFor: stand } : {}),
  };
  // One answer per claim: wait for the worker's next state before taking another.
  armedAt = Infinity;
  setArmed(false);
  port.postMessage(command);
}

const port = chrome.runtime.connect({ name: approvalPortName });
port.onMessage.addListener((message: unknown) => {
  const state = ApprovalStateSchema.safeParse(message);
  if (state.success) render(state.data.claims);
});
port.onDisconnect.addListener(() => {
  void chrome.runtime.lastError;
  shown = undefined;
  armedAt = Infinity;
  setArmed(false);
  heading.textContent = "Leash is not running";
  claimCard.hidden = true;
});

// Not on `focus`: it comes with the person's own first click into the window (and with every
// DevTools input to a window that lost focus), so that click would never count.
document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "visible") holdAfterReturn();
});
allow.addEventListener("click", () => decide("allow"));
deny.addEventListener("click", () => decide("deny"));
setInterval(showExpiry, 1000);
