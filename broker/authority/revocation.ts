/**
 * Revoking at the provider. A lease the Broker ends, or a grant it
 * withdraws, must end in the browser too: otherwise the extension keeps a
 * debugger attached for a lease nobody holds any more.
 *
 * The provider's link carries at most `limits.maxInFlight` calls each way,
 * and a burst of ends (many clients leaving at once, each with claims under
 * way) fills it. A `lease.revoke` refused for room (`QUEUE_FULL`, here or
 * at the provider, which then ran nothing) is therefore sent again after a
 * short, growing pause, until the provider answers, its link closes (the
 * extension ends every lease when its Broker goes) or the deadline passes.
 * A revoke is idempotent at the provider: it names the lease's fence.
 *
 * @module
 */
import { isLeashError } from "../../contracts/errors.ts";
import { delay } from "../../contracts/delay.ts";
import type { ParamsOf, ProviderMethods, ResultOf } from "../../contracts/methods/mod.ts";
import type { ProviderLink } from "./registry.ts";

type RevokeParams = ParamsOf<ProviderMethods, "lease.revoke">;
type RevokeResult = ResultOf<ProviderMethods, "lease.revoke">;

/** How long a revoke keeps being offered to a full link, in all. */
export const revokeDeadlineMs = 30_000;

/** The first pause after a refusal for room; it doubles up to {@linkcode maxPauseMs}. */
const firstPauseMs = 10;
const maxPauseMs = 500;

/**
 * Send `lease.revoke` on `link`, again while it is refused for room.
 * Rejects with the last error: the provider's own code, `TIMEOUT`,
 * `CONNECTION_LOST`, or `QUEUE_FULL` once `deadlineMs` passed.
 */
export async function revokeAtProvider(
  link: ProviderLink,
  params: RevokeParams,
  deadlineMs: number = revokeDeadlineMs,
): Promise<RevokeResult> {
  const deadline = Date.now() + deadlineMs;
  for (let pause = firstPauseMs;; pause = Math.min(pause * 2, maxPauseMs)) {
    const left = deadline - Date.now();
    try {
      return await link.request("lease.revoke", params, { timeoutMs: Math.max(left, 1) });
    } catch (error) {
      if (!isLeashError(error, "QUEUE_FULL") || Date.now() + pause >= deadline) throw error;
    }
    // Spread the retries of a burst so they do not all meet the full link again at once.
    await delay(pause / 2 + Math.random() * pause / 2);
  }
}
