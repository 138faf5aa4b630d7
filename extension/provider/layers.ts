/**
 * The layers over a long page: what a person sees on top of it (a popup, a
 * menu or a toast a library appended to the body's end, a banner, a
 * dialog) wherever it stands in the document. A page read walks the tree
 * top-down and stops at its bound; a layer past that point would go unread
 * while it covers the rows the read shows. The read asks for the layers'
 * roots (`layerRootsFunction`, in the provider's isolated world) and
 * reads those it did not reach as regions, as it reads changed ones. It
 * never fails the read: a layer that cannot be found leaves it as it was.
 * A whole observation also asks for what the viewport shows of the page
 * (`view`): a person who scrolled, or a tab claimed mid-page, looks there,
 * far past where the walk stops. Only a whole observation: in a delta, rows
 * a scroll brought into view would read as added.
 *
 * @module
 */
import { layerRootsFunction } from "../../contracts/methods/page_functions.ts";
import {
  DescribedSchema,
  EvaluatedSchema,
  type IsolatedWorlds,
  readRemoteArray,
  type TabCommand,
} from "./isolated_world.ts";

/** The remote objects of one look, released together. */
const objectGroup = "leash-layers";

/**
 * The backend node IDs of the layers over tab `tabId`'s `document`, at
 * most 8, in the order found (the top layer first), and with `view` what
 * the viewport shows of the page itself after them; none when they cannot
 * be had.
 */
export async function readLayers(
  command: TabCommand,
  worlds: IsolatedWorlds,
  tabId: number,
  document: { frameId: string; loaderId: string },
  view = false,
): Promise<number[]> {
  let answer;
  try {
    const contextId = await worlds.contextOf(tabId, document, command);
    answer = EvaluatedSchema.safeParse(
      await command("Runtime.evaluate", {
        expression: `(${layerRootsFunction})(${view})`,
        contextId,
        objectGroup,
        silent: true,
      }),
    );
  } catch {
    return [];
  }
  const release = () => command("Runtime.releaseObjectGroup", { objectGroup }).catch(() => {});
  if (!answer.success) {
    await release();
    return [];
  }
  // A page with no layers, the common case, answers 0: nothing was kept to let go of.
  if (answer.data.result.objectId === undefined) return [];
  try {
    const { objectId, subtype } = answer.data.result;
    if (subtype !== "array") return [];
    const array = await readRemoteArray(command, objectId);
    if (array === undefined) return [];
    // An element the page removed meanwhile is left out; the others still are layers.
    const described = await Promise.all(
      array.objectIds.map((id) =>
        command("DOM.describeNode", { objectId: id }).catch(() => undefined)
      ),
    );
    return described.flatMap((node) => {
      const parsed = DescribedSchema.safeParse(node);
      return parsed.success ? [parsed.data.node.backendNodeId] : [];
    });
  } catch {
    return [];
  } finally {
    await release();
  }
}
