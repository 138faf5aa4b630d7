/**
 * Reading the page's {@linkcode DomSignals} beside an accessibility read:
 * one `DOMSnapshot.captureSnapshot` of the tab, inside the same leased read
 * (fenced and checked like it), bounded in time and skipped on pages so
 * large that it would cost more than the read itself. It never fails the
 * read: a snapshot that fails, times out or is malformed leaves the read
 * to the accessibility tree alone, and says so.
 *
 * The snapshot is taken without DOM rects: on its way to the extension the
 * rects of every box cost as much again as the rest of it (a page of 5,000
 * elements: about 270 ms more of some 550). Only the scrollable mark needs
 * them, and only of the few boxes whose `overflow` lets them scroll; those
 * are read in the provider's isolated world instead, one call for all.
 *
 * A read of a page that did not change since the tab's last read takes
 * that read's signals instead of a snapshot (`signals_cache.ts`).
 *
 * @module
 */
import { z } from "zod";
import { scrollSizesFunction } from "../../contracts/methods/page_functions.ts";
import {
  type DomSignals,
  parseSnapshot,
  reduceParsed,
  scrollCandidates,
  type ScrollSizes,
  signalStyles,
} from "./dom_signals.ts";
import type { ProviderContext } from "./context.ts";
import { untilAborted } from "./guard.ts";
import type { IsolatedWorlds, TabCommand } from "./isolated_world.ts";
import type { LeasedRead } from "./leased_read.ts";
import type { SignalsCache } from "./signals_cache.ts";

/** Bounds on the signals read. */
export const signalBounds = {
  /**
   * Above this many accessibility nodes the snapshot is skipped: its cost
   * grows with the DOM, and a page this large is read in windows anyway.
   */
  maxAxNodes: 15_000,
  /** The longest the snapshot may take before the read goes on without it. */
  timeoutMs: 3_000,
  /**
   * The most scrollers whose sizes are read, first in document order: a
   * page with more sets `overflow: auto` on boxes by the hundred, and those
   * past it are not marked.
   */
  maxScrollers: 128,
} as const;

/** Less time than this left for the snapshot, and it is not tried. */
const minBudgetMs = 200;

/** The signals, or why there are none: `skipped` (too large) or `failed`. */
export type SignalsRead =
  | { signals: DomSignals; missing?: undefined }
  | { signals?: undefined; missing: "skipped" | "failed" };

/**
 * Where the scrollers' sizes are read: the provider's world in the read's
 * document; with `cache`, the signals of the tab's last read are taken
 * again while the page did not change (`signals_cache.ts`).
 */
export interface SignalsWorld {
  worlds: IsolatedWorlds;
  document: { frameId: string; loaderId: string };
  cache?: SignalsCache;
}

/**
 * Read the signals of `read`'s tab, whose accessibility read returned
 * `axNodes` nodes. The snapshot gets at most half the time left before
 * `deadline`, so the read still finishes within its own bound on a slow
 * machine; with too little left it is skipped. With the world's cache, the
 * tab's last signals answer while the page's stamp says nothing changed.
 */
export async function readSignals(
  context: ProviderContext,
  read: LeasedRead,
  axNodes: number,
  deadline: number,
  world: SignalsWorld,
  bounds: { maxAxNodes: number; timeoutMs: number; maxScrollers: number } = signalBounds,
): Promise<SignalsRead> {
  const budget = Math.min(bounds.timeoutMs, (deadline - context.now()) / 2);
  if (axNodes > bounds.maxAxNodes || budget < minBudgetMs) return { missing: "skipped" };
  const within = AbortSignal.any([read.signal, AbortSignal.timeout(budget)]);
  const tabId = read.record.tabId;
  const command: TabCommand = (method, params) =>
    untilAborted(context.browser.sendCommand(tabId, method, params), within);
  // Read before the snapshot is asked for: a change between the two moves the stamp.
  const { cache } = world;
  const stamp = cache === undefined
    ? undefined
    : await cache.stamp(tabId, world.document, world.worlds, command);
  const kept = cache?.take(tabId, world.document, stamp);
  if (kept !== undefined) return { signals: kept };
  let snapshot;
  try {
    snapshot = parseSnapshot(
      await command("DOMSnapshot.captureSnapshot", { computedStyles: [...signalStyles] }),
    );
  } catch (error) {
    // The read itself ended (cancel, lease end, its deadline): that is the read's answer.
    if (read.signal.aborted) throw error;
    return { missing: "failed" };
  }
  if (snapshot === undefined) return { missing: "failed" };
  const scrollers = scrollCandidates(snapshot).slice(0, bounds.maxScrollers);
  let sizes: Map<number, ScrollSizes> | undefined;
  if (scrollers.length > 0) {
    try {
      sizes = await readScrollSizes(command, tabId, world, scrollers);
    } catch (error) {
      if (read.signal.aborted) throw error;
      // Without sizes nothing is marked scrollable: the rest of the signals stand, for this read.
    }
  }
  const signals = reduceParsed(snapshot, sizes);
  const whole = scrollers.length === 0 || sizes !== undefined;
  cache?.keep(tabId, world.document, whole ? stamp : undefined, signals);
  return { signals };
}

const objectGroup = "leash-scrollers";
const ResolvedSchema = z.object({ object: z.object({ objectId: z.string() }) });
const SizesSchema = z.object({
  result: z.object({ value: z.array(z.array(z.number()).length(8)) }),
});

/**
 * The scroll and client sizes of the elements `backendNodeIds`, read in the
 * provider's world of the read's document (the page's own getters never
 * run); an element that cannot be resolved (gone since the snapshot) is
 * left out.
 */
async function readScrollSizes(
  command: TabCommand,
  tabId: number,
  world: SignalsWorld,
  backendNodeIds: readonly number[],
): Promise<Map<number, ScrollSizes>> {
  const executionContextId = await world.worlds.contextOf(tabId, world.document, command);
  try {
    const resolved = await Promise.all(backendNodeIds.map(async (backendNodeId) => {
      const answer = ResolvedSchema.safeParse(
        await command("DOM.resolveNode", { backendNodeId, executionContextId, objectGroup })
          .catch(() => undefined),
      );
      return answer.success ? { backendNodeId, objectId: answer.data.object.objectId } : undefined;
    }));
    const found = resolved.filter((entry) => entry !== undefined);
    const sizes = new Map<number, ScrollSizes>();
    if (found.length === 0) return sizes;
    const answer = SizesSchema.parse(
      await command("Runtime.callFunctionOn", {
        objectId: found[0].objectId,
        functionDeclaration: scrollSizesFunction,
        arguments: found.map(({ objectId }) => ({ objectId })),
        returnByValue: true,
        silent: true,
      }),
    );
    answer.result.value.forEach((read, k) => {
      if (k < found.length) {
        sizes.set(found[k].backendNodeId, { scroll: read.slice(0, 4), client: read.slice(4) });
      }
    });
    return sizes;
  } finally {
    command("Runtime.releaseObjectGroup", { objectGroup }).catch(() => {});
  }
}
