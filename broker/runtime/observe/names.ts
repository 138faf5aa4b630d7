/**
 * How the prune compares the names and texts of rows: white space
 * collapsed, and a label's text without the required marker a form puts
 * after it.
 *
 * @module
 */

/** Trimmed, with runs of whitespace as one space: how names are compared for echoes. */
export function normalize(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/**
 * The label `text` reads as: without the required marker a form puts after
 * a field's label (`Title*`), which the field's own name leaves out.
 */
export function labelText(text: string): string {
  return normalize(text).replace(/\s*\*$/, "");
}
