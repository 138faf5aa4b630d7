/**
 * Input on a leased page: one action or a batch. Not served yet; they answer
 * `UNSUPPORTED`.
 *
 * @module
 */
import type { Handlers } from "../../contracts/methods/define.ts";
import type { ClientMethods } from "../../contracts/methods/mod.ts";
import { type HandlerDeps, unsupported } from "./context.ts";

/** Handlers for the action methods. */
export function actionHandlers(
  _deps: HandlerDeps,
): Pick<Handlers<ClientMethods>, "browser.act" | "browser.batch"> {
  return {
    "browser.act": unsupported,
    "browser.batch": unsupported,
  };
}
