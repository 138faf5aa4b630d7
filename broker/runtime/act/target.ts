/**
 * Making sure the element an action aims at is still the one the caller
 * observed, and that it can take the action: same accessibility role and
 * name, connected, visible, enabled and of the right kind, waiting for what
 * may still pass (see `actionability.ts`). All of this only reads the page.
 *
 * @module
 */
import { z } from "zod";
import { isLeashError, LeashError } from "../../../contracts/errors.ts";
import { ellipsis, flatName } from "../../../contracts/text.ts";
import { ignoredAsAriaHidden, ignoredAsUninteresting } from "../../../contracts/ax_ignored.ts";
import { axNodeName } from "../../../contracts/ax_name.ts";
import { call, type Cdp, PartialAxTreeAnswer } from "./cdp.ts";
import {
  type Needs,
  type Probe,
  ready,
  type Unready,
  unready,
  untilActionable,
} from "./actionability.ts";
import { refusalAs } from "./faults.ts";
import { actionFor } from "./kinds.ts";
import type { PageObjects } from "./page_objects.ts";
import type { StepContext } from "./step.ts";
import type { ActTarget } from "./types.ts";

/** What kind of control an element is, as the `describeElement` page function tells. */
export const ElementKindSchema = z.enum([
  "text",
  "value",
  "checkbox",
  "radio",
  "select",
  "multiselect",
  "editable",
  "other",
]);

export type ElementKind = z.infer<typeof ElementKindSchema>;

/** A checkbox's or radio's state. */
export const CheckedSchema = z.union([z.boolean(), z.literal("mixed"), z.null()]);

/** The `describeElement` page function's answer for a connected element. */
export const ElementDescriptionSchema = z.object({
  connected: z.literal(true),
  kind: ElementKindSchema,
  visible: z.boolean(),
  /**
   * Visible, but clipped by its wrappers to a pixel or less (a visually
   * hidden field): a click aims at its label or its face instead.
   */
  shrunk: z.boolean().optional(),
  disabled: z.boolean(),
  readOnly: z.boolean(),
  checked: CheckedSchema,
  focused: z.boolean(),
  /**
   * Whether typing there may start a search or open suggestions on a timer
   * (see `describeElement`); unknown when absent, which counts as may.
   */
  suggests: z.boolean().optional(),
  /**
   * The browser's autocomplete turned off was its only sign of suggesting:
   * form libraries turn it off on every field, so a value filled in at once
   * (`fill`) is not held for a search; keys typed one by one still are.
   */
  offOnly: z.boolean().optional(),
  /**
   * A checkable item of a tree, list or grid (`aria-checked` on a treeitem,
   * option, gridcell or row), which a click may only focus or select.
   */
  item: z.boolean().optional(),
});

const DescribeAnswer = z.union([
  z.object({ connected: z.literal(false) }),
  ElementDescriptionSchema,
]);

export type ElementDescription = z.infer<typeof ElementDescriptionSchema>;

/** The element an action works on, checked and resolved. */
export interface PreparedTarget {
  backendNodeId: number;
  objectId: string;
  description: ElementDescription;
  /** The element as the caller observed it. */
  target: ActTarget;
  /** What the action needs of it, checked again on every probe of the aim. */
  needs: Needs;
}

/**
 * Check that the node still has the observed role and name (white space
 * collapsed; a name the provider shortened with "…" matches by prefix).
 * A changed identity is `STALE_TARGET`; a node the accessibility tree now
 * ignores (hidden, inert, inside an `aria-hidden` subtree) is
 * `TARGET_NOT_INTERACTABLE`, except one it ignores only as uninteresting or
 * for its own `aria-hidden`, which is a plain `generic` (how an observation
 * shows a clickable wrapper, and checks an icon the page hid from the tree):
 * whether a person sees it is the probes' to say. Hidden may pass: an
 * action waits for it (see {@linkcode probeTarget}).
 */
export async function checkIdentity(
  cdp: Cdp,
  target: ActTarget,
  signal?: AbortSignal,
): Promise<void> {
  const answer = await refusalAs(
    "STALE_TARGET",
    () =>
      call(
        cdp,
        "Accessibility.getPartialAXTree",
        { backendNodeId: target.backendNodeId, fetchRelatives: false },
        PartialAxTreeAnswer,
        signal,
      ),
    signal,
  );
  const node = answer.nodes.find((n) => n.backendDOMNodeId === target.backendNodeId) ??
    answer.nodes[0];
  if (node === undefined) {
    throw new LeashError("STALE_TARGET", { cause: new Error("no accessibility node") });
  }
  // A plain wrapper the tree ignores only as uninteresting is observed as `generic` for its
  // click or drag signals, and so is an icon that hides itself from the tree with
  // `aria-hidden` (observed as a button: its rendering is what the probes check); ignored for
  // any other reason, it is hidden, inert or not rendered.
  const plain = ignoredAsUninteresting(node) || ignoredAsAriaHidden(node);
  if (node.ignored && !plain) {
    throw new LeashError("TARGET_NOT_INTERACTABLE", {
      cause: new Error("the accessibility tree ignores the element"),
      detail: { reason: "hidden" },
    });
  }
  const role = plain ? "generic" : typeof node.role?.value === "string" ? node.role.value : "";
  const name = axNodeName(node);
  if (role !== target.role || !sameName(name, target.name)) {
    throw new LeashError("STALE_TARGET", {
      cause: new Error("the element's role or name changed since it was observed"),
    });
  }
}

