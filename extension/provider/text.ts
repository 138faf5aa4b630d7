/**
 * Bounded page text. A cut is marked in the text itself with an ellipsis and
 * never splits a surrogate pair.
 *
 * @module
 */

/** The mark a shortened text ends with. */
export const ellipsis = "…";

/**
 * `text` shortened to at most `maxUnits` UTF-16 units, ellipsis included,
 * and whether it was cut.
 */
export function boundText(text: string, maxUnits: number): { text: string; cut: boolean } {
  if (text.length <= maxUnits) return { text, cut: false };
  let end = Math.max(0, maxUnits - ellipsis.length);
  const last = text.charCodeAt(end - 1);
  // Do not leave a high surrogate without its partner.
  if (end > 0 && last >= 0xd800 && last <= 0xdbff) end--;
  return { text: text.slice(0, end) + ellipsis, cut: true };
}
