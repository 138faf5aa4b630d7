/**
 * The last signals read of each tab, kept for the next read of the same
 * document while nothing they depend on changed: a page of a few thousand
 * elements spends most of a read in `DOMSnapshot.captureSnapshot` (some
 * 350 ms for 5,000 elements, most of it the answer's way to the worker),
 * and a look that follows a look (the claim's look, then an observation;
 * an observation, then one narrowed by `query`; a page window; an
 * observation after an action's answer) finds the page as it was.
 *
 * What "nothing changed" means is the stamp's to say
 * (`signalsStampExpression`, in the provider's isolated world, which the
 * page cannot see or reach): read just before the snapshot is asked for,
 * so a change between the two moves it; a read whose stamp is the one kept
 * with the signals takes them. Every input moves it, so the read after an
 * action is always fresh. A stamp that cannot be read, or says an
 * animation is running, keeps nothing.
 *
 * @module
 */
import { type DocumentIdentity, sameDocument } from "../../contracts/document.ts";
import { signalsStampExpression } from "../../contracts/methods/page_functions.ts";
import type { DomSignals } from "./dom_signals.ts";
import { EvaluatedSchema, type IsolatedWorlds, type TabCommand } from "./isolated_world.ts";

type DocumentKey = Pick<DocumentIdentity, "frameId" | "loaderId">;

/** One tab's kept signals: of which document, under which stamp. */
interface Kept extends DocumentKey {
  stamp: string;
  signals: DomSignals;
}

/** The most tabs whose signals are kept; the least recently kept go first. */
export const maxKeptTabs = 4;

/** The longest a stamp may be: a world's random ID and a count. */
const maxStampLength = 64;

/** Each tab's last signals read (see the module doc). One per provider connection. */
export class SignalsCache {
  readonly #kept = new Map<number, Kept>();

  /** The signals kept for tab `tabId`'s `document` under `stamp`, if that is still the stamp. */
  take(tabId: number, document: DocumentKey, stamp: string | undefined): DomSignals | undefined {
    const kept = this.#kept.get(tabId);
    if (kept === undefined || stamp === undefined) return undefined;
    return sameDocument(kept, document) && kept.stamp === stamp ? kept.signals : undefined;
  }

  /** Keep `signals` of tab `tabId`'s `document`, read after the stamp `stamp`. */
  keep(tabId: number, document: DocumentKey, stamp: string | undefined, signals: DomSignals): void {
    this.#kept.delete(tabId);
    if (stamp === undefined) return;
    this.#kept.set(tabId, {
      frameId: document.frameId,
      loaderId: document.loaderId,
      stamp,
      signals,
    });
    for (const old of this.#kept.keys()) {
      if (this.#kept.size <= maxKeptTabs) break;
      this.#kept.delete(old);
    }
  }

  /**
   * The stamp of tab `tabId`'s `document` now, read in the provider's world
   * there; `undefined` when it cannot be read or an animation runs.
   */
  async stamp(
    tabId: number,
    document: DocumentKey,
    worlds: IsolatedWorlds,
    command: TabCommand,
  ): Promise<string | undefined> {
    try {
      const contextId = await worlds.contextOf(tabId, document, command);
      const answer = EvaluatedSchema.safeParse(
        await command("Runtime.evaluate", {
          expression: signalsStampExpression,
          contextId,
          returnByValue: true,
          silent: true,
        }),
      );
      const value = answer.success ? answer.data.result.value : undefined;
      return typeof value === "string" && value.length <= maxStampLength ? value : undefined;
    } catch {
      // The world kept for the document may be gone with it: the next call makes it again.
      worlds.forget(tabId);
      return undefined;
    }
  }
}
