/**
 * What an icon shows, read from how icon sets mark their icons, for a
 * control whose only content is an icon and that the page left without a
 * name (`<button><i class="fa-solid fa-trash"></i></button>`): the tree
 * has a nameless `button`, a person sees a bin. The icon sets' own marks:
 *
 * - a class `<set>-<name>` of a known icon font or set: Font Awesome
 *   (`fa-trash`, its style and size classes aside), Bootstrap Icons
 *   (`bi-download`), Lucide (`lucide-copy`), Material Design Icons
 *   (`mdi-delete`), Glyphicons, Tabler (`ti-`), Remix (`ri-`), Boxicons
 *   (`bx-`, `bxs-`, `bxl-`), Octicons, Line Awesome (`la-`), PrimeIcons
 *   (`pi-`), Ionicons (`ion-`), Feather (`feather-`), Codicons and the
 *   common `icon-<name>`;
 * - `data-icon` (Font Awesome's SVGs, Iconify);
 * - a `data-testid` that ends in `Icon` (MUI's icons: `DeleteIcon`);
 * - the fragment of an SVG `<use>`'s `href` (a sprite: `#icon-share`).
 *
 * Where no icon set names anything in it, the control's own class may say
 * what it does ({@linkcode classWord}): widget libraries draw a calendar's
 * month arrows, a select's caret or a dialog's overlay as nameless elements
 * whose class is all that tells them apart (`flatpickr-prev-month`,
 * `el-select__caret`, `MuiBackdrop-root`).
 *
 * The name is page text: it is bounded to a short word of letters, digits,
 * `-` and `_`, and shown quoted like every name.
 *
 * @module
 */

/** The longest icon name kept, in characters. */
export const iconNameLength = 40;

const classPrefixes =
  /^(?:fa|bi|lucide|mdi|glyphicon|ti|ri|bx|bxs|bxl|octicon|la|pi|ion|feather|codicon|icon)-([a-z0-9][a-z0-9_-]*)$/i;

/**
 * Font Awesome's (and its kin's) classes that say how an icon looks, not
 * what it is: styles, families, sizes, animations, transforms, lists and
 * stacks.
 */
const styleClasses =
  /^(?:solid|regular|light|thin|duotone|brands|sharp|sharp-solid|classic|kit|fw|lg|xs|sm|xl|2xs|2xl|[1-9]|10)x?$|^(?:spin|spin-pulse|spin-reverse|pulse|beat|beat-fade|bounce|fade|flip|shake|border|inverse|li|ul|stack|stack-1x|stack-2x|pull-left|pull-right|rotate-\d+|rotate-by|flip-horizontal|flip-vertical|flip-both|swap-opacity|layers|layers-text|layers-counter)$/;

const fragment = /#([A-Za-z0-9_-]+)$/;

/** `name` as a short word, or undefined when nothing of it is left. */
function bounded(name: string): string | undefined {
  const word = name.replace(/^icons?[-_]/i, "").replace(/[^A-Za-z0-9_-]/g, "").slice(
    0,
    iconNameLength,
  );
  return word === "" ? undefined : word;
}

/**
 * The icon an element marks itself as, by `attribute` (its attributes by
 * name) and `tag` (its node name), or undefined.
 */
export function iconName(
  tag: string,
  attribute: (name: string) => string | undefined,
): string | undefined {
  const dataIcon = attribute("data-icon");
  if (dataIcon !== undefined && dataIcon.trim() !== "") return bounded(dataIcon.trim());
  const testId = attribute("data-testid")?.trim() ?? "";
  if (/^[A-Z][A-Za-z0-9]*Icon$/.test(testId)) return bounded(testId.slice(0, -"Icon".length));
  if (tag.toLowerCase() === "use") {
    const href = attribute("href") ?? attribute("xlink:href") ?? "";
    const found = fragment.exec(href.trim())?.[1];
    if (found !== undefined) return bounded(found);
  }
  for (const token of (attribute("class") ?? "").split(/\s+/)) {
    const name = classPrefixes.exec(token)?.[1];
    if (name !== undefined && !styleClasses.test(name)) return bounded(name);
  }
  return undefined;
}

/**
 * Words widget libraries name a nameless control's part by in its class: what
 * it does (`close`, `clear`, `prev`), or what it is (`caret`, `overlay`). A
 * direction alone (`float-right`, `text-left`) lays out; it names nothing.
 */
const controlWords = new Set([
  "add",
  "arrow",
  "back",
  "backdrop",
  "calendar",
  "cancel",
  "caret",
  "chevron",
  "clear",
  "close",
  "collapse",
  "copy",
  "decrement",
  "delete",
  "dismiss",
  "download",
  "drag",
  "edit",
  "expand",
  "filter",
  "forward",
  "increment",
  "menu",
  "minus",
  "more",
  "next",
  "overlay",
  "pause",
  "play",
  "plus",
  "prev",
  "previous",
  "remove",
  "search",
  "settings",
  "share",
  "sort",
  "today",
  "toggle",
  "toggler",
  "upload",
]);

/** Words of a class that say where or what kind of part it is, not what it does. */
const partWords = new Set([
  "btn",
  "button",
  "container",
  "el",
  "icon",
  "indicator",
  "inner",
  "outer",
  "root",
  "trigger",
  "wrap",
  "wrapper",
]);

/**
 * What a control's own `className` says it does (see the module doc): in
 * the first class holding one of {@linkcode controlWords}, that word and
 * the words after it that are not {@linkcode partWords}, joined by `-`
 * (`flatpickr-next-month` names `next-month`, `MuiBackdrop-root`
 * `backdrop`, `d-arrow-left` `arrow-left`); undefined when no class holds
 * one.
 */
export function classWord(className: string): string | undefined {
  for (const token of className.split(/\s+/)) {
    // BEM's `__` and `--`, kebab and camel case alike.
    const words = token.replace(/([a-z0-9])([A-Z])/g, "$1-$2").toLowerCase().split(/[-_]+/);
    const at = words.findIndex((word) => controlWords.has(word));
    if (at < 0) continue;
    const named = words.slice(at).filter((word, k) => k === 0 || !partWords.has(word));
    return bounded(named.join("-"));
  }
  return undefined;
}
