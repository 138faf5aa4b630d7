/**
 * Change watches: what a leased page changed between an action's first
 * input and the read after it, so that read can look at the changed
 * regions even where they lie past its bound. A watch lives in an isolated
 * world of the tab's top-level document (the page cannot see or reach it)
 * and notes changed elements (`watchChangesExpression`); the next page
 * read ends it and gets the regions' roots by backend node ID. A watch is
 * bound to its document: a read of another document ignores it. Only a
 * document whose last page read stopped at its bound is watched: a read
 * that reaches the end sees every change without one. Neither
 * side ever fails its caller: a watch that cannot begin or be read leaves
 * the read to its bound alone, as without it.
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

/** A command on one tab, under its caller's signal. */
export type TabCommand = (method: string, params?: Record<string, unknown>) => Promise<unknown>;

/** The isolated world's name; one per document, made again after a navigation. */
const worldName = "leash-change-watch";
/** The remote objects of one take, released together. */
const objectGroup = "leash-change-watch";

/** What a take found: the roots of the changed regions, or `"more"` than can be read apart. */
export type Changes = number[] | "more";

interface Watch {
  frameId: string;
  loaderId: string;
  contextId: number;
}

const WorldSchema = z.object({ executionContextId: z.number().int() });
const TakenSchema = z.object({
  result: z.object({
    value: z.unknown().optional(),
    objectId: z.string().optional(),
    subtype: z.string().optional(),
  }),
  exceptionDetails: z.undefined().optional(),
});
const PropertiesSchema = z.object({
  result: z.array(z.object({
    name: z.string(),
    value: z.object({ objectId: z.string().optional() }).optional(),
  })),
});
const DescribedSchema = z.object({ node: z.object({ backendNodeId: BackendNodeIdSchema }) });

type DocumentKey = { frameId: string; loaderId: string };

/** The tabs' running watches. */
export class ChangeWatches {
  readonly #watches = new Map<number, Watch>();
  /** Per tab, the document whose last page read stopped at its bound. */
  readonly #large = new Map<number, DocumentKey>();

  /** A page read of tab `tabId`'s `document` stopped at its bound (`stopped`) or not. */
  noteRead(tabId: number, document: DocumentKey, stopped: boolean): void {
    if (stopped) this.#large.set(tabId, { frameId: document.frameId, loaderId: document.loaderId });
    else this.#large.delete(tabId);
  }

  /**
   * Begin watching tab `tabId`'s top-level document, unless a watch of it
   * is running (a batch's later steps add to the first one's) or its last
   * page read reached the end.
   */
  async begin(tabId: number, command: TabCommand): Promise<void> {
    const large = this.#large.get(tabId);
    // A running watch is of the document the action began on; after a navigation, no delta
    // follows (the read after it is a whole observation), so the watch is never read.
    if (large === undefined || this.#watches.has(tabId)) return;
    try {
      const document = documentOf(await command("Page.getFrameTree"));
      if (!sameDocument(large, document)) return;
      const world = WorldSchema.parse(
        await command("Page.createIsolatedWorld", {
          frameId: document.frameId,
          worldName,
          grantUniveralAccess: false,
        }),
      );
      const contextId = world.executionContextId;
      const answer = await command("Runtime.evaluate", {
        expression: watchChangesExpression,
        contextId,
        returnByValue: true,
        silent: true,
      });
      if (!TakenSchema.safeParse(answer).success) return;
      this.#watches.set(tabId, {
        frameId: document.frameId,
        loaderId: document.loaderId,
        contextId,
      });
    } catch {
      this.#watches.delete(tabId);
    }
  }

  /**
   * End tab `tabId`'s watch and answer what it found in `document`;
   * `undefined` when no watch of that document ran or it cannot be read.
   */
  async take(
    tabId: number,
    document: DocumentKey,
    command: TabCommand,
  ): Promise<Changes | undefined> {
    const watch = this.#watches.get(tabId);
    if (watch === undefined) return undefined;
    this.#watches.delete(tabId);
    if (!sameDocument(watch, document)) return undefined;
    try {
      const taken = TakenSchema.safeParse(
        await command("Runtime.evaluate", {
          expression: takeChangesExpression,
          contextId: watch.contextId,
          objectGroup,
          silent: true,
        }),
      );
      if (!taken.success) return undefined;
      const { value, objectId, subtype } = taken.data.result;
      if (value === "more") return "more";
      if (objectId === undefined || subtype !== "array") return undefined;
      const properties = PropertiesSchema.safeParse(
        await command("Runtime.getProperties", { objectId, ownProperties: true }),
      );
      if (!properties.success) return undefined;
      const elements = properties.data.result
        .filter((property) => /^\d+$/.test(property.name))
        .map((property) => property.value?.objectId)
        .filter((id) => id !== undefined);
      const described = await Promise.all(
        elements.map((id) => command("DOM.describeNode", { objectId: id })),
      );
      const roots: number[] = [];
      for (const answer of described) {
        const node = DescribedSchema.safeParse(answer);
        if (!node.success) return undefined;
        roots.push(node.data.node.backendNodeId);
      }
      return roots;
    } catch {
      return undefined;
    } finally {
      await command("Runtime.releaseObjectGroup", { objectGroup }).catch(() => {});
    }
  }
}