/** Whether a current name matches an observed one. */
export function sameName(current: string, observed: string): boolean {
  const now = flatName(current);
  const then = flatName(observed);
  if (now === then) return true;
  return then.endsWith(ellipsis) && now.startsWith(then.slice(0, -ellipsis.length).trimEnd());
}

/** Describe a node; a node that no longer resolves or is detached is `STALE_TARGET`. */
export async function describe(
  objects: PageObjects,
  backendNodeId: number,
  signal?: AbortSignal,
  resolved?: string,
): Promise<{ objectId: string; description: ElementDescription }> {
  return await refusalAs("STALE_TARGET", async () => {
    // A known object sends the look at once, ahead of whatever the caller sends next.
    const objectId = resolved ?? await objects.resolve(backendNodeId);
    const description = await objects.run("describeElement", objectId, [], DescribeAnswer);
    if (!description.connected) {
      throw new LeashError("STALE_TARGET", {
        cause: new Error("the element left the document"),
        detail: { reason: "detached" },
      });
    }
    return { objectId, description };
  }, signal);
}

/**
 * What keeps `description` from taking an action that `needs` it, or
 * `undefined` when nothing does. The wrong kind (named with the action
 * that can take an element of that kind and accessibility `role`) and
 * read-only are final; hidden and disabled may pass.
 */
export function unmetNeed(
  description: ElementDescription,
  needs: Needs,
  role = "",
): Unready | undefined {
  if (needs.kinds !== undefined && !needs.kinds.includes(description.kind)) {
    const use = actionFor(description.kind, role);
    return {
      code: "TARGET_NOT_INTERACTABLE",
      reason: "wrongKind",
      final: true,
      ...(use === undefined ? {} : { use }),
    };
  }
  if (needs.editable === true && description.readOnly) {
    return { code: "TARGET_NOT_INTERACTABLE", reason: "readonly", final: true };
  }
  if (!description.visible) return { code: "TARGET_NOT_INTERACTABLE", reason: "hidden" };
  if (description.disabled && needs.allowDisabled !== true) {
    return { code: "TARGET_NOT_INTERACTABLE", reason: "disabled" };
  }
  return undefined;
}

/**
 * One look at the target: connected (else `STALE_TARGET`), its identity
 * kept (else `STALE_TARGET`), not ignored by the accessibility tree, and
 * meeting `needs`. With `identity: false` the accessibility tree is not
 * asked again (the aim's second look, a frame after the first); with the
 * element's `objectId` from an earlier look, the look goes out at once.
 */
export async function probeTarget(
  context: StepContext,
  target: ActTarget,
  needs: Needs,
  options: { identity?: boolean; objectId?: string } = {},
): Promise<Probe<PreparedTarget>> {
  // Both only read, so they go out together (each is a round trip to the page); the answers
  // are taken in order. Connected first: a removed node is stale, not merely ignored.
  const identity = options.identity === false
    ? undefined
    : checkIdentity(context.cdp, target, context.signal);
  identity?.catch(() => {});
  const { objectId, description } = await describe(
    context.objects,
    target.backendNodeId,
    context.signal,
    options.objectId,
  );
  const unmet = unmetNeed(description, needs, target.role);
  if (unmet?.final === true) return unready(unmet);
  if (identity !== undefined) {
    try {
      await identity;
    } catch (error) {
      if (!isLeashError(error, "TARGET_NOT_INTERACTABLE")) throw error;
      return unready({ code: "TARGET_NOT_INTERACTABLE", reason: "hidden" });
    }
  }
  if (unmet !== undefined) return unready(unmet);
  return ready({ backendNodeId: target.backendNodeId, objectId, description, target, needs });
}

/**
 * Wait until the element is connected, keeps its identity and meets
 * `needs` (see {@linkcode probeTarget}), up to the action's deadline; then
 * `TARGET_NOT_INTERACTABLE` with the condition that failed. Sends nothing.
 */
export async function prepareTarget(
  context: StepContext,
  target: ActTarget,
  needs: Needs = {},
): Promise<PreparedTarget> {
  return await untilActionable(context.patience, () => probeTarget(context, target, needs));
}
