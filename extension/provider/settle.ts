/**
 * `page.settle`: wait, bounded, for the leased page's own reaction to a
 * change (an action, a navigation) to settle before the Broker reads it.
 * Settled means, at one moment: no request that started since the change
 * (`sinceMs` ago, so no clocks are compared) is still open, and the
 * document went `quietMs` without a mutation with no transition or
 * animation started since the change still running — and, with `holdMs`,
 * not before that long since the wait began (a search a page starts on a
 * timer after typing must be seen to start).
 *
 * The loop: wait for the open requests (polled; the worker counts them
 * from the tab's `Network` events), then run `settlePageFunction` on the
 * document (in the provider's isolated world when one is known there),
 * which resolves once the DOM is quiet (counted from the action's last
 * input when its input clock runs there, `input_clock.ts`); if a request
 * started meanwhile, go round again. Every wait stops at the bound, and the page
 * function is awaited only until the bound: a page that never lets it
 * resolve (a hidden tab's throttled timers, a replaced `setTimeout`) only
 * makes the answer "not settled". Then the answer says what was still
 * going on: counts and flags, never page content.
 *
 * @module
 */
import { delay } from "../../contracts/delay.ts";
import { z } from "zod";
import { LeashError } from "../../contracts/errors.ts";
import { inLeaseScope } from "../../contracts/scope.ts";
import type { ParamsOf, ProviderMethods, SettleResult } from "../../contracts/methods/mod.ts";
import { settlePageFunction } from "../../contracts/methods/page_functions.ts";
import type { ProviderContext } from "./context.ts";
import { abortReason, operationSignal, untilAborted } from "./guard.ts";
import type { IsolatedWorlds } from "./isolated_world.ts";

type SettleParams = ParamsOf<ProviderMethods, "page.settle">;

/** How often open requests are looked at again while some are open. */
export const settlePollMs = 20;

/**
 * How much earlier than the wait's bound (`left` ms away) the page function
 * stops, so its answer (what was still going on) gets here before the bound:
 * a quarter of what is left, between 30 and 150 ms — a busy machine's
 * round trip through the debugger takes tens of milliseconds.
 */
export function answerMargin(left: number): number {
  return Math.round(Math.min(150, Math.max(30, left / 4)));
}

/** What the provider's own bound adds for the commands around the wait. */
const commandGraceMs = 5_000;

/** Sleep `ms`, or reject with the signal's reason. */
export type Sleep = (ms: number, signal: AbortSignal) => Promise<void>;

/** A real sleep on the worker's timers (not the page's: those may be throttled). */
export const realSleep: Sleep = delay;

/** What {@linkcode settlePage} works with besides the request. */
export interface SettleOptions {
  signal: AbortSignal;
  sleep?: Sleep;
  /**
   * The provider's isolated worlds: the page function runs in the tab's
   * known one, where the input clock an action set is (`input_clock.ts`);
   * without one, or when it is gone, in the page's own world, counting its
   * quiet from its start.
   */
  worlds?: IsolatedWorlds;
}

const ProbeAnswer = z.object({
  result: z.object({
    value: z.object({ quiet: z.boolean(), mutating: z.boolean(), animating: z.boolean() }),
  }),
  exceptionDetails: z.undefined().optional(),
});

/** What one run of the page function saw; `undefined` when it gave no answer in time. */
type Probe = z.infer<typeof ProbeAnswer>["result"]["value"] | undefined;

/** Wait for the page's reaction (see the module doc). */
export async function settlePage(
  context: ProviderContext,
  params: SettleParams,
  options: SettleOptions,
): Promise<SettleResult> {
  const record = context.leases.check(params.lease, context.link.generation);
  const sleep = options.sleep ?? realSleep;
  const { quietMs, timeoutMs, sinceMs } = params.request;
  const holdMs = params.request.holdMs ?? 0;
  const start = context.now();
  const since = start - sinceMs;
  const deadline = start + timeoutMs;
  const signal = operationSignal(options.signal, record.signal, timeoutMs + commandGraceMs);
  const tab = await untilAborted(context.browser.getTab(record.tabId), signal);
  if (tab === undefined) throw new LeashError("TAB_NOT_FOUND");
  context.leases.assertInScope(record, tab.url);

  const pause = async (ms: number) => {
    try {
      await sleep(Math.max(0, ms), signal);
    } catch {
      throw abortReason(signal);
    }
  };
  let requests = 0;
  let mutating = false;
  let animating = false;
  while (true) {
    requests = context.requests.open(record.tabId, since);
    const left = deadline - context.now();
    if (left <= 0) break;
    if (requests > 0) {
      await pause(Math.min(settlePollMs, left));
      continue;
    }
    const probe = await probePage(context, {
      tabId: record.tabId,
      quietMs,
      left,
      sinceMs: context.now() - since,
      signal,
      sleep,
      worlds: options.worlds,
      inScope: (url) => inLeaseScope(record.scope, url),
    });
    if (probe === "failed") {
      // The document is being replaced, or the page broke the function: look again shortly.
      await pause(Math.min(settlePollMs, deadline - context.now()));
      continue;
    }
    // No answer in time (a hidden tab's throttled timers, a hostile page) tells nothing new:
    // what an earlier look saw still stands.
    if (probe !== undefined) {
      mutating = probe.mutating;
      animating = probe.animating;
    }
    if (probe?.quiet === true) {
      requests = context.requests.open(record.tabId, since);
      const held = start + holdMs - context.now();
      if (requests === 0 && held <= 0) return finish(context, params, { start, settled: true });
      // Quiet, but too soon to tell: a timer may still start the page's reaction.
      if (requests === 0) await pause(Math.min(held, deadline - context.now()));
    } else if (probe !== undefined) {
      // Not quiet before the bound: a hidden document answers early; ask again shortly.
      await pause(Math.min(settlePollMs, deadline - context.now()));
    }
  }
  return finish(context, params, { start, settled: false, requests, mutating, animating });
}

