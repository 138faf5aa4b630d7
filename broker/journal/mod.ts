/**
 * The durable action journal: intent committed before dispatch, exact-retry
 * answers from a bounded in-memory result cache, crash recovery that never
 * replays, bounded retention, and the `leash journal` audit view.
 *
 * The `browser.act` handler, in a few lines:
 *
 * ```ts
 * import type { ActResult, ClientMethods, ParamsOf } from "../../contracts/mod.ts";
 *
 * interface ActRequest {
 *   params: ParamsOf<ClientMethods, "browser.act">;
 *   session: { journalKey?: string; connectionEpoch: string };
 *   lease: { instance: string; tab: string; origin: string };
 *   target?: ObservedTarget; // the observed role and name of the element the ref names
 *   signal: AbortSignal;
 *   // The action engine, which calls `beforeDispatch` right before the first input.
 *   perform(beforeDispatch: () => void): Promise<Completion<ActResult>>;
 * }
 *
 * const journal = Journal.open<ActResult>(journalPath("/var/lib/leash")); // at Broker start
 *
 * function act({ params, session, lease, target, signal, perform }: ActRequest) {
 *   const intent: Intent = {
 *     journalScope: session.journalKey ?? connectionJournalScope(session.connectionEpoch),
 *     requestId: params.requestId,
 *     payloadHash: payloadHash(actPayload(params)),
 *     leaseId: params.leaseId,
 *     ...lease,
 *     action: summarizeAction(params.action, target),
 *   };
 *   return runJournaled(journal, intent, {
 *     signal,
 *     authorize: () => {}, // throws unless the session still owns the live lease
 *     perform,
 *   });
 * }
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
export {
  type ActPayload,
  actPayload,
  canonicalJson,
  digestOf,
  payloadHash,
} from "./payload_hash.ts";
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
