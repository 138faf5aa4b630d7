/**
 * The tabs Leash opened, kept in `chrome.storage.session`: it outlives a
 * restart of the service worker (MV3 ends an idle worker within ~30 s) and
 * goes with the browser session, as the tab IDs it holds do. Leash closes a
 * tab only when this record says it opened it, so a tab the person or a
 * page opened is never closed, however a lease on it came about.
 *
 * Updates run one after another, each reading the stored list afresh, so
 * two that overlap never lose one another.
 *
 * @module
 */
import type { OpenedTabs } from "../provider/context.ts";

/** The storage key of the list. */
export const openedTabsKey = "leash.openedTabs";

/** The part of a `chrome.storage` area the record uses. */
export interface SessionArea {
  get(key: string): Promise<Record<string, unknown>>;
  set(items: Record<string, unknown>): Promise<void>;
}

/** Tab IDs as stored; anything else in the slot counts as none. */
function tabIds(value: unknown): number[] {
  if (!Array.isArray(value)) return [];
  return value.filter((id): id is number => Number.isSafeInteger(id) && id >= 0);
}

/** Most tabs recorded; the oldest go first (a tab that lives that long is long forgotten). */
const maxRecorded = 256;

/** The record of tabs Leash opened, in a storage area. */
export class StoredOpenedTabs implements OpenedTabs {
  readonly #area: SessionArea;
  #queue: Promise<unknown> = Promise.resolve();

  constructor(area: SessionArea) {
    this.#area = area;
  }

  add(tabId: number): Promise<void> {
    return this.#update((ids) => [...ids.filter((id) => id !== tabId), tabId].slice(-maxRecorded));
  }

  async has(tabId: number): Promise<boolean> {
    await this.#queue.catch(() => {});
    return (await this.#read()).includes(tabId);
  }

  remove(tabId: number): Promise<void> {
    return this.#update((ids) => ids.filter((id) => id !== tabId));
  }

  /** Keep only the tabs `exists` says are still there (after a restart). */
  prune(exists: (tabId: number) => Promise<boolean>): Promise<void> {
    return this.#update(async (ids) => {
      const kept = await Promise.all(ids.map(async (id) => (await exists(id)) ? [id] : []));
      return kept.flat();
    });
  }

  async #read(): Promise<number[]> {
    return tabIds((await this.#area.get(openedTabsKey))[openedTabsKey]);
  }

  #update(change: (ids: number[]) => number[] | Promise<number[]>): Promise<void> {
    const next = this.#queue.catch(() => {}).then(async () => {
      const ids = await change(await this.#read());
      await this.#area.set({ [openedTabsKey]: ids });
    });
    this.#queue = next;
    return next;
  }
}
