/**
 * Reads of a leased page: observe, read a window, capture, list frames. Not
 * served yet; they answer `UNSUPPORTED`.
 *
 * @module
 */
import type { Handlers } from "../../contracts/methods/define.ts";
import type { ClientMethods } from "../../contracts/methods/mod.ts";
import { type HandlerDeps, unsupported } from "./context.ts";

/** Handlers for the read methods. */
export function observeHandlers(
  _deps: HandlerDeps,
): Pick<
  Handlers<ClientMethods>,
  "browser.observe" | "browser.readPage" | "browser.capture" | "browser.frames"
> {
  return {
    "browser.observe": unsupported,
    "browser.readPage": unsupported,
    "browser.capture": unsupported,
    "browser.frames": unsupported,
  };
}
