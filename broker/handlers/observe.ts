/**
 * `browser.observe`: a token-budgeted observation of the leased page, read
 * in the tab's queue so it never interleaves with an action on the same
 * tab (the reads: `broker/runtime/observe/read.ts`). A change the page
 * still owes a wait (`broker/runtime/page/settle.ts`) is waited out first.
 * The first look at a page that shows nothing yet looks again, every
 * {@linkcode blankLook}`.pollMs` for up to `waitMs`, until it shows something.
 * With `frame`, the child document is observed instead, with `query` and
 * `rootRef` within it (`broker/runtime/frames/observe_frame.ts`).
 * With `until`, the observation waits for its condition first
 * (`broker/runtime/observe/until.ts`), outside the queue between looks.
 *
 * @module
 */
import { delay } from "../../contracts/delay.ts";
import type { Handlers } from "../../contracts/methods/define.ts";
import type { ClientMethods } from "../../contracts/methods/mod.ts";
import { observeFrame } from "../runtime/frames/observe_frame.ts";
import { onTab } from "../runtime/lease_calls.ts";
import { observeLease } from "../runtime/observe/read.ts";
import { settleOwed } from "../runtime/page/settle.ts";
import { scopeFromParams } from "../runtime/observe/scope.ts";
import { observeUntil } from "../runtime/observe/until.ts";
import { type HandlerDeps, runtimeOf } from "./context.ts";

/** How long, and how often, a first look at a page showing nothing looks again. */
export const blankLook = { waitMs: 3_000, pollMs: 200 } as const;

/** The handler for `browser.observe`. */
export function observeHandlers(
  deps: HandlerDeps,
): Pick<Handlers<ClientMethods>, "browser.observe"> {
  return {
    "browser.observe": (params, { signal }) => {
      const runtime = runtimeOf(deps);
      const held = deps.requireLease(params);
      const frame = params.frame;
      const scope = scopeFromParams({ query: params.query, rootRef: params.rootRef });
      runtime.settle.watch(deps.state, held.lease.leaseId);
      const observe = async (work: AbortSignal) => {
        await settleOwed(held, runtime.settle, work);
        if (frame !== undefined) {
          const { since, maxTokens, query, rootRef } = params;
          return observeFrame(
            held,
            runtime.books,
            { frame, since, maxTokens, query, rootRef },
            work,
          );
        }
        const look = () =>
          observeLease(held, runtime.books, {
            scope,
            since: params.since,
            maxTokens: params.maxTokens,
          }, work);
        let observation = await look();
        // A first look at a page that shows nothing yet (components whose code comes after its
        // load event, a body hidden until then) looks again for a while, as a person waits.
        const first = scope.kind === "page" && params.since === undefined &&
          runtime.books.cursors.history(held.lease.leaseId, observation.documentEpoch, scope)
              .length === 1;
        const began = runtime.settle.now();
        while (
          first && observation.nodes.length === 0 &&
          runtime.settle.now() - began < blankLook.waitMs
        ) {
          await delay(blankLook.pollMs, work);
          observation = await look();
        }
        return observation;
      };
      if (params.until === undefined) return onTab(runtime, held, signal, observe);
      return observeUntil(held, params.until, {
        state: deps.state,
        onTab: (work) => onTab(runtime, held, signal, work),
        resolveRef: (ref) => runtime.books.epochs.locate(held.lease.leaseId, ref)?.target,
        observe,
        now: () => runtime.settle.now(),
      }, signal);
    },
  };
}
