/**
 * Change watches: what a leased page changed since a page read walked it
 * or an action's first input, so the read after the action can look at the
 * changed regions even where they lie past its bound, and need not walk
 * the page again at all: a walk kept from before the action ({@linkcode
 * KeptWalk}) stays valid while the watch begun before that walk runs
 * unbroken, and the changed regions, re-read, bring it up to date. A watch
 * lives in an isolated world of the tab's top-level document (the page
 * cannot see or reach it) and notes changed elements
 * (`watchChangesExpression`); the next page read ends it and gets the
 * regions' roots by backend node ID. A watch is bound to its document: a
 * read of another document ignores it. Only a document whose page read
 * stopped at its bound is watched: a read that reaches the end sees every
 * change without one. Neither side ever fails its caller: a watch that
 * cannot begin or be read leaves the read to its bound alone, as without
 * it.
 *
 * @module
 */
import { z } from "zod";
import { documentOf, sameDocument } from "../../contracts/document.ts";
import {
  takeChangesExpression,
  watchChangesExpression,
} from "../../contracts/methods/page_functions.ts";
import { BackendNodeIdSchema } from "../../contracts/methods/observe.ts";
import type { RawAxNode } from "./ax_projection.ts";
import { SignalsCache } from "./signals_cache.ts";
import {
  DescribedSchema,
  EvaluatedSchema,
  IsolatedWorlds,
  readRemoteArray,
  type TabCommand,
} from "./isolated_world.ts";

/** The remote objects of one take, released together. */
const objectGroup = "leash-change-watch";

/** What a take found: the roots of the changed regions, or `"more"` than can be read apart. */
export type Changes = number[] | "more";

/** A take's changes, and what the watch that found them covered. */
export interface Taken {
  changes: Changes;
  /** Which watch it was: every watch has its own. */
  serial: number;
  /** Whether an action's input began while it ran. */
  acted: boolean;
  /** False when a changed region was too large to read apart and was left out. */
  complete: boolean;
  /** The roots noted only because the focus left or reached them. */
  focusOnly: number[];
  /**
   * The nodes of elements taken from an element too large to read (a popup
   * removed from a long page's body), their subtrees whole: gone, though the
   * read may not reach where they stood.
   */
  gone: number[];
}

/**
 * A page read's walk, kept for the read after the next action: valid while
 * the watch begun before the walk (`serial`) runs unbroken on its document.
 */
export interface KeptWalk {
  frameId: string;
  loaderId: string;
  /** The walk's bound. */
  rows: number;
  /** The watch that began before the walk. */
  serial: number;
  nodes: RawAxNode[];
  unread: number;
}

interface Watch {
  frameId: string;
  loaderId: string;
  contextId: number;
  serial: number;
  acted: boolean;
}

/** A described node and what it holds, as `DOM.describeNode` with `depth: -1` answers. */
interface DescribedTree {
  backendNodeId: number;
  children?: DescribedTree[];
  shadowRoots?: DescribedTree[];
}
const DescribedTreeSchema: z.ZodType<DescribedTree> = z.lazy(() =>
  z.object({
    backendNodeId: BackendNodeIdSchema,
    children: z.array(DescribedTreeSchema).optional(),
    shadowRoots: z.array(DescribedTreeSchema).optional(),
  })
);

/** Every backend node ID in `tree`, at most `limit`. */
function subtreeIds(tree: DescribedTree, limit: number): number[] {
  const ids: number[] = [];
  const stack = [tree];
  for (let node = stack.pop(); node !== undefined && ids.length < limit; node = stack.pop()) {
    ids.push(node.backendNodeId);
    stack.push(...(node.shadowRoots ?? []), ...(node.children ?? []));
  }
  return ids;
}

/** The most node IDs a take says gone. */
const maxGone = 4_000;

type DocumentKey = { frameId: string; loaderId: string };

/** The tabs' running watches, and the walks they keep valid. */
export class ChangeWatches {
  readonly #watches = new Map<number, Watch>();
  /** Per tab, the document whose last page read stopped at its bound. */
  readonly #large = new Map<number, DocumentKey>();
  /** Per tab, the document of the last page read and how many nodes it held or left out. */
  readonly #sizes = new Map<number, DocumentKey & { nodes: number }>();
  readonly #kept = new Map<number, KeptWalk>();
  #serial = 0;
  /** The tabs' isolated worlds, where the watches run; the text search shares them. */
  readonly worlds: IsolatedWorlds;
  /** The tabs' last signals reads, kept in the same worlds' care (`signals_cache.ts`). */
  readonly signals = new SignalsCache();

  constructor(worlds: IsolatedWorlds = new IsolatedWorlds()) {
    this.worlds = worlds;
  }

  /** Whether the last page read of tab `tabId` was of `document` and stopped at its bound. */
  wasLarge(tabId: number, document: DocumentKey): boolean {
    const large = this.#large.get(tabId);
    return large !== undefined && sameDocument(large, document);
  }

  /**
   * How many accessibility nodes the last page read of tab `tabId` found in
   * `document` (read or left out); undefined when it read another document.
   */
  lastSize(tabId: number, document: DocumentKey): number | undefined {
    const size = this.#sizes.get(tabId);
    return size !== undefined && sameDocument(size, document) ? size.nodes : undefined;
  }

  /**
   * A page read of tab `tabId`'s `document` stopped at its bound (`stopped`)
   * or not, having read or left out about `nodes` nodes.
   */
  noteRead(tabId: number, document: DocumentKey, stopped: boolean, nodes: number): void {
    const key = { frameId: document.frameId, loaderId: document.loaderId };
    if (stopped) this.#large.set(tabId, key);
    else this.#large.delete(tabId);
    this.#sizes.set(tabId, { ...key, nodes });
  }

