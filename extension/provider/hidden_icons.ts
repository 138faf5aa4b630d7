/**
 * The accessibility nodes of icons the page hid from the tree and clicks on
 * (`NodeSignals.ariaHidden`): the tree Chromium sends lists such an icon
 * among its parent's children but leaves its node out, as it does every
 * `aria-hidden` element. The node itself, ignored, is there to be asked
 * for by its element; a read adds it where its parent is among the nodes
 * read, into the parent's children where the document has it, so the
 * projection shows the icon in place.
 *
 * @module
 */
import type { RawAxNode } from "./ax_projection.ts";
import type { DomSignals } from "./dom_signals.ts";
import { rawNodes } from "./leased_read.ts";

/** The most icons one read asks for: a page with more draws a toolbar of them per row. */
export const maxHiddenIcons = 64;

/** `raw` with the nodes of the icons `signals` marks that it lacks (see the module doc). */
export async function withHiddenIcons(
  command: (method: string, params?: Record<string, unknown>) => Promise<unknown>,
  raw: RawAxNode[],
  signals: DomSignals | undefined,
): Promise<RawAxNode[]> {
  if (signals === undefined) return raw;
  const read = new Set(raw.map((node) => node.backendDOMNodeId));
  const wanted: number[] = [];
  for (const [backendNodeId, marks] of signals.nodes) {
    if (marks.ariaHidden === true && !read.has(backendNodeId)) wanted.push(backendNodeId);
    if (wanted.length === maxHiddenIcons) break;
  }
  if (wanted.length === 0) return raw;
  const byId = new Map(raw.map((node) => [node.nodeId, node]));
  const found = await Promise.all(wanted.map(async (backendNodeId) => {
    try {
      const nodes = rawNodes(
        await command("Accessibility.getPartialAXTree", { backendNodeId, fetchRelatives: false }),
      );
      const icon = nodes.find((node) => node.backendDOMNodeId === backendNodeId);
      if (icon?.parentId === undefined || !byId.has(icon.parentId)) return undefined;
      return icon;
    } catch {
      return undefined;
    }
  }));
  const icons = found.filter((icon) => icon !== undefined);
  if (icons.length === 0) return raw;
  // In the parent's list where the document has it (the tree's own list may put it first).
  const position = new Map<number, number>();
  for (const backendNodeId of signals.known) position.set(backendNodeId, position.size);
  const placeOf = (nodeId: string) => position.get(byId.get(nodeId)?.backendDOMNodeId ?? -1);
  const lists = new Map<string, string[]>();
  for (const icon of icons) {
    const parentId = icon.parentId ?? "";
    const list = lists.get(parentId) ?? [...byId.get(parentId)?.childIds ?? []];
    byId.set(icon.nodeId, icon);
    if (list.includes(icon.nodeId)) continue;
    const at = position.get(icon.backendDOMNodeId ?? -1) ?? Infinity;
    const after = list.findIndex((id) => (placeOf(id) ?? -1) > at);
    list.splice(after < 0 ? list.length : after, 0, icon.nodeId);
    lists.set(parentId, list);
  }
  return [
    ...raw.map((node) => {
      const listed = lists.get(node.nodeId);
      return listed === undefined ? node : { ...node, childIds: listed };
    }),
    ...icons,
  ];
}
