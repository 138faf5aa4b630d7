/**
 * Texts a page split with plain inline elements, told one run by their
 * layout. Chromium leaves a plain `<span>` out of its accessibility tree
 * and lists the texts around and inside it as siblings: a suggestion list
 * that marks the typed letters (`<span>M</span><span>a</span>rta Nowak`,
 * Tribute's and most fuzzy finders') reads as four texts, `M`, `a`, `r`,
 * `ta Nowak`, where a person reads "Marta Nowak". Siblings in the tree do
 * not prove one run, though: two items of a flex row (a name and a price)
 * are siblings as well, each a box of its own. So the run is read from the
 * snapshot's layout: texts of one block (their nearest ancestor element
 * laid out other than `inline`), in document order, each starting on the
 * same line where the one before it ends. A badge's margin, an
 * inline-block between, a line break or a new line ends a run.
 *
 * @module
 */

/** What {@linkcode textRuns} reads of a snapshot's top-level document. */
export interface RunInput {
  /** Each node's parent index (-1 for none), in document order. */
  parents: readonly number[];
  /** Whether node `i` is a text node. */
  isText: (i: number) => boolean;
  /** Node `i`'s backend node ID. */
  backendNodeId: (i: number) => number;
  /** Node `i`'s layout box index, -1 when it has none. */
  boxOf: ArrayLike<number>;
  /** A box's computed `display`. */
  display: (box: number) => string;
  /** A box's bounds: x, y, width, height. */
  bounds: (box: number) => readonly number[];
}

/** How far apart, in CSS pixels, two texts of one run may start and end: subpixel layout. */
const touchPx = 1;

/** Displays that make no box of their own in the flow of text. */
const flowing: ReadonlySet<string> = new Set(["inline", "contents"]);

/**
 * The runs of two or more texts (see the module doc): each such text's
 * backend node ID to its run's first text's.
 */
export function textRuns(input: RunInput): Map<number, number> {
  const { parents, boxOf } = input;
  const runs = new Map<number, number>();
  // The block each element's content flows in: itself, or an inline element's block.
  const blockOf = new Int32Array(parents.length).fill(-1);
  const last = new Map<number, { id: number; head: number; right: number; top: number }>();
  for (let i = 0; i < parents.length; i++) {
    const parent = parents[i];
    const box = boxOf[i];
    if (!input.isText(i)) {
      const inFlow = box < 0 || flowing.has(input.display(box));
      blockOf[i] = inFlow && parent >= 0 ? blockOf[parent] : i;
      // A box of its own in its parent's flow (an inline-block badge, an image) ends that run.
      if (!inFlow && parent >= 0 && blockOf[parent] >= 0) last.delete(blockOf[parent]);
      continue;
    }
    if (box < 0 || parent < 0 || blockOf[parent] < 0) continue;
    const block = blockOf[parent];
    const [x, y, width] = input.bounds(box);
    const id = input.backendNodeId(i);
    const before = last.get(block);
    let head = id;
    if (
      before !== undefined && Math.abs(before.top - y) <= touchPx &&
      Math.abs(x - before.right) <= touchPx
    ) {
      head = before.head;
      runs.set(before.id, head);
      runs.set(id, head);
    }
    last.set(block, { id, head, right: x + width, top: y });
  }
  return runs;
}
