/**
 * The journal intent of one `browser.act` request, recorded before any
 * check of the lease can throw (so an exact retry is answered from the
 * journal). A request on a lease this Broker does not know, or does not
 * give the caller, is recorded with the instance and tab `unknown`.
 *
 * @module
 */
import { actPayload, type Intent, payloadHash, summarizeAction } from "../../journal/mod.ts";
import type { OwnedLease } from "../../authority/owned_lease.ts";
import type { ObserveBooks } from "../observe/observe.ts";
import { refOf } from "../../../contracts/methods/mod.ts";
import type { ActParams } from "./act.ts";

/** What the audit records for a lease this Broker does not know. */
const unknownPlace = "unknown";

/** Who asks, on which lease, and where the lease's refs are kept. */
export interface IntentContext {
  /** The caller's journal scope (its session's). */
  journalScope: string;
  /** The caller's live lease, or `undefined` when it owns none by that ID. */
  held: OwnedLease | undefined;
  books: ObserveBooks;
}

/** The intent of `params`, as the journal records it. */
export function actIntent(params: ActParams, context: IntentContext): Intent {
  const { held, books } = context;
  const ref = refOf(params.action);
  // Only the lease's owner may see an element's name, in the audit as anywhere else.
  const target = ref === undefined || held === undefined
    ? undefined
    : books.epochs.resolve(params.leaseId, params.documentEpoch, ref);
  const scope = held?.lease.scope;
  return {
    journalScope: context.journalScope,
    requestId: params.requestId,
    payloadHash: payloadHash(actPayload(params)),
    leaseId: params.leaseId,
    instance: held?.lease.instance ?? unknownPlace,
    tab: held?.lease.tab ?? unknownPlace,
    origin: scope?.kind === "origin" ? scope.origin : undefined,
    action: summarizeAction(params.action, target),
  };
}
