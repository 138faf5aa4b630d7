/**
 * Claims waiting for the person's decision, shown one at a time in a single
 * approval window of the extension's own. The window opens with the first
 * claim, later claims queue in it, and it closes when none is left. Closing
 * the window denies every claim it held; a claim nobody answers times out.
 * Every outcome is explicit: the caller turns it into a wire code.
 *
 * @module
 */
import type { Approvals, ClaimPrompt, Decision } from "../provider/context.ts";
import { globalTimers, type Timers } from "./timers.ts";

/** A claim as the approval window shows it. */
export interface PendingClaim extends ClaimPrompt {
  claimId: string;
  /** When it times out, in ms since the epoch. */
  expiresAt: number;
}

/** What the queue needs from `chrome.windows`. */
export interface ApprovalWindows {
  /** Open the approval window; resolves with its window ID. */
  open(): Promise<number>;
  /** Bring it to the front. */
  focus(windowId: number): Promise<void>;
  /** Close it. */
  close(windowId: number): Promise<void>;
}

/** Options for {@linkcode ApprovalQueue}. */
export interface ApprovalQueueOptions {
  /** How long a claim waits for the person. Default 60 s. */
  timeoutMs?: number;
  now?: () => number;
  timers?: Timers;
  /** Runs whenever the pending list changes. */
  onChange?: (claims: PendingClaim[]) => void;
  /** Local diagnostics. */
  onDiagnostic?: (event: string, detail?: Record<string, unknown>) => void;
}

interface Waiting {
  claim: PendingClaim;
  settle: (decision: Decision) => void;
  timer: number;
}

/** The pending claims and their one window. */
export class ApprovalQueue implements Approvals {
  readonly #windows: ApprovalWindows;
  readonly #timeoutMs: number;
  readonly #now: () => number;
  readonly #timers: Timers;
  readonly #onChange: ApprovalQueueOptions["onChange"];
  readonly #onDiagnostic: ApprovalQueueOptions["onDiagnostic"];
  readonly #waiting = new Map<string, Waiting>();
  #windowId: number | undefined;
  #opening = false;
  #nextClaim = 0;

  constructor(windows: ApprovalWindows, options: ApprovalQueueOptions = {}) {
    this.#windows = windows;
    this.#timeoutMs = options.timeoutMs ?? 60_000;
    this.#now = options.now ?? Date.now;
    this.#timers = options.timers ?? globalTimers;
    this.#onChange = options.onChange;
    this.#onDiagnostic = options.onDiagnostic;
  }

  /** The approval window's ID while it is open. */
  get windowId(): number | undefined {
    return this.#windowId;
  }

  /** The claims waiting, oldest first; the window shows the first. */
  pending(): PendingClaim[] {
    return [...this.#waiting.values()].map((waiting) => waiting.claim);
  }

  /**
   * Ask the person. Resolves with their decision, `"closed"` when the window
   * closed first or could not open, or `"timeout"`. Rejects with the
   * signal's reason when `signal` aborts (the claim is withdrawn).
   */
  ask(prompt: ClaimPrompt, signal?: AbortSignal): Promise<Decision> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    const claimId = `claim-${++this.#nextClaim}-${randomSuffix()}`;
    const claim: PendingClaim = { ...prompt, claimId, expiresAt: this.#now() + this.#timeoutMs };
    return new Promise<Decision>((resolve, reject) => {
      const settle = (decision: Decision) => {
        signal?.removeEventListener("abort", onAbort);
        resolve(decision);
      };
      const onAbort = () => {
        if (this.#remove(claimId)) reject(signal?.reason);
      };
      const timer = this.#timers.setTimeout(() => {
        if (this.#remove(claimId)) settle("timeout");
      }, this.#timeoutMs);
      this.#waiting.set(claimId, { claim, timer, settle });
      signal?.addEventListener("abort", onAbort, { once: true });
      this.#changed();
      void this.#show();
    });
  }

  /**
   * The person answered `claimId`. Returns `false` when it is not pending
   * (already answered, timed out or withdrawn).
   */
  decide(claimId: string, decision: "allow" | "deny"): boolean {
    const waiting = this.#waiting.get(claimId);
    if (waiting === undefined) return false;
    this.#remove(claimId);
    waiting.settle(decision);
    return true;
  }

  /** A window closed; if it was ours, every claim it held is denied. */
  windowClosed(windowId: number): void {
    if (windowId !== this.#windowId) return;
    this.#windowId = undefined;
    this.#closeAll();
  }

  /** End every pending claim as `"closed"`. */
  #closeAll(): void {
    for (const waiting of [...this.#waiting.values()]) {
      this.#remove(waiting.claim.claimId, { keepWindow: true });
      waiting.settle("closed");
    }
  }

  /** Take a claim out of the queue; close the window when it was the last. */
  #remove(claimId: string, options: { keepWindow?: boolean } = {}): boolean {
    const waiting = this.#waiting.get(claimId);
    if (waiting === undefined) return false;
    this.#timers.clearTimeout(waiting.timer);
    this.#waiting.delete(claimId);
    this.#changed();
    if (this.#waiting.size === 0 && !options.keepWindow) void this.#hide();
    return true;
  }

  /** Open the window, or bring it forward when it is already open. */
  async #show(): Promise<void> {
    if (this.#opening) return;
    if (this.#windowId !== undefined) {
      await this.#windows.focus(this.#windowId).catch((error) => {
        this.#onDiagnostic?.("approval-focus-failed", { error });
      });
      return;
    }
    this.#opening = true;
    let windowId: number;
    try {
      windowId = await this.#windows.open();
    } catch (error) {
      // Nobody can answer without a window: the claims end as closed, never silently.
      this.#opening = false;
      this.#onDiagnostic?.("approval-open-failed", { error });
      this.#closeAll();
      return;
    }
    this.#opening = false;
    if (this.#waiting.size === 0) {
      await this.#windows.close(windowId).catch(() => {});
      return;
    }
    this.#windowId = windowId;
  }

  async #hide(): Promise<void> {
    const windowId = this.#windowId;
    if (windowId === undefined) return;
    this.#windowId = undefined;
    await this.#windows.close(windowId).catch((error) => {
      this.#onDiagnostic?.("approval-close-failed", { error });
    });
  }

  #changed(): void {
    this.#onChange?.(this.pending());
  }
}

function randomSuffix(): string {
  return crypto.getRandomValues(new Uint32Array(1))[0].toString(36);
}
