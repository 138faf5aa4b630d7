/**
 * Texts that inline formatting split, put back together. Chromium gives a
 * sentence with a word in bold as three texts ("Click ", "Save" inside
 * `strong`, " to continue"), and a search result's matched part in `<em>`
 * as "Rep" and "orting". Outside an editor formatting says only how text
 * looks, so the observation shows such a run as the one text a person
 * reads: the first text of the run takes the whole run's text, joined as
 * the page's own white space has it, and the others, with formatting left
 * holding nothing, are no rows. Only texts of one parent are joined, with
 * the formatting directly in it: once wrappers are flattened away, texts
 * of separate blocks (a file's size and its name, each in its own `div`)
 * would be siblings that only the raw tree can tell apart, and the spaces
 * between words that only the raw names still hold. Texts split by plain
 * inline elements, which the tree leaves out (a suggestion's typed letters
 * each in a `<span>`), are joined where the layout says they are one run
 * (`textRuns`, from the signals' snapshot, `text_runs.ts`): siblings alone
 * may be two boxes of a flex row.
 *
 * @module
 */
import { axNodeName, formattingRoles } from "../../contracts/ax_name.ts";
import { flatName } from "../../contracts/text.ts";
import type { RawAxNode } from "./ax_projection.ts";

/** What joining changes: nodes that now carry a whole run's text, and nodes left out. */
export interface InlineRuns {
  /** A run's first text, named with the whole run's text, by node ID. */
  renamed: Map<string, RawAxNode>;
  /** The run's other texts, and formatting whose texts all went to another: not shown. */
  absorbed: Set<string>;
}

/** A text of a run, and the formatting element it is in, if any. */
interface Piece {
  text: RawAxNode;
  formatting: RawAxNode | undefined;
}

/**
 * Join the texts formatting split in `raw` (see the module doc); `editable`
 * tells a node of a field a person types into, where nothing is joined.
 */
export function joinInlineRuns(
  raw: readonly RawAxNode[],
  byId: ReadonlyMap<string, RawAxNode>,
  editable: (node: RawAxNode) => boolean,
  textRuns?: ReadonlyMap<number, number>,
): InlineRuns {
  const runs: InlineRuns = { renamed: new Map(), absorbed: new Set() };
  const runOf = (node: RawAxNode) =>
    node.backendDOMNodeId === undefined ? undefined : textRuns?.get(node.backendDOMNodeId);
  const close = (run: readonly Piece[]) => closeRun(run, runs, runOf);
  const split = (id: string) => {
    const child = byId.get(id);
    return formattingRoles.has(roleOf(child)) ||
      (child !== undefined && roleOf(child) === "StaticText" && runOf(child) !== undefined);
  };
  for (const block of raw) {
    const children = block.childIds ?? [];
    // A parent with a formatting child, or texts of one laid-out run, is rare: most nodes cost
    // one look at their children.
    if (children.length < 2 || editable(block)) continue;
    if (!children.some(split)) continue;
    let run: Piece[] = [];
    for (const id of children) {
      const child = byId.get(id);
      const role = roleOf(child);
      if (child === undefined) {
        close(run);
        run = [];
      } else if (role === "StaticText") {
        if (!child.ignored) run.push({ text: child, formatting: undefined });
      } else if (formattingRoles.has(role) && !editable(child)) {
        const texts = textsOf(child, byId);
        if (texts === undefined) {
          close(run);
          run = [];
        } else run.push(...texts.map((text) => ({ text, formatting: child })));
      } else if (!id.startsWith("-")) {
        // An inline text box is the text's own; anything else (a link, a control, a block) ends it.
        close(run);
        run = [];
      }
    }
    close(run);
  }
  return runs;
}

/**
 * Join `run` when formatting split it into several texts; a run of plain
 * texts, in each part the layout tells one run (`runOf`, the first text's).
 */
function closeRun(
  run: readonly Piece[],
  runs: InlineRuns,
  runOf: (text: RawAxNode) => number | undefined,
): void {
  if (run.length < 2) return;
  if (run.some((piece) => piece.formatting !== undefined)) return join(run, runs);
  let from = 0;
  for (let at = 1; at <= run.length; at++) {
    const head = runOf(run[from].text);
    if (at < run.length && head !== undefined && runOf(run[at].text) === head) continue;
    if (at - from >= 2) join(run.slice(from, at), runs);
    from = at;
  }
}

/** Give `run`'s first text the whole run's text; the others are no rows. */
function join(run: readonly Piece[], runs: InlineRuns): void {
  const [head, ...rest] = run;
  const text = flatName(run.map((piece) => axNodeName(piece.text)).join(""));
  runs.renamed.set(head.text.nodeId, {
    ...head.text,
    name: { type: "computedString", value: text },
  });
  for (const piece of rest) {
    runs.absorbed.add(piece.text.nodeId);
    if (piece.formatting !== undefined && piece.formatting !== head.formatting) {
      runs.absorbed.add(piece.formatting.nodeId);
    }
  }
}

/**
 * The texts of a formatting element, in order, when it holds nothing else
 * (nested formatting aside); `undefined` when it holds more, or when a
 * part of it was not read.
 */
function textsOf(
  formatting: RawAxNode,
  byId: ReadonlyMap<string, RawAxNode>,
): RawAxNode[] | undefined {
  const texts: RawAxNode[] = [];
  for (const id of formatting.childIds ?? []) {
    if (id.startsWith("-")) continue;
    const child = byId.get(id);
    const role = roleOf(child);
    if (child === undefined) return undefined;
    if (role === "StaticText") {
      if (!child.ignored) texts.push(child);
    } else if (formattingRoles.has(role)) {
      const inner = textsOf(child, byId);
      if (inner === undefined) return undefined;
      texts.push(...inner);
    } else return undefined;
  }
  return texts;
}

function roleOf(node: RawAxNode | undefined): string {
  const role = node?.role?.value;
  return typeof role === "string" ? role : "";
}
