/**
 * What the runtime handlers share across every connection of one Broker:
 * the action journal, the observation books (epochs, refs, cursors), the
 * tab queues, the page-window continuations and the settle book. Whatever
 * any of them keeps for a lease is dropped when that lease ends, however it
 * ends.
 *
 * @module
 */
import type { ActResult, BatchResult } from "../../contracts/methods/mod.ts";
import { limits } from "../../contracts/limits.ts";
import type { Journal } from "../journal/journal.ts";
import type { BrokerState, Unsubscribe } from "../authority/state.ts";
import { ContinuationBook } from "./page/continuations.ts";
import { ObserveBooks } from "./observe/observe.ts";
import { SettleBook } from "./page/settle.ts";
import { TabQueues } from "./queue.ts";

/** What the journal keeps for exact retries: an action's result, or a batch plan's. */
export type JournaledResult = ActResult | BatchResult;

/** Whether `result` is a batch plan's (an action's has no `steps`). */
export function isBatchResult(result: JournaledResult): result is BatchResult {
  return "steps" in result;
}

/** What {@linkcode RuntimeServices} is made of; all but the journal have defaults. */
export interface RuntimeServicesOptions {
  journal: Journal<JournaledResult>;
  books?: ObserveBooks;
  queues?: TabQueues;
  continuations?: ContinuationBook;
  settle?: SettleBook;
  /** How long a batch waits for one step's approval; default `limits.batchApprovalMs`. */
  batchApprovalMs?: number;
  /** The deadline one batch plan shares; default `limits.batchDeadlineMs`. */
  batchDeadlineMs?: number;
}

/** The runtime's shared state; see the module doc. */
export class RuntimeServices {
  /** Intents before dispatch, outcomes after, cached results for exact retries. */
  readonly journal: Journal<JournaledResult>;
  /** Document epochs with their refs, and observation cursors. */
  readonly books: ObserveBooks;
  /** One FIFO queue per tab. */
  readonly queues: TabQueues;
  /** `browser.readPage` continuations. */
  readonly continuations: ContinuationBook;
  /** Which leases' pages owe an observation a wait for their reaction. */
  readonly settle: SettleBook;
  /** How long a batch waits for one step's approval. */
  readonly batchApprovalMs: number;
  /** The deadline one batch plan shares across its approvals and steps. */
  readonly batchDeadlineMs: number;

  constructor(options: RuntimeServicesOptions) {
    this.journal = options.journal;
    this.books = options.books ?? new ObserveBooks();
    this.queues = options.queues ?? new TabQueues();
    this.continuations = options.continuations ?? new ContinuationBook();
    this.settle = options.settle ?? new SettleBook();
    this.batchApprovalMs = options.batchApprovalMs ?? limits.batchApprovalMs;
    this.batchDeadlineMs = options.batchDeadlineMs ?? limits.batchDeadlineMs;
  }

  /**
   * Lease `leaseId` ended: its queued work fails `LEASE_NOT_FOUND` (running
   * work is aborted), its continuations, epochs, refs and cursors go, and
   * the journal drops its cached results (exact retries then answer
   * `RECOVERY_REQUIRED`).
   */
  leaseEnded(leaseId: string): void {
    this.queues.endLease(leaseId);
    this.continuations.forgetLease(leaseId);
    this.books.forgetLease(leaseId);
    this.settle.forget(leaseId);
    this.journal.purgeLease(leaseId);
  }

  /** Call {@linkcode leaseEnded} for every lease of `state` that ends, until unsubscribed. */
  attach(state: BrokerState): Unsubscribe {
    return state.onLeaseEnded((lease) => this.leaseEnded(lease.leaseId));
  }
}
