/**
 * Remote objects for one action: nodes resolved into a private object group,
 * the fixed page functions run on them, and the whole group released at the
 * end. Only `pageFunctions` are ever sent as a function declaration.
 *
 * @module
 */
import type { z } from "zod";
import type { JsonValue } from "../../../contracts/json.ts";
import { type PageFunctionName, pageFunctions } from "../../../contracts/methods/page_functions.ts";
import { call, CallFunctionAnswer, type Cdp, DocumentAnswer, ResolveNodeAnswer } from "./cdp.ts";

/** An argument of a page function: a JSON value, or a node resolved in the same group. */
export type PageArgument = { value: JsonValue } | { objectId: string };

/** The remote objects of one action, released together. */
export class PageObjects {
  /** The object group, unique per action so releasing it touches nothing else. */
  readonly group: string;
  readonly #cdp: Cdp;
  readonly #signal: AbortSignal | undefined;
  readonly #resolved = new Map<number, Promise<string>>();
  /** Whether a node was resolved into the group since it was last released. */
  #unreleased = false;

  constructor(cdp: Cdp, signal?: AbortSignal) {
    this.#cdp = cdp;
    this.#signal = signal;
    this.group = `leash-act-${crypto.randomUUID().replaceAll("-", "")}`;
  }

  /**
   * The remote object of a backend node, resolved once per action: a
   * caller that asks while the answer is on its way shares it. A failed
   * resolve is not kept, so a later one asks the page again.
   */
  resolve(backendNodeId: number): Promise<string> {
    const known = this.#resolved.get(backendNodeId);
    if (known !== undefined) return known;
    this.#unreleased = true;
    const resolving = call(
      this.#cdp,
      "DOM.resolveNode",
      { backendNodeId, objectGroup: this.group },
      ResolveNodeAnswer,
      this.#signal,
    ).then((answer) => answer.object.objectId);
    this.#resolved.set(backendNodeId, resolving);
    resolving.catch(() => {
      if (this.#resolved.get(backendNodeId) === resolving) this.#resolved.delete(backendNodeId);
    });
    return resolving;
  }

  /** The remote object of the main document, where document-wide page functions run. */
  async document(): Promise<string> {
    const document = await call(
      this.#cdp,
      "DOM.getDocument",
      { depth: 0 },
      DocumentAnswer,
      this.#signal,
    );
    return await this.resolve(document.root.backendNodeId);
  }

  /**
   * Run the page function `name` with `this` bound to `objectId` and read
   * its by-value result through `schema`. A function that throws in the page
   * rejects.
   */
  async run<S extends z.ZodType>(
    name: PageFunctionName,
    objectId: string,
    args: readonly PageArgument[],
    schema: S,
  ): Promise<z.infer<S>> {
    const answer = await call(
      this.#cdp,
      "Runtime.callFunctionOn",
      {
        functionDeclaration: pageFunctions[name],
        objectId,
        arguments: args.map((arg) => ({ ...arg })),
        returnByValue: true,
        silent: true,
      },
      CallFunctionAnswer,
      this.#signal,
    );
    if (answer.exceptionDetails !== undefined) {
      throw new Error(`Cannot run page function ${name}: it threw in the page`);
    }
    const parsed = schema.safeParse(answer.result.value);
    if (!parsed.success) {
      throw new TypeError(`Cannot read page function ${name}: unexpected result`, {
        cause: parsed.error,
      });
    }
    return parsed.data;
  }

  /**
   * Release every object of the group; never throws (the page may be gone).
   * Sends nothing when nothing was resolved since the last release: a
   * navigation resolves no node, and its page is busy loading.
   */
  async release(): Promise<void> {
    if (!this.#unreleased) return;
    this.#unreleased = false;
    // A resolve still on its way would land in the group after its release.
    const pending = [...this.#resolved.values()];
    this.#resolved.clear();
    await Promise.allSettled(pending);
    try {
      await this.#cdp("Runtime.releaseObjectGroup", { objectGroup: this.group });
    } catch {
      // A navigated or closed page has already dropped its objects.
    }
  }
}
