/**
 * `STALE_TARGET`: what a read or an action answers when the document or the
 * element it names is no longer the lease's.
 *
 * @module
 */
import { LeashError } from "../../contracts/errors.ts";

/** `STALE_TARGET` with a local reason for the logs. */
export function staleTarget(reason: string): LeashError {
  return new LeashError("STALE_TARGET", { cause: new Error(reason) });
}
