/**
 * Naming what covers a target, for `TARGET_COVERED`'s detail: the covering
 * node's accessibility role and name, or those of its nearest ancestor that
 * has a name (a hit usually lands on an unnamed part of the cover). The
 * name is page text, flattened and bounded here and quoted wherever shown.
 *
 * @module
 */
import { z } from "zod";
import type { ErrorDetail } from "../../../contracts/errors.ts";
import { axNodeName } from "../../../contracts/ax_name.ts";
import { boundText, flatName } from "../../../contracts/text.ts";
import { AxName, AxValue, call, type Cdp } from "./cdp.ts";

/** The longest cover name kept, in UTF-16 units. */
export const coverNameUnits = 100;

/** `Accessibility.getPartialAXTree` with `fetchRelatives: true`: the node and its ancestors. */
const RelativesAnswer = z.object({
  nodes: z.array(z.object({
    nodeId: z.string(),
    parentId: z.string().optional(),
    ignored: z.boolean(),
    role: AxValue,
    name: AxName,
    backendDOMNodeId: z.number().int().optional(),
  })),
});

type AxNode = z.infer<typeof RelativesAnswer>["nodes"][number];

/** Roles that say nothing about what a thing is. */
const unnamedRoles = new Set([
  "",
  "generic",
  "none",
  "presentation",
  "StaticText",
  "InlineTextBox",
]);

function roleOf(node: AxNode): string {
  return typeof node.role?.value === "string" ? node.role.value : "";
}

function nameOf(node: AxNode): string {
  return flatName(axNodeName(node));
}

/**
 * The role and name of what covers the target at `backendNodeId`: the
 * first of it and its ancestors with a telling role and a name, else the
 * first with a telling role, else `generic`. `undefined` when the page
 * has no accessibility node for it.
 */
export async function nameCover(
  cdp: Cdp,
  backendNodeId: number,
  signal?: AbortSignal,
): Promise<ErrorDetail["by"]> {
  const { nodes } = await call(
    cdp,
    "Accessibility.getPartialAXTree",
    { backendNodeId, fetchRelatives: true },
    RelativesAnswer,
    signal,
  );
  const byId = new Map(nodes.map((node) => [node.nodeId, node]));
  let node = nodes.find((candidate) => candidate.backendDOMNodeId === backendNodeId);
  if (node === undefined) return undefined;
  let telling: AxNode | undefined;
  for (let steps = 0; node !== undefined && steps < 64; steps++) {
    const role = roleOf(node);
    if (role === "RootWebArea") break;
    if (!node.ignored && !unnamedRoles.has(role)) {
      telling ??= node;
      if (nameOf(node) !== "") {
        telling = node;
        break;
      }
    }
    node = node.parentId === undefined ? undefined : byId.get(node.parentId);
  }
  if (telling === undefined) return { role: "generic", name: "" };
  return {
    role: boundText(roleOf(telling), 64).text,
    name: boundText(nameOf(telling), coverNameUnits).text,
  };
}
