/**
 * The row tree every observation is cut from: accessibility nodes after
 * pruning, in document order, each pointing at its nearest kept ancestor.
 *
 * @module
 */
import type { ElementState } from "../../../contracts/methods/mod.ts";

/** The deepest level a row reports (the wire schema's bound). */
export const maxLevel = 1024;

/**
 * The texts a row may carry besides its name, in the order its line shows
 * them: each is copied, compared and printed alike (`icon="…"`).
 */
export const rowTexts = ["icon", "value", "active", "error"] as const;

/** A row's texts besides its name (see {@linkcode rowTexts}). */
export type RowTexts = { [K in (typeof rowTexts)[number]]?: string };

/** Put each text of `from` that is there on `to`. */
export function copyRowTexts(from: RowTexts, to: RowTexts): void {
  for (const key of rowTexts) {
    const text = from[key];
    if (text !== undefined) to[key] = text;
  }
}

/** One kept node. `parent` indexes the same array and is always smaller than the row's own index. */
export interface TreeRow {
  backendNodeId: number;
  role: string;
  name: string;
  value?: string;
  /** For a control without a name, the icon it shows. */
  icon?: string;
  /** The name of the item it points its keyboard focus at (`aria-activedescendant`). */
  active?: string;
  /** The message of the browser's form-validation bubble, on the field it is up for. */
  error?: string;
  /**
   * The accessible name, when the row shows another: a nameless clickable
   * wrapper around one text is shown named by that text. A ref keeps this
   * one, which the page still reports for the element.
   */
  axName?: string;
  /**
   * The accessibility tree's role, when the row shows the widget role the
   * page declared and the tree dropped; a ref keeps this one.
   */
  axRole?: string;
  /** Deduplicated, in the vocabulary's order. */
  states: ElementState[];
  /** Indentation depth: 0 for a row with no kept ancestor. */
  level: number;
  parent: number | null;
  /**
   * An option of a native `<select>`'s popup: the browser draws that popup
   * itself, so no click lands on it; the select action picks it by name.
   */
  nativeOption?: true;
}

/**
 * The rows for which `keep[i]` is true, with parents re-pointed at the
 * nearest kept ancestor and levels recounted. A row whose ancestors are all
 * gone keeps its old level minus the smallest such level, so rows that had
 * no parent to begin with (a bounded or windowed read) keep their relative
 * indentation.
 */
export function keepRows(rows: readonly TreeRow[], keep: readonly boolean[]): TreeRow[] {
  // The original index of each row's nearest kept ancestor.
  const keptAncestor: (number | null)[] = new Array(rows.length).fill(null);
  let baseLevel = Infinity;
  for (let i = 0; i < rows.length; i++) {
    const parent = rows[i].parent;
    const ancestor = parent === null ? null : (keep[parent] ? parent : keptAncestor[parent]);
    keptAncestor[i] = ancestor;
    if (keep[i] && ancestor === null) baseLevel = Math.min(baseLevel, rows[i].level);
  }
  const newIndex: number[] = new Array(rows.length).fill(-1);
  const out: TreeRow[] = [];
  for (let i = 0; i < rows.length; i++) {
    if (!keep[i]) continue;
    const ancestor = keptAncestor[i];
    const parent = ancestor === null ? null : newIndex[ancestor];
    const level = parent === null ? rows[i].level - baseLevel : out[parent].level + 1;
    newIndex[i] = out.length;
    out.push({ ...rows[i], parent, level: Math.min(level, maxLevel) });
  }
  return out;
}
