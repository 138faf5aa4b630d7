/**
 * Making sure the element an action aims at is still the one the caller
 * observed, and that it can take the action: same accessibility role and
 * name, connected, visible, enabled and of the right kind. All of this only
 * reads the page.
 *
 * @module
 */
import { z } from "zod";
import { LeashError } from "../../../contracts/errors.ts";
import { ellipsis, flatName } from "../../../contracts/text.ts";
import { call, type Cdp, PartialAxTreeAnswer } from "./cdp.ts";
import { refusalAs } from "./faults.ts";
import type { PageObjects } from "./page_objects.ts";
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
  disabled: z.boolean(),
  readOnly: z.boolean(),
  checked: CheckedSchema,
  focused: z.boolean(),
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
}

/**
 * Check that the node still has the observed role and name (white space
 * collapsed; a name the provider shortened with "…" matches by prefix).
 * A changed identity is `STALE_TARGET`; a node the accessibility tree now
 * ignores (hidden, inert, aria-hidden) is `TARGET_NOT_INTERACTABLE`, except
 * one it ignores only as uninteresting, which is a plain `generic` (how an
 * observation shows a clickable wrapper).
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
  // click or drag signals; ignored for any other reason, it is hidden, inert or not rendered.
  const plain = node.ignored && (node.ignoredReasons ?? []).length > 0 &&
    (node.ignoredReasons ?? []).every((reason) => reason.name === "uninteresting");
  if (node.ignored && !plain) {
    throw new LeashError("TARGET_NOT_INTERACTABLE", {
      cause: new Error("the accessibility tree ignores the element"),
    });
  }
  const role = plain ? "generic" : typeof node.role?.value === "string" ? node.role.value : "";
  const name = typeof node.name?.value === "string" ? node.name.value : "";
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
): Promise<{ objectId: string; description: ElementDescription }> {
  return await refusalAs("STALE_TARGET", async () => {
    const objectId = await objects.resolve(backendNodeId);
    const description = await objects.run("describeElement", objectId, [], DescribeAnswer);
    if (!description.connected) {
      throw new LeashError("STALE_TARGET", { cause: new Error("the element left the document") });
    }
    return { objectId, description };
  }, signal);
}

/**
 * Check that the element is connected and keeps its identity, then that it
 * is visible, enabled (unless
 * `allowDisabled`) and, when `kinds` is given, one of `kinds`; `editable`
 * also refuses read-only fields. Anything else is `TARGET_NOT_INTERACTABLE`.
 */
export async function prepareTarget(
  cdp: Cdp,
  objects: PageObjects,
  target: ActTarget,
  options: {
    kinds?: readonly ElementKind[];
    /** Refuse read-only fields. */
    editable?: boolean;
    /** Accept a disabled element (only looking at it, e.g. scrolling to it). */
    allowDisabled?: boolean;
    signal?: AbortSignal;
  } = {},
): Promise<PreparedTarget> {
  // Connected first: a removed node is stale, not merely ignored by the accessibility tree.
  const { objectId, description } = await describe(objects, target.backendNodeId, options.signal);
  await checkIdentity(cdp, target, options.signal);
  const why = !description.visible
    ? "the element is hidden"
    : description.disabled && options.allowDisabled !== true
    ? "the element is disabled"
    : options.kinds !== undefined && !options.kinds.includes(description.kind)
    ? `the element is ${description.kind}, not ${options.kinds.join(" or ")}`
    : options.editable === true && description.readOnly
    ? "the element is read-only"
    : undefined;
  if (why !== undefined) throw new LeashError("TARGET_NOT_INTERACTABLE", { cause: new Error(why) });
  return { backendNodeId: target.backendNodeId, objectId, description };
}
