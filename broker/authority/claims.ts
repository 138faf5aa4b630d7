/**
 * Claims: a client asks for a lease on a tab and waits while the provider
 * (in restricted mode, the person) decides. A claim holds a pending-claim
 * slot and a reserved lease (ID, fence, lease-budget slot) from the moment it
 * is admitted; both budgets refuse with `QUEUE_FULL` and never evict. The
 * provider's `lease.grant` runs under one abort signal tied to the client's
 * cancel and disconnect, `browser.releaseSession`, the provider's disconnect
 * and the Broker's shutdown, and under a deadline longer than the
 * extension's own approval timeout.
 *
 * Choices made here:
 * - `scope: "tab"` outside personal mode is `UNSUPPORTED` (the extension
 *   answers the same): the access mode that allows it was not negotiated.
 * - A tab named by a live lease or a waiting claim of another session is
 *   `TAB_LEASED`, so the person is never asked twice for one tab. The same
 *   session claiming again supersedes its own lease once the new grant
 *   arrives; a grant older (lower fence) than the session's live lease on
 *   that tab is withdrawn and answered `STALE_LEASE`.
 * - A provider's refusal code goes to the client as is. A grant that ends
 *   any other way (abort, deadline, lost connection) may have gone through
 *   at the provider, so it is withdrawn with `lease.revoke`; so is a grant
 *   that breaks the rules (wrong tab, tab scope in restricted mode, a URL
 *   outside the granted scope: `INTERNAL`) or that lost a race for its tab.
 *
 * - `browser.open` is a claim on a tab the provider opens (`lease.open`):
 *   the same budgets, deadline and withdrawal, and its origin lease must be
 *   the requested URL's origin, else it is withdrawn (`INTERNAL`).
 *
 * @module
 */
import { limits } from "../../contracts/limits.ts";
import { isLeashError, LeashError } from "../../contracts/errors.ts";
import type { Lease, LeaseScope } from "../../contracts/methods/common.ts";
import type { ClientMethods, ParamsOf, ResultOf } from "../../contracts/methods/mod.ts";
import type { ProviderMethods } from "../../contracts/methods/mod.ts";
import type { AccessMode } from "../../contracts/negotiate.ts";
import type { Admission } from "./admission.ts";
import { httpOrigin } from "../../contracts/origin.ts";
import { inLeaseScope } from "../../contracts/scope.ts";
import {
  type LeaseOwner,
  type LeaseReservation,
  type LeaseTable,
  publicLease,
  sameOwner,
} from "./leases.ts";
import type { Logger } from "../../local/log.ts";
import type { ProviderEntry, ProviderRegistry } from "./registry.ts";
import { revokeAtProvider } from "./revocation.ts";

/** What a client sends with `browser.claim`. */
export type ClaimParams = ParamsOf<ClientMethods, "browser.claim">;
/** What a client sends with `browser.open`. */
export type OpenParams = ParamsOf<ClientMethods, "browser.open">;
type Granted = ResultOf<ProviderMethods, "lease.grant">;

/** The `clientName` the person sees when a client names none. */
export const defaultClientName = "agent";

/** Longer than the extension's ~60 s approval timeout, so its `CLAIM_TIMEOUT` arrives first. */
export const defaultGrantTimeoutMs = 90_000;

/** What the claim table works with. */
export interface ClaimTableOptions {
  admission: Admission;
  registry: ProviderRegistry;
  leases: LeaseTable;
  accessMode: AccessMode;
  /** Deadline for one `lease.grant`; default {@linkcode defaultGrantTimeoutMs}. */
  grantTimeoutMs?: number;
  logger: Logger;
}

/** A claim waiting for its provider, as the table lists it. */
export interface PendingClaim extends LeaseOwner {
  instance: string;
  /** The tab it named; `undefined` for the active tab. */
  tab: string | undefined;
}

interface Waiting {
  claim: PendingClaim;
  reservation: LeaseReservation;
  controller: AbortController;
}

/** The claims waiting for a provider's answer. */
export class ClaimTable {
  readonly #options: ClaimTableOptions;
  readonly #grantTimeoutMs: number;
  readonly #waiting = new Set<Waiting>();

  constructor(options: ClaimTableOptions) {
    this.#options = options;
    this.#grantTimeoutMs = options.grantTimeoutMs ?? defaultGrantTimeoutMs;
  }

