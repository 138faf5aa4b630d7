/**
 * The durable action journal: intent committed before dispatch, exact-retry
 * answers from a bounded in-memory result cache, crash recovery that never
 * replays, bounded retention, and the `leash journal` audit view.
 *
 * The `browser.act` handler, in a few lines:
 *
 * ```ts
 * const journal = Journal.open<ActResult>(journalPath(stateDir)); // at Broker start
 * // per request:
 * const intent: Intent = {
 *   journalScope: session.journalKey ?? connectionJournalScope(connectionEpoch),
 *   requestId: params.requestId,
 *   payloadHash: payloadHash(actPayload(params)),
 *   leaseId: params.leaseId, instance, tab, origin,
 *   action: summarizeAction(params.action, target), // target: the ref's observed role/name
 * };
 * return await runJournaled(journal, intent, {
 *   signal,
 *   authorize: () => requireOwnedLiveLease(session, params.leaseId),
 *   perform: async (beforeDispatch) => {
 *     const outcome = await performAction({ ...engineOptions, beforeDispatch });
 *     return { status: outcome.status, result: toActResult(outcome) };
 *   },
 * });
 * // on lease release / revoke: journal.purgeLease(leaseId); at shutdown: journal.close()
 * ```
 *
 * @module
 */
export { journalFileName, journalPath, journalUsage, runJournal } from "./audit.ts";
export { type AuditRecord, formatAudit, readAudit } from "./audit_view.ts";
export { type Durability, walSizeLimitBytes } from "./database.ts";
export { Journal, type JournalOptions } from "./journal.ts";
export { JournalOpenError, type JournalOpenProblem } from "./open_error.ts";
export { type ActPayload, actPayload, canonicalJson, payloadHash } from "./payload_hash.ts";
export { type CompactionReport, defaultRetention, type RetentionPolicy } from "./retention.ts";
export { defaultResultCacheLimits, type ResultCacheLimits } from "./result_cache.ts";
export { type JournaledAction, runJournaled } from "./run_journaled.ts";
export { schemaVersion } from "./schema.ts";
export { type ObservedTarget, summarizeAction } from "./summary.ts";
export {
  type ActionStatus,
  type ActionSummary,
  type BeginDecision,
  type Completion,
  connectionJournalScope,
  type EntryMeta,
  type Intent,
  type Outcome,
} from "./types.ts";
