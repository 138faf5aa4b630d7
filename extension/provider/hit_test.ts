/**
 * The hit test of DESIGN.md requirement 8, run where the tab is: what is at
 * a viewport point, and whether it hands pointer input to the target. The
 * rules are the Broker engine's (`broker/runtime/act/hit_test.ts`) and the
 * page function is the same (`deliversTo`); what differs is where it runs.
 * Here its few DevTools commands are local to the browser, where the
 * Broker pays a round trip through the Native Host for each; and both
 * nodes are resolved in the provider's isolated world, so a page that
 * rewrote the DOM's accessors in its own world (`assignedSlot`,
 * `parentNode`, which `deliversTo` walks) cannot make a cover look like the
 * target.
 *
 * @module
 */
import { z } from "zod";
import { documentOf } from "../../contracts/document.ts";
import type { Hit } from "../../contracts/methods/mod.ts";
import { pageFunctions } from "../../contracts/methods/page_functions.ts";
import type { IsolatedWorlds, TabCommand } from "./isolated_world.ts";

const LayoutSchema = z.object({
  cssLayoutViewport: z.object({ pageX: z.number(), pageY: z.number() }),
});
const NodeSchema = z.object({ backendNodeId: z.number().int().positive() });
const ResolvedSchema = z.object({
  object: z.object({ objectId: z.string(), subtype: z.string().optional() }),
});
const ElementSchema = z.object({ result: z.object({ objectId: z.string() }) });
const DescribedSchema = z.object({
  node: z.object({ backendNodeId: z.number().int().positive() }),
});
const DeliversSchema = z.object({
  result: z.object({ value: z.boolean() }),
  exceptionDetails: z.undefined().optional(),
});

/** Where one hit test looks: the tab, the target's backend node, the viewport point. */
export interface HitAt {
  tabId: number;
  backendNodeId: number;
  point: { x: number; y: number };
}

/**
 * Test what is at `at.point` of the tab's top-level document. Pointer-events-
 * none layers are looked through, as real input does; a node that cannot be
 * compared with the target (one of another frame) covers it. Rejects only
 * when `signal` aborts.
 */
export async function hitTest(
  command: TabCommand,
  worlds: IsolatedWorlds,
  at: HitAt,
  signal: AbortSignal,
): Promise<Hit> {
  let hit: number;
  try {
    // DevTools hit-tests in document coordinates: the viewport's scroll is added.
    const { pageX, pageY } = LayoutSchema.parse(await command("Page.getLayoutMetrics"))
      .cssLayoutViewport;
    hit = NodeSchema.parse(
      await command("DOM.getNodeForLocation", {
        x: Math.round(at.point.x + pageX),
        y: Math.round(at.point.y + pageY),
        includeUserAgentShadowDOM: true,
        ignorePointerEventsNone: false,
      }),
    ).backendNodeId;
  } catch (error) {
    if (signal.aborted) throw error;
    return { kind: "nothing" };
  }
  if (hit === at.backendNodeId) return { kind: "target" };
  const objectGroup = `leash-hit-${crypto.randomUUID()}`;
  try {
    const document = documentOf(await command("Page.getFrameTree"));
    const executionContextId = await worlds.contextOf(at.tabId, document, command);
    const resolve = async (backendNodeId: number) =>
      ResolvedSchema.parse(
        await command("DOM.resolveNode", { backendNodeId, executionContextId, objectGroup }),
      ).object;
    const covering = resolve(hit);
    covering.catch(() => {});
    let target: string;
    try {
      target = (await resolve(at.backendNodeId)).objectId;
    } catch (error) {
      // The target is of this document: a world that cannot resolve it is one the page dropped.
      worlds.forget(at.tabId);
      throw error;
    }
    const answer = DeliversSchema.parse(
      await command("Runtime.callFunctionOn", {
        functionDeclaration: pageFunctions.deliversTo,
        objectId: target,
        arguments: [{ objectId: (await covering).objectId }],
        returnByValue: true,
        silent: true,
      }),
    );
    if (answer.result.value) return { kind: "target" };
    const cover = await covering;
    // A ::before or ::after box covers as its element, which is what can be named and dismissed.
    if (cover.subtype === "node") return { kind: "covered", by: hit };
    return { kind: "covered", by: await elementOf(command, cover.objectId, objectGroup) ?? hit };
  } catch (error) {
    if (signal.aborted) throw error;
    // A node of another frame cannot be compared with the target: it covers it.
    return { kind: "covered", by: hit };
  } finally {
    command("Runtime.releaseObjectGroup", { objectGroup }).catch(() => {});
  }
}

/** The backend node of the element a pseudo-element object belongs to, if it can be had. */
async function elementOf(
  command: TabCommand,
  objectId: string,
  objectGroup: string,
): Promise<number | undefined> {
  try {
    const element = ElementSchema.parse(
      await command("Runtime.callFunctionOn", {
        functionDeclaration: "function () { return this.element; }",
        objectId,
        objectGroup,
        silent: true,
      }),
    ).result.objectId;
    return DescribedSchema.parse(await command("DOM.describeNode", { objectId: element })).node
      .backendNodeId;
  } catch {
    return undefined;
  }
}