/** How a wait ended: when it began, and what was still going on if it did not settle. */
interface Ending {
  start: number;
  settled: boolean;
  requests?: number;
  mutating?: boolean;
  animating?: boolean;
}

/** The answer, after checking the lease is still the one asked under. */
function finish(context: ProviderContext, params: SettleParams, ending: Ending): SettleResult {
  context.leases.check(params.lease, context.link.generation);
  return {
    settled: ending.settled,
    waitedMs: Math.min(60_000, Math.max(0, Math.round(context.now() - ending.start))),
    requests: Math.min(10_000, ending.requests ?? 0),
    mutating: ending.mutating ?? false,
    animating: ending.animating ?? false,
  };
}

/** One run of the page function: on which tab, with which bounds, under which signal. */
interface ProbeRun {
  tabId: number;
  quietMs: number;
  /** How long it may take, in ms: what is left of the wait. */
  left: number;
  /** How long ago the change began, in ms. */
  sinceMs: number;
  signal: AbortSignal;
  sleep: Sleep;
  worlds: IsolatedWorlds | undefined;
  /** Whether a document's URL is in the lease's scope: only there does it run in our world. */
  inScope: (url: string) => boolean;
}

/**
 * Run the page function once on the tab's document, awaiting it at most
 * `left` ms: `undefined` when it gave no answer by then, `"failed"` when it
 * could not run or threw.
 */
async function probePage(context: ProviderContext, probe: ProbeRun): Promise<Probe | "failed"> {
  // The page's own bound ends a little earlier, so its answer (what was still going on) usually
  // arrives before this side's bound cuts it off.
  const pageBound = Math.max(0, Math.round(probe.left) - answerMargin(probe.left));
  const args = [probe.quietMs, pageBound, Math.round(probe.sinceMs)];
  // The declaration is fixed and the arguments are integers the schema bounded.
  const expression = `(${settlePageFunction}).call(document, ${args.join(", ")})`;
  const { worlds, tabId } = probe;
  const evaluate = (contextId: number | undefined) =>
    context.browser.sendCommand(tabId, "Runtime.evaluate", {
      expression,
      ...(contextId === undefined ? {} : { contextId }),
      awaitPromise: true,
      returnByValue: true,
      silent: true,
    });
  // The provider's world of the tab's document: the input clock an action set is there
  // (`input_clock.ts`), or the one the document clock set at the document's start
  // (`input_clock.ts`), and the page's own timers cannot hold the wait. The known world
  // first; a world of a document since replaced answers that it is gone, and the current
  // document's is asked for. Without one, the page's own world runs it.
  const command = (method: string, params?: Record<string, unknown>) =>
    context.browser.sendCommand(tabId, method, params);
  const evaluated = (async () => {
    const candidates = worlds === undefined
      ? []
      : [() => worlds.known(tabId), () => worlds.current(tabId, command, probe.inScope)];
    for (const world of candidates) {
      const contextId = await world();
      if (contextId === undefined) continue;
      try {
        return await evaluate(contextId);
      } catch {
        worlds?.forget(tabId);
      }
    }
    return await evaluate(undefined);
  })();
  // The bound is kept here, not in the page: the page's timers may never fire.
  const cut = new AbortController();
  const bound = probe.sleep(probe.left, AbortSignal.any([probe.signal, cut.signal]))
    .then(() => "bound" as const, () => "bound" as const);
  let answer: unknown;
  try {
    answer = await untilAborted(Promise.race([evaluated, bound]), probe.signal);
  } catch (error) {
    if (error instanceof LeashError) throw error;
    return "failed";
  } finally {
    cut.abort();
    evaluated.catch(() => {});
  }
  if (answer === "bound") return undefined;
  const parsed = ProbeAnswer.safeParse(answer);
  return parsed.success ? parsed.data.result.value : "failed";
}