  /**
   * Claim a tab for session `params.sessionId` of connection `conn`.
   * Resolves with the lease (no fence); rejects with `LeashError`:
   * `INSTANCE_NOT_FOUND`, `UNSUPPORTED`, `TAB_LEASED`, `QUEUE_FULL`, the
   * provider's code (`CLAIM_DENIED`, `CLAIM_TIMEOUT`, …), `TIMEOUT`,
   * `CONNECTION_LOST` (the claimant left), `INSTANCE_NOT_FOUND` (also when
   * the browser leaves while the claim waits), `CANCELLED`, `STALE_LEASE` or
   * `INTERNAL`.
   */
  claim(conn: string, params: ClaimParams, signal: AbortSignal): Promise<Lease> {
    return this.#take(conn, params, undefined, signal);
  }

  /**
   * Open a new tab at `params.url` and lease it for session
   * `params.sessionId` of connection `conn`, through the provider's
   * `lease.open`; it answers as {@linkcode claim} does, and the provider's
   * `NAVIGATION_FAILED` too. The lease's origin must be the URL's.
   */
  open(conn: string, params: OpenParams, signal: AbortSignal): Promise<Lease> {
    const { url, ...claim } = params;
    return this.#take(conn, claim, url, signal);
  }

  async #take(
    conn: string,
    params: ClaimParams,
    url: string | undefined,
    signal: AbortSignal,
  ): Promise<Lease> {
    const { admission, registry, leases } = this.#options;
    const owner: LeaseOwner = { owner: conn, sessionId: params.sessionId };
    const provider = registry.get(params.instance);
    if (provider === undefined) throw new LeashError("INSTANCE_NOT_FOUND");
    const scope = params.scope ?? "origin";
    if (scope === "tab" && this.#options.accessMode !== "personal") {
      throw new LeashError("UNSUPPORTED");
    }
    if (params.tab !== undefined && this.#heldByOther(owner, params.instance, params.tab)) {
      throw new LeashError("TAB_LEASED");
    }
    if (this.#waitingOn(params.instance) >= limits.maxPendingClaimsPerProvider) {
      throw new LeashError("QUEUE_FULL");
    }
    const releaseClaim = admission.tryAcquire("claims");
    if (releaseClaim === undefined) throw new LeashError("QUEUE_FULL");
    let reservation: LeaseReservation;
    try {
      reservation = leases.reserve({ ...owner, instance: params.instance, tab: params.tab });
    } catch (error) {
      releaseClaim();
      throw error;
    }
    const waiting: Waiting = {
      claim: { ...owner, instance: params.instance, tab: params.tab },
      reservation,
      controller: new AbortController(),
    };
    const follow = () => waiting.controller.abort(signal.reason);
    if (signal.aborted) follow();
    else signal.addEventListener("abort", follow, { once: true });
    this.#waiting.add(waiting);
    try {
      return await this.#grant(waiting, provider, { params, url }, scope);
    } finally {
      signal.removeEventListener("abort", follow);
      this.#waiting.delete(waiting);
      releaseClaim();
      leases.cancel(reservation);
    }
  }

  /** How many claims wait on the provider of `instance`. */
  #waitingOn(instance: string): number {
    let count = 0;
    for (const waiting of this.#waiting) if (waiting.claim.instance === instance) count++;
    return count;
  }

  /** Abort every waiting claim `matches` selects with `reason`; returns how many. */
  abortWhere(matches: (claim: PendingClaim) => boolean, reason: LeashError): number {
    let aborted = 0;
    for (const waiting of [...this.#waiting]) {
      if (!matches(waiting.claim) || waiting.controller.signal.aborted) continue;
      waiting.controller.abort(reason);
      aborted++;
    }
    return aborted;
  }

  /** The claims waiting now, oldest first. */
  list(): PendingClaim[] {
    return [...this.#waiting].map((waiting) => waiting.claim);
  }

  /** How many claims are waiting. */
  get size(): number {
    return this.#waiting.size;
  }

  async #grant(
    waiting: Waiting,
    provider: ProviderEntry,
    { params, url }: { params: ClaimParams; url: string | undefined },
    scope: "origin" | "tab",
  ): Promise<Lease> {
    const { leases, registry, logger } = this.#options;
    const { reservation, controller } = waiting;
    const asked = {
      lease: reservation.token,
      scope,
      clientName: params.clientName ?? defaultClientName,
      mcpClientName: params.mcpClientName,
      reason: params.reason,
      ...(params.capture === true ? { capture: true } : {}),
    };
    const options = { signal: controller.signal, timeoutMs: this.#grantTimeoutMs };
    let granted: Granted;
    try {
      granted = url === undefined
        ? await provider.link.request("lease.grant", { ...asked, tab: params.tab }, options)
        : await provider.link.request("lease.open", { ...asked, url }, options);
    } catch (error) {
      // A refusal from the provider means it holds nothing; anything else
      // leaves open whether the grant went through before it was given up.
      if (controller.signal.aborted || !isProviderAnswer(error)) this.#withdraw(provider, waiting);
      logger.log("info", "claim-refused", { conn: waiting.claim.owner, code: codeOf(error) });
      // Given up: say why (the claimant left or released its session, or the browser left).
      if (controller.signal.aborted) throw abortReason(controller.signal);
      // The browser's link closed under the claim before the Broker saw it leave; the
      // claimant's own connection is fine, so "reconnect" would mislead.
      if (isLeashError(error, "CONNECTION_LOST")) {
        throw new LeashError("INSTANCE_NOT_FOUND", { cause: error });
      }
      throw error;
    }
    const refusal = controller.signal.aborted
      ? abortReason(controller.signal)
      : registry.get(reservation.instance) !== provider
      ? new LeashError("INSTANCE_NOT_FOUND")
      : this.#judge(waiting, params, granted, url);
    if (refusal !== undefined) {
      this.#withdraw(provider, waiting);
      logger.log("warn", "grant-withdrawn", { conn: waiting.claim.owner, code: refusal.code });
      throw refusal;
    }
    const superseded = leases.onTab(reservation.instance, granted.tab);
    const lease = leases.activate(reservation, granted);
    for (const old of superseded) leases.end(old.leaseId, "superseded");
    logger.log("info", "claim-granted", { conn: waiting.claim.owner, fence: lease.fence });
    return publicLease(lease);
  }

  /** Why a grant cannot become a live lease, or `undefined` when it can. */
  #judge(
    waiting: Waiting,
    params: ClaimParams,
    granted: Granted,
    opened: string | undefined,
  ): LeashError | undefined {
    const { reservation, claim } = waiting;
    if (!this.#fits(params, granted.scope, granted.url)) return new LeashError("INTERNAL");
    // An opened tab's lease covers the origin the client asked for, never one a redirect chose.
    if (
      opened !== undefined && granted.scope.kind === "origin" &&
      granted.scope.origin !== httpOrigin(opened)
    ) {
      return new LeashError("INTERNAL");
    }
    if (params.tab !== undefined && granted.tab !== params.tab) return new LeashError("INTERNAL");
    const onTab = this.#options.leases.onTab(reservation.instance, granted.tab);
    if (onTab.some((lease) => !sameOwner(lease, claim))) return new LeashError("TAB_LEASED");
    if (onTab.some((lease) => lease.fence > reservation.fence)) {
      return new LeashError("STALE_LEASE");
    }
    return undefined;
  }

  /**
   * Whether a granted scope keeps the rules: restricted mode and origin
   * claims yield an origin lease, and the page it was granted on is inside it.
   */
  #fits(params: ClaimParams, scope: LeaseScope, url: string): boolean {
    const originOnly = this.#options.accessMode !== "personal" || params.scope !== "tab";
    if (originOnly && scope.kind !== "origin") return false;
    if (scope.kind === "origin" && httpOrigin(scope.origin) !== scope.origin) return false;
    return inLeaseScope(scope, url);
  }

  #heldByOther(owner: LeaseOwner, instance: string, tab: string): boolean {
    const { leases } = this.#options;
    const live = leases.onTab(instance, tab);
    const reserved = leases.reservedOnTab(instance, tab);
    return [...live, ...reserved].some((held) => !sameOwner(held, owner));
  }

  /** Ask the provider to drop a grant the Broker will not keep, again while its link is full. */
  #withdraw(provider: ProviderEntry, waiting: Waiting): void {
    const { logger } = this.#options;
    revokeAtProvider(provider.link, { lease: waiting.reservation.token }).catch((error) => {
      // A provider that left ended the grant with its link; anything else may leave it held.
      const level = isLeashError(error, "CONNECTION_LOST") ? "debug" : "warn";
      logger.log(level, "grant-withdraw-failed", { conn: provider.conn, code: codeOf(error) });
    });
  }
}

/**
 * Whether `error` says the provider holds nothing: its own refusal, or
 * `QUEUE_FULL`, which (from this side's link or the provider's) means the
 * grant never ran. A call given up (deadline, abort, lost connection) or
 * answered with a malformed result may have gone through.
 */
function isProviderAnswer(error: unknown): boolean {
  return error instanceof LeashError &&
    !["TIMEOUT", "CANCELLED", "CONNECTION_LOST", "INVALID_RESULT"].includes(error.code);
}

function abortReason(signal: AbortSignal): LeashError {
  const reason: unknown = signal.reason;
  return reason instanceof LeashError ? reason : new LeashError("CANCELLED", { cause: reason });
}

function codeOf(error: unknown): string {
  return isLeashError(error) ? error.code : "INTERNAL";
}
