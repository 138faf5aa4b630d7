/**
 * Telling Chrome's own refusals of a debugger command from the page's
 * DevTools errors. `chrome.debugger.sendCommand` rejects with a protocol
 * error serialised as JSON (`{"code":-32000,"message":"No node with given
 * id found"}`): that is the page answering, and callers map it (a missing
 * node is a stale target). Chrome refuses in plain words when the debugger
 * may not see the tab at all, e.g. `Cannot access a chrome-extension:// URL
 * of different extension` while the page embeds another extension's frame.
 * That is not our fault and not the page's answer: the agent is told
 * `DEBUGGER_UNAVAILABLE`, and the lease stays (the page may remove the
 * frame again).
 *
 * @module
 */
import { LeashError } from "../../contracts/errors.ts";

/** `error` as `DEBUGGER_UNAVAILABLE` when Chrome refused access to the tab; else unchanged. */
export function debuggerRefusal(error: unknown): unknown {
  const message = error instanceof Error ? error.message : undefined;
  if (message !== undefined && message.startsWith("Cannot access ")) {
    return new LeashError("DEBUGGER_UNAVAILABLE", { cause: error });
  }
  return error;
}
