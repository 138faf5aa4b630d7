/**
 * Raw accessibility nodes for tests: a node of `role` (default `generic`;
 * `none` is ignored) whose node ID is its backend node ID's digits.
 *
 * @module
 */
import type { RawAxNode } from "../provider/ax_projection.ts";

/** Node `id` under `parent`, listing `children`. */
export function axNode(
  id: number,
  parent: number | undefined,
  children: number[] = [],
  role = "generic",
): RawAxNode {
  return {
    nodeId: String(id),
    ignored: role === "none",
    role: { type: "role", value: role },
    ...(parent === undefined ? {} : { parentId: String(parent) }),
    childIds: children.map(String),
    backendDOMNodeId: id,
  };
}
