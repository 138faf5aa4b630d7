/**
 * `reload`, `back` and `forward`: the tab's session history, only inside
 * the lease's scope. `back` and `forward` read the history first (the
 * provider shows entries outside the scope blank) and refuse before
 * anything is sent when there is no entry that way
 * (`TARGET_NOT_INTERACTABLE`, `noHistory`) or when it lies outside the
 * lease (`OUT_OF_SCOPE`, `otherOrigin`); the provider checks the entry
 * again as it goes there. A reload loads the leased page again.
 *
 * DevTools answers these commands as soon as the navigation starts, so the
 * postcondition waits a bounded moment for the tab to show where it went:
 * the entry's URL, or for a reload a new document.
 *
 * @module
 */
import { z } from "zod";
import { delay } from "../../../contracts/delay.ts";
import { LeashError } from "../../../contracts/errors.ts";
import type { Action } from "../../../contracts/methods/mod.ts";
import { inLeaseScope } from "../../../contracts/scope.ts";
import { readDocument } from "../document.ts";
import { AnyAnswer, call } from "./cdp.ts";
import type { Postcondition, StepContext } from "./step.ts";

/** How long a history step's postcondition waits for the tab to get there. */
export const historyArrivalMs = 3_000;

/** How often it looks meanwhile. */
const lookEveryMs = 50;

const HistoryAnswer = z.object({
  currentIndex: z.number().int(),
  entries: z.array(z.object({ id: z.number().int().positive(), url: z.string() })),
});

/** Whether `arrived` holds within {@linkcode historyArrivalMs}, looking every few ms. */
async function within(arrived: () => Promise<boolean>, signal?: AbortSignal): Promise<boolean> {
  const deadline = Date.now() + historyArrivalMs;
  while (true) {
    if (await arrived()) return true;
    if (Date.now() >= deadline) return false;
    await delay(lookEveryMs, signal);
  }
}

/** Load the leased page again; verified once the tab shows a new document. */
export async function reload(context: StepContext): Promise<Postcondition> {
  const { cdp, signal } = context;
  const before = await readDocument(cdp, signal);
  await context.gate.open(signal);
  await call(cdp, "Page.reload", {}, AnyAnswer, signal);
  return {
    name: "url",
    read: () =>
      within(async () => {
        const after = await readDocument(cdp, signal);
        return after.loaderId !== before.loaderId && after.url === before.url;
      }, signal),
  };
}

/** Go one entry back or forward in the tab's history, only to an entry inside the lease. */
export async function traverse(
  context: StepContext,
  action: Extract<Action, { kind: "back" | "forward" }>,
): Promise<Postcondition> {
  const { cdp, signal } = context;
  const history = await call(cdp, "Page.getNavigationHistory", {}, HistoryAnswer, signal);
  const index = history.currentIndex + (action.kind === "back" ? -1 : 1);
  const entry = history.entries[index];
  if (entry === undefined) {
    throw new LeashError("TARGET_NOT_INTERACTABLE", { detail: { reason: "noHistory" } });
  }
  // The provider blanks entries outside the scope, so a blank URL is outside too.
  if (!inLeaseScope(context.leaseScope, entry.url)) {
    throw new LeashError("OUT_OF_SCOPE", { detail: { reason: "otherOrigin" } });
  }
  await context.gate.open(signal);
  await call(cdp, "Page.navigateToHistoryEntry", { entryId: entry.id }, AnyAnswer, signal);
  return {
    name: "url",
    read: () =>
      within(async () => {
        const after = await readDocument(cdp, signal);
        return after.url + after.urlFragment === entry.url;
      }, signal),
  };
}
