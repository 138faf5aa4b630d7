/**
 * Test helper: one request begun, dispatched and completed.
 *
 * @module
 */
import type { Journal } from "./journal.ts";
import { sampleIntent } from "./_testing.ts";

/** Begin, dispatch and complete `requestId` with a small result; returns the entry ID. */
export function runOnce(journal: Journal, requestId: string): number {
  const decision = journal.begin(runOnce.intent(requestId));
  if (decision.kind !== "new") throw new Error(`expected a new entry, got ${decision.kind}`);
  journal.markDispatched(decision.entryId);
  journal.complete(decision.entryId, { status: "verified", result: { requestId } });
  return decision.entryId;
}
/** The intent {@linkcode runOnce} uses. */
runOnce.intent = (requestId: string) => sampleIntent(requestId);
