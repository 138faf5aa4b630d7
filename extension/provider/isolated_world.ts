/**
 * The provider's own isolated world in a leased tab's top-level document,
 * where its page functions run (the change watch, the text search): the
 * page cannot see or reach it. One world per document, made on first use
 * and kept: a world lasts as long as its document, so making one per call
 * would pile them up in a long session. Also the reading of an array a
 * page function answers with: its elements as remote objects, and the
 * plain values it carries as own properties.
 *
 * @module
 */
import { z } from "zod";
import { documentOf, sameDocument } from "../../contracts/document.ts";
import { BackendNodeIdSchema } from "../../contracts/methods/observe.ts";

/** A command on one tab, under its caller's signal. */
export type TabCommand = (method: string, params?: Record<string, unknown>) => Promise<unknown>;

type DocumentKey = { frameId: string; loaderId: string };

/**
 * The world's name, as DevTools lists it. A world is one per name and
 * document: the one the document clock made at the document's start
 * (`input_clock.ts`) is the one `Page.createIsolatedWorld` answers with.
 */
export const providerWorldName = "leash-provider";

const WorldSchema = z.object({ executionContextId: z.number().int() });
const PropertiesSchema = z.object({
  result: z.array(z.object({
    name: z.string(),
    value: z.object({ objectId: z.string().optional(), value: z.unknown().optional() }).optional(),
  })),
});

/** Each tab's world, for the document it was made in. */
export class IsolatedWorlds {
  readonly #worlds = new Map<number, DocumentKey & { contextId: number }>();
  /** Worlds being made: callers at the same time share one. */
  readonly #making = new Map<number, DocumentKey & { made: Promise<number> }>();

  /** The execution context of tab `tabId`'s world in `document`, made when there is none. */
  async contextOf(tabId: number, document: DocumentKey, command: TabCommand): Promise<number> {
    const known = this.#worlds.get(tabId);
    if (known !== undefined && sameDocument(known, document)) return known.contextId;
    const making = this.#making.get(tabId);
    if (making !== undefined && sameDocument(making, document)) return await making.made;
    const made = (async () =>
      WorldSchema.parse(
        await command("Page.createIsolatedWorld", {
          frameId: document.frameId,
          worldName: providerWorldName,
          grantUniveralAccess: false,
        }),
      ).executionContextId)();
    this.#making.set(tabId, { ...document, made });
    try {
      const contextId = await made;
      this.#worlds.set(tabId, { ...document, contextId });
      return contextId;
    } finally {
      if (this.#making.get(tabId)?.made === made) this.#making.delete(tabId);
    }
  }

  /**
   * The execution context of tab `tabId`'s world as last made (once one
   * being made is), without asking which document the tab shows: a world
   * of a document since replaced is gone, and a call in it fails at once.
   */
  async known(tabId: number): Promise<number | undefined> {
    const making = this.#making.get(tabId);
    if (making !== undefined) return await making.made.catch(() => undefined);
    return this.#worlds.get(tabId)?.contextId;
  }

  /**
   * The execution context of tab `tabId`'s world in its current top-level
   * document, when that document's URL is one `inScope` allows;
   * `undefined` when it is not, or the world cannot be had.
   */
  async current(
    tabId: number,
    command: TabCommand,
    inScope: (url: string) => boolean,
  ): Promise<number | undefined> {
    try {
      const document = documentOf(await command("Page.getFrameTree"));
      if (!inScope(document.url)) return undefined;
      return await this.contextOf(tabId, document, command);
    } catch {
      this.forget(tabId);
      return undefined;
    }
  }

  /** Forget tab `tabId`'s world: a call in it failed, so the next one makes it again. */
  forget(tabId: number): void {
    this.#worlds.delete(tabId);
  }
}

/** A page function's answer in a world (`Runtime.evaluate`), when it did not throw. */
export const EvaluatedSchema = z.object({
  result: z.object({
    value: z.unknown().optional(),
    objectId: z.string().optional(),
    subtype: z.string().optional(),
  }),
  exceptionDetails: z.undefined().optional(),
});

/** `DOM.describeNode`'s answer, as far as the node's backend node ID. */
export const DescribedSchema = z.object({ node: z.object({ backendNodeId: BackendNodeIdSchema }) });

/** An array a page function answered with, read back. */
export interface RemoteArray {
  /** Its elements' remote objects, in index order. */
  objectIds: string[];
  /** The plain value of its own property `name`, if any. */
  own(name: string): unknown;
}

/** Read the array remote object `objectId`; `undefined` when DevTools answers malformed. */
export async function readRemoteArray(
  command: TabCommand,
  objectId: string,
): Promise<RemoteArray | undefined> {
  const properties = PropertiesSchema.safeParse(
    await command("Runtime.getProperties", { objectId, ownProperties: true }),
  );
  if (!properties.success) return undefined;
  const entries = properties.data.result;
  const objectIds = entries
    .filter((entry) => /^\d+$/.test(entry.name))
    .sort((a, b) => Number(a.name) - Number(b.name))
    .map((entry) => entry.value?.objectId)
    .filter((id) => id !== undefined);
  return {
    objectIds,
    own: (name) => entries.find((entry) => entry.name === name)?.value?.value,
  };
}
