/**
 * `navigate`: load a URL in the leased tab, only inside the lease's scope.
 *
 * @module
 */
import { LeashError } from "../../../contracts/errors.ts";
import type { Action } from "../../../contracts/methods/mod.ts";
import { httpOrigin } from "../../../contracts/origin.ts";
import { navigationTarget } from "../../../contracts/scope.ts";
import { call, NavigateAnswer } from "./cdp.ts";
import { readDocument } from "../document.ts";
import type { Postcondition, StepContext } from "./step.ts";

type ActionOf<K extends Action["kind"]> = Extract<Action, { kind: K }>;

/**
 * Check the URL against the lease's scope (`OUT_OF_SCOPE` before anything
 * is sent; for an HTTP(S) URL of another origin its detail, `offOrigin`,
 * says to open it with `browser.open`), then navigate. Verified when DevTools reports no error and the
 * main frame then shows exactly that URL (a redirect leaves it unverified).
 */
export async function navigate(
  context: StepContext,
  action: ActionOf<"navigate">,
): Promise<Postcondition> {
  const url = navigationTarget(context.leaseScope, action.url);
  if (url === undefined) {
    // Another site is for a tab of its own (`browser.open`), which the reader is told.
    throw new LeashError("OUT_OF_SCOPE", {
      cause: new Error("the URL is not an HTTP(S) URL inside the lease's scope"),
      ...(httpOrigin(action.url) === undefined ? {} : { detail: { reason: "offOrigin" } }),
    });
  }
  await context.gate.open(context.signal);
  const answer = await call(context.cdp, "Page.navigate", { url }, NavigateAnswer, context.signal);
  const failed = answer.errorText !== undefined && answer.errorText !== "";
  return {
    name: "url",
    read: async () => {
      if (failed) return false;
      const document = await readDocument(context.cdp, context.signal);
      return document.url + document.urlFragment === url;
    },
  };
}
