/**
 * Which nodes the accessibility tree ignores that an observation still
 * shows for what the page's rendering says of them: a wrapper ignored only
 * for saying nothing (a clickable `generic`), and an icon ignored for its
 * own `aria-hidden` (a button the page clicks on). Any other reason (hidden,
 * inert, not rendered, inside an `aria-hidden` subtree) keeps a node out.
 * The provider's rows and the target check before an action both read the
 * reasons through here, so a ref shown for an ignored node is one the check
 * takes.
 *
 * @module
 */

/** A node as DevTools sends it, as far as why it is ignored. */
export interface IgnorableNode {
  ignored: boolean;
  ignoredReasons?: readonly { name: string }[];
}

/** Whether `node` is ignored, for at least one reason, each of them in `allowed`. */
function ignoredOnlyFor(node: IgnorableNode, allowed: ReadonlySet<string>): boolean {
  const reasons = node.ignoredReasons ?? [];
  return node.ignored && reasons.length > 0 && reasons.every(({ name }) => allowed.has(name));
}

const uninteresting: ReadonlySet<string> = new Set(["uninteresting"]);
const ownAriaHidden: ReadonlySet<string> = new Set(["ariaHiddenElement", "uninteresting"]);

/**
 * Whether the tree ignores `node` only for saying nothing (a plain wrapper),
 * not for being hidden, inert or not rendered.
 */
export function ignoredAsUninteresting(node: IgnorableNode): boolean {
  return ignoredOnlyFor(node, uninteresting);
}

/**
 * Whether the tree ignores `node` for its own `aria-hidden` (and maybe for
 * saying nothing), not for an ancestor's or for being hidden otherwise.
 */
export function ignoredAsAriaHidden(node: IgnorableNode): boolean {
  return ignoredOnlyFor(node, ownAriaHidden) &&
    (node.ignoredReasons ?? []).some(({ name }) => name === "ariaHiddenElement");
}
