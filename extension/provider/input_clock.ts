/**
 * The input clock (`inputClockExpression`): set in the provider's isolated
 * world of a leased tab's top-level document right after an action's last
 * input went in, and taken by the wait for the page's reaction, which runs
 * in that world (`settle.ts`) and so counts its quiet from the input, or
 * the page's last change since, rather than from its own start: the
 * Broker's ask for the wait comes a round trip and more after the input.
 *
 * Setting it never holds up the input's answer: an input that takes the
 * page elsewhere must be answered as promptly as any (the lease ends with
 * the origin), and a document on its way out may never answer. Nothing
 * runs in a document outside the lease's scope. A clock that cannot be
 * set, or a world that cannot be had, leaves the wait counting from its
 * start, as it always did; neither ever fails its caller.
 *
 * @module
 */
import { documentOf } from "../../contracts/document.ts";
import { inputClockExpression } from "../../contracts/methods/page_functions.ts";
import type { IsolatedWorlds, TabCommand } from "./isolated_world.ts";

/**
 * The execution context of the provider's world in tab `tabId`'s current
 * top-level document, when that document's URL is one `inScope` allows;
 * `undefined` when it is not, or the world cannot be had.
 */
async function currentWorld(
  tabId: number,
  command: TabCommand,
  worlds: IsolatedWorlds,
  inScope: (url: string) => boolean,
): Promise<number | undefined> {
  try {
    const document = documentOf(await command("Page.getFrameTree"));
    if (!inScope(document.url)) return undefined;
    return await worlds.contextOf(tabId, document, command);
  } catch {
    worlds.forget(tabId);
    return undefined;
  }
}

/**
 * Set tab `tabId`'s input clock (an input went in just now), in the
 * background: the caller answers at once (see the module doc).
 */
export function markInput(
  tabId: number,
  command: TabCommand,
  worlds: IsolatedWorlds,
  inScope: (url: string) => boolean,
): void {
  const marking = async () => {
    const contextId = await currentWorld(tabId, command, worlds, inScope);
    if (contextId === undefined) return;
    await command("Runtime.evaluate", {
      expression: inputClockExpression,
      contextId,
      returnByValue: true,
      silent: true,
    }).catch(() => {
      // The document went away with its world: the next call makes one in the new document.
      worlds.forget(tabId);
    });
  };
  marking().catch(() => {});
}
