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
 * The document clock is the same clock, set in that world as each
 * top-level document of an attached tab begins (`documentClockSource`):
 * the wait after a navigation takes it and counts its quiet from the new
 * document's last change, where it would otherwise start counting only
 * once the page was done loading and free to run it. It runs in every
 * top-level document the tab loads while attached, before anyone knows
 * where a navigation went; it keeps a time and nothing else, and nothing
 * crosses back.
 *
 * @module
 */
import {
  documentClockSource,
  inputClockExpression,
} from "../../contracts/methods/page_functions.ts";
import { type IsolatedWorlds, providerWorldName, type TabCommand } from "./isolated_world.ts";

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
    const contextId = await worlds.current(tabId, command, inScope);
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

/**
 * Have every top-level document tab `command` reaches load from now on
 * begin with the document clock (see the module doc). Registered once per
 * attachment, it ends with it.
 */
export async function startDocumentClock(command: TabCommand): Promise<void> {
  await command("Page.addScriptToEvaluateOnNewDocument", {
    source: documentClockSource,
    worldName: providerWorldName,
  });
}
