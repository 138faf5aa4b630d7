/**
 * The tab's session history as the `cdp` seam lets the Broker see and use
 * it: `Page.getNavigationHistory` answers with every entry outside the
 * lease's scope blanked (no URL, no title: other sites the person visited
 * in this tab are not the lease's to read), and
 * `Page.navigateToHistoryEntry` goes only to an entry inside the scope,
 * checked against the tab's history right before it is sent.
 *
 * @module
 */
import { z } from "zod";
import { LeashError } from "../../contracts/errors.ts";
import type { JsonObject } from "../../contracts/json.ts";
import type { LeaseScope } from "../../contracts/methods/common.ts";
import { inLeaseScope } from "../../contracts/scope.ts";

const HistorySchema = z.object({
  currentIndex: z.number().int(),
  entries: z.array(
    z.object({ id: z.number().int(), url: z.string(), title: z.string().optional() }),
  ),
});

/** `result` of `Page.getNavigationHistory` with the entries outside `scope` blanked. */
export function scopedHistory(result: unknown, scope: LeaseScope): JsonObject {
  const parsed = HistorySchema.safeParse(result);
  if (!parsed.success) throw new LeashError("INTERNAL", { cause: parsed.error });
  return {
    currentIndex: parsed.data.currentIndex,
    entries: parsed.data.entries.map((entry) =>
      inLeaseScope(scope, entry.url)
        ? { id: entry.id, url: entry.url, title: entry.title ?? "" }
        : { id: entry.id, url: "", title: "" }
    ),
  };
}

/**
 * Throw `CDP_FORBIDDEN` unless entry `entryId` of `history` (the tab's
 * `Page.getNavigationHistory` answer) lies inside `scope`.
 */
export function checkHistoryEntry(history: unknown, entryId: unknown, scope: LeaseScope): void {
  const parsed = HistorySchema.safeParse(history);
  const entry = parsed.success
    ? parsed.data.entries.find((candidate) => candidate.id === entryId)
    : undefined;
  if (entry === undefined || !inLeaseScope(scope, entry.url)) {
    throw new LeashError("CDP_FORBIDDEN", {
      cause: new Error("the history entry is not inside the lease"),
    });
  }
}
