/**
 * Provider methods this build does not implement yet: frame discovery,
 * child-frame reads and clicks. They check the fence first,
 * so a stale holder still learns `STALE_LEASE`, then answer `UNSUPPORTED`.
 *
 * @module
 */
import { LeashError } from "../../contracts/errors.ts";
import type { LeaseToken } from "../../contracts/methods/common.ts";
import type { ProviderContext } from "./context.ts";

/** The methods answered by {@linkcode unsupported}. */
export const unsupportedMethods = [
  "frames.list",
  "ax.frame",
  "ax.frame.page",
  "ax.frame.text",
  "ax.frame.find",
  "ax.frame.subtree",
  "frame.click.prepare",
  "frame.click",
  "frame.geometry",
] as const;

/** Check the lease, then refuse with `UNSUPPORTED`. */
export function unsupported(context: ProviderContext, params: { lease: LeaseToken }): never {
  context.leases.check(params.lease, context.link.generation);
  throw new LeashError("UNSUPPORTED");
}
