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