  /**
   * An action's input is about to reach tab `tabId`: the running watch
   * notes that it did, or, with none, a watch of the top-level document
   * begins, unless its last page read reached the end.
   */
  async begin(tabId: number, command: TabCommand): Promise<void> {
    const running = this.#watches.get(tabId);
    if (running !== undefined) {
      // A batch's later steps add to the first one's watch, as does an action after a read.
      running.acted = true;
      return;
    }
    const large = this.#large.get(tabId);
    // After a navigation no delta follows (the read after it is a whole observation), so a
    // watch of the document the action began on is never read.
    if (large === undefined) return;
    try {
      const document = documentOf(await command("Page.getFrameTree"));
      if (!sameDocument(large, document)) return;
      await this.#start(tabId, document, command, true);
    } catch {
      this.#watches.delete(tabId);
    }
  }

  /**
   * Begin watching `document` of tab `tabId` for a page read about to walk
   * it (call it after taking the tab's watch); answers the watch's serial,
   * or `undefined` when it could not begin.
   */
  async beginRead(
    tabId: number,
    document: DocumentKey,
    command: TabCommand,
  ): Promise<number | undefined> {
    if (this.#watches.has(tabId)) return undefined;
    try {
      return await this.#start(tabId, document, command, false);
    } catch {
      this.#watches.delete(tabId);
      return undefined;
    }
  }

  async #start(
    tabId: number,
    document: DocumentKey,
    command: TabCommand,
    acted: boolean,
  ): Promise<number | undefined> {
    const contextId = await this.worlds.contextOf(tabId, document, command);
    const answer = await command("Runtime.evaluate", {
      expression: watchChangesExpression,
      contextId,
      returnByValue: true,
      silent: true,
    }).catch((error) => {
      this.worlds.forget(tabId);
      throw error;
    });
    if (!EvaluatedSchema.safeParse(answer).success) {
      this.worlds.forget(tabId);
      return undefined;
    }
    const serial = ++this.#serial;
    this.#watches.set(tabId, {
      frameId: document.frameId,
      loaderId: document.loaderId,
      contextId,
      serial,
      acted,
    });
    return serial;
  }

  /** Keep `walk` of tab `tabId` for the read after the next action (see {@linkcode reusable}). */
  keep(tabId: number, walk: KeptWalk): void {
    this.#kept.set(tabId, walk);
  }

  /**
   * The walk kept for tab `tabId`'s `document` at bound `rows`, when the
   * watch `taken` ended is the one begun before that walk (nothing changed
   * unseen since), an action began under it, and every region it saw can
   * be read apart; the kept walk is spent either way.
   */
  reusable(tabId: number, document: DocumentKey, rows: number, taken: Taken | undefined) {
    const kept = this.#kept.get(tabId);
    this.#kept.delete(tabId);
    if (kept === undefined || taken === undefined || !Array.isArray(taken.changes)) return;
    if (!sameDocument(kept, document) || kept.rows !== rows || kept.serial !== taken.serial) return;
    return taken.acted && taken.complete ? kept : undefined;
  }

  /**
   * End tab `tabId`'s watch and answer what it found in `document`, with
   * what the watch covered; `undefined` when no watch of that document ran
   * or it cannot be read.
   */
  async takeWatch(
    tabId: number,
    document: DocumentKey,
    command: TabCommand,
  ): Promise<Taken | undefined> {
    const watch = this.#watches.get(tabId);
    if (watch === undefined) return undefined;
    this.#watches.delete(tabId);
    if (!sameDocument(watch, document)) return undefined;
    const covered = { serial: watch.serial, acted: watch.acted };
    try {
      const taken = EvaluatedSchema.safeParse(
        await command("Runtime.evaluate", {
          expression: takeChangesExpression,
          contextId: watch.contextId,
          objectGroup,
          silent: true,
        }),
      );
      if (!taken.success) return undefined;
      const { value, objectId, subtype } = taken.data.result;
      const none = { focusOnly: [], gone: [], ...covered };
      if (value === "more") return { changes: "more", complete: false, ...none };
      if (value === 0) return { changes: [], complete: true, ...none };
      if (objectId === undefined || subtype !== "array") return undefined;
      const array = await readRemoteArray(command, objectId);
      if (array === undefined) return undefined;
      const dropped = array.own("dropped") === true;
      const focusIndices = String(array.own("focusOnly") ?? "").split(",").filter((n) => n !== "")
        .map(Number);
      const goneFrom = Number(array.own("goneFrom") ?? array.objectIds.length);
      const [described, removed] = await Promise.all([
        Promise.all(
          array.objectIds.slice(0, goneFrom).map((id) =>
            command("DOM.describeNode", { objectId: id })
          ),
        ),
        Promise.all(
          array.objectIds.slice(goneFrom).map((id) =>
            command("DOM.describeNode", { objectId: id, depth: -1, pierce: true })
          ),
        ),
      ]);
      const roots: number[] = [];
      for (const answer of described) {
        const node = DescribedSchema.safeParse(answer);
        if (!node.success) return undefined;
        roots.push(node.data.node.backendNodeId);
      }
      const gone: number[] = [];
      for (const answer of removed) {
        const tree = z.object({ node: DescribedTreeSchema }).safeParse(answer);
        // Not knowing what went, the read says nothing of it, as before.
        if (tree.success) gone.push(...subtreeIds(tree.data.node, maxGone - gone.length));
      }
      const focusOnly = focusIndices.flatMap((index) =>
        roots[index] === undefined ? [] : [roots[index]]
      );
      return { changes: roots, complete: !dropped, focusOnly, gone, ...covered };
    } catch {
      return undefined;
    } finally {
      await command("Runtime.releaseObjectGroup", { objectGroup }).catch(() => {});
    }
  }
}
